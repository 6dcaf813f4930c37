import { describe, expect, it } from 'vitest';
import { EngineEventSchema } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { DEFAULT_OUTLINE_LINES, MAX_OUTLINE_EVENTS, outlineTool } from '../../../src/tools/outline';
import { harness } from './helpers';

import './grammars';

const SHAPES = `export class Shape {
  area(): number {
    return 0;
  }

  describe(): string {
    return 'shape';
  }
}

export function unit(): Shape {
  return new Shape();
}
`;

/** A TypeScript file with `count` top-level functions, each three lines. */
function functions(count: number, prefix = 'f'): string {
  return Array.from({ length: count }, (_, i) => `export function ${prefix}${i + 1}(): number {\n  return ${i};\n}\n`).join('');
}

describe('outline of a file', () => {
  it('lists the symbols nested, with kinds and line ranges, and emits file_outline', async () => {
    const h = harness({ 'src/shapes.ts': SHAPES });
    const result = await outlineTool.run({ path: 'src/shapes.ts' }, h.ctx);
    expect(result).toEqual({
      ok: true,
      output: [
        'src/shapes.ts — 4 symbols',
        'class Shape (lines 1–9)',
        '  method area (lines 2–4)',
        '  method describe (lines 6–8)',
        'function unit (lines 11–13)',
      ].join('\n'),
    });
    expect(h.events).toEqual([
      {
        type: 'file_outline',
        path: 'src/shapes.ts',
        symbols: [
          { name: 'Shape', qualifiedName: 'Shape', kind: 'class', startLine: 1, endLine: 9, depth: 0 },
          { name: 'area', qualifiedName: 'Shape.area', kind: 'method', startLine: 2, endLine: 4, depth: 1 },
          { name: 'describe', qualifiedName: 'Shape.describe', kind: 'method', startLine: 6, endLine: 8, depth: 1 },
          { name: 'unit', qualifiedName: 'unit', kind: 'function', startLine: 11, endLine: 13, depth: 0 },
        ],
      },
    ]);
    // The event is valid once the session stamps it.
    expect(EngineEventSchema.safeParse({ ...h.events[0], v: 1, seq: 0, ts: 0, runId: 'r' }).success).toBe(true);
  });

  it('keeps to max_lines, saying what was cut', async () => {
    const h = harness({ 'many.ts': functions(40) });
    const result = await outlineTool.run({ path: 'many.ts', max_lines: 10 }, h.ctx);
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('many.ts — 40 symbols');
    expect(lines[1]).toBe('function f1 (lines 1–3)');
    expect(lines.at(-1)).toBe('… outline cut: 32 more symbols not shown');
    // The page still gets every symbol.
    expect(h.events[0]).toMatchObject({ type: 'file_outline', symbols: expect.arrayContaining([expect.objectContaining({ name: 'f40' })]) });
  });

  it('refuses files without a parser, missing files and bad bounds', async () => {
    const h = harness(STARTER_PROJECT);
    const readme = await outlineTool.run({ path: 'README.md' }, h.ctx);
    expect(readme).toEqual({
      ok: false,
      errorKind: 'unsupported',
      output: 'Symbols are not available for this file type (README.md). Use read_file to read it, or search_codebase to find text in it.',
    });
    const missing = await outlineTool.run({ path: 'src/nope.ts' }, h.ctx);
    expect(missing).toMatchObject({ ok: false, errorKind: 'not_found' });
    expect(missing.output).toMatch(/^Not found: src\/nope\.ts/);
    expect(outlineTool.schema.safeParse({ path: '.', max_lines: 3 }).success).toBe(false);
    expect(h.events).toEqual([]);
  });

  it('says when a supported file declares nothing', async () => {
    const h = harness({ 'main.ts': 'console.log(1);\n' });
    const result = await outlineTool.run({ path: 'main.ts' }, h.ctx);
    expect(result).toEqual({ ok: true, output: 'main.ts — no symbols (nothing declared at any level). Use read_file to read it.' });
    expect(h.events).toEqual([{ type: 'file_outline', path: 'main.ts', symbols: [] }]);
  });
});

