import { describe, expect, it } from 'vitest';
import type { DirEntry, Sandbox } from '../../../src/sandbox/port';
import { listFilesTool } from '../../../src/tools/list-files';
import { outlineTool } from '../../../src/tools/outline';
import { searchCodebaseTool } from '../../../src/tools/search-codebase';
import type { ToolResult } from '../../../src/tools/tool';
import { type Harness, harness } from './helpers';

import './grammars';

/**
 * A tree without end: every directory holds three more and a small source file. Every call
 * answers at once, so a walk that never gives the event loop a turn cannot be stopped.
 */
function endless(real: Sandbox): Sandbox {
  const tree: Sandbox = Object.create(real) as Sandbox;
  const isFile = (path: string) => path.endsWith('.ts');
  tree.listDir = async (): Promise<DirEntry[]> => [
    { name: 'a', type: 'dir' },
    { name: 'b', type: 'dir' },
    { name: 'c', type: 'dir' },
    { name: 'f.ts', type: 'file', size: 30 },
  ];
  tree.stat = async (path) => (path.endsWith('.gitignore') ? null : isFile(path) ? { type: 'file', size: 30 } : { type: 'dir', size: 0 });
  tree.readFile = async () => 'export function x(): void {}\n';
  return tree;
}

async function abortedAfter(h: Harness, ms: number, run: () => Promise<ToolResult>): Promise<{ result: ToolResult; elapsed: number }> {
  const started = Date.now();
  setTimeout(() => h.controller.abort(), ms);
  const result = await run();
  return { result, elapsed: Date.now() - started };
}

describe('walking tools stop when asked', () => {
  it('search_codebase returns soon after Stop on a tree without end', async () => {
    const h = harness({}, endless);
    const { result, elapsed } = await abortedAfter(h, 100, () => searchCodebaseTool.run({ pattern: 'function' }, h.ctx));
    expect(result).toEqual({ ok: false, errorKind: 'cancelled', output: 'The search was cancelled.' });
    expect(elapsed).toBeLessThan(10_000);
  });

  it('list_files with a glob returns soon after Stop', async () => {
    const h = harness({}, endless);
    const { result, elapsed } = await abortedAfter(h, 100, () => listFilesTool.run({ glob: '*.py' }, h.ctx));
    expect(result).toEqual({ ok: false, errorKind: 'cancelled', output: 'The listing was cancelled.' });
    expect(elapsed).toBeLessThan(10_000);
  });

  it('outline of a directory returns soon after Stop', async () => {
    const h = harness({}, endless);
    const { result, elapsed } = await abortedAfter(h, 100, () => outlineTool.run({ path: '.', max_lines: 2_000 }, h.ctx));
    expect(result).toEqual({ ok: false, errorKind: 'cancelled', output: 'The outline was cancelled.' });
    expect(elapsed).toBeLessThan(10_000);
  });
});

describe('walking tools and very deep trees', () => {
  const deepFile = `${'d/'.repeat(2_000)}deep.ts`;

  it('search_codebase stops at depth 64 and says where', async () => {
    const h = harness({ 'top.ts': 'export const needle = 1;\n', [deepFile]: 'export const needle = 2;\n' });
    const result = await searchCodebaseTool.run({ pattern: 'needle' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toContain('1 match in 1 file');
    expect(result.output).toMatch(/stopped at depth 64 in d\/d\/d\/.*d\/d; deeper files were not searched/);
  });

  it('outline stops at depth 64 and says where', async () => {
    const h = harness({ 'top.ts': 'export const needle = 1;\n', [deepFile]: 'export function deep(): void {}\n' });
    const result = await outlineTool.run({ path: '.' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).not.toContain('deep.ts');
    expect(result.output).toMatch(/stopped at depth 64 in d\/d\/d\/.*; deeper files were not outlined/);
  });
});