describe('outline of a directory', () => {
  it('outlines supported files, names the others, and skips dependency and build folders', async () => {
    const h = harness({
      ...STARTER_PROJECT,
      'src/shapes.ts': SHAPES,
      'node_modules/lib/index.js': 'function hidden() {}\n',
      'dist/out.js': 'function built() {}\n',
      'build/gen.py': 'def gen():\n    pass\n',
      '.git/hooks/pre-commit.sh': 'hook() { :; }\n',
    });
    const result = await outlineTool.run({ path: '.' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')).toEqual([
      '. (workspace root) — 5 source files outlined, 2 other files listed by name',
      'src/greet.sh:',
      '  function greet (lines 1–4)',
      'src/shapes.ts:',
      '  class Shape (lines 1–9)',
      '    method area (lines 2–4)',
      '    method describe (lines 6–8)',
      '  function unit (lines 11–13)',
      'tests/assert.sh:',
      '  function assert_eq (lines 1–11)',
      'tests/greet_test.sh (no symbols)',
      'tests/run.sh (no symbols)',
      'README.md',
      'package.json',
    ]);
    expect(result.output).not.toMatch(/hidden|built|gen|hook/);
    expect(h.events.map((e) => (e.type === 'file_outline' ? e.path : e.type))).toEqual([
      'src/greet.sh',
      'src/shapes.ts',
      'tests/assert.sh',
      'tests/greet_test.sh',
      'tests/run.sh',
    ]);
  });

  it('prefixes paths with the directory asked for', async () => {
    const h = harness({ 'src/a/one.py': 'def one():\n    return 1\n', 'src/b.go': 'package b\n\nfunc B() {}\n' });
    const result = await outlineTool.run({ path: 'src' }, h.ctx);
    expect(result.output.split('\n')).toEqual([
      'src/ — 2 source files outlined, 0 other files listed by name',
      'src/a/one.py:',
      '  function one (lines 1–2)',
      'src/b.go:',
      '  function B (lines 3–3)',
    ]);
  });

  it('stays within the default bound, says how many files were left out, and emits at most 20 outlines', async () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 40; i++) files[`src/m${String(i).padStart(2, '0')}.ts`] = functions(6, `m${i}_`);
    const h = harness(files);
    const result = await outlineTool.run({ path: 'src' }, h.ctx);
    const lines = result.output.split('\n');
    expect(lines.length).toBeLessThanOrEqual(DEFAULT_OUTLINE_LINES);
    expect(lines[0]).toBe('src/ — 30 source files outlined, 0 other files listed by name');
    // Each file takes 7 lines (its name and 6 functions): 28 fit in the 198 left by the header and the
    // marker, the next two are named with their symbol count, and 10 are not shown.
    expect(lines.slice(-3)).toEqual([
      'src/m29.ts (6 symbols; outline this file to see them)',
      'src/m30.ts (6 symbols; outline this file to see them)',
      '[… outline cut at 200 lines: 10 more files not shown; outline a subdirectory or a single file, or raise max_lines]',
    ]);
    expect(h.events).toHaveLength(MAX_OUTLINE_EVENTS);
  });

  it('does not let one large file crowd out the rest', async () => {
    const h = harness({ 'a.ts': functions(300), 'b.ts': functions(2, 'b') });
    const result = await outlineTool.run({ path: '.', max_lines: 40 }, h.ctx);
    const lines = result.output.split('\n');
    expect(lines.length).toBeLessThanOrEqual(40);
    expect(lines).toContain('b.ts:');
    expect(lines).toContain('  function b1 (lines 1–3)');
    expect(result.output).toContain('… outline cut: 282 more symbols not shown');
  });
});
