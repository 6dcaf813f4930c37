import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { checkLayers } from '../../scripts/layer-rules.mjs';

const check = checkLayers as (srcRoot: string) => string[];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('layer rules', () => {
  it('passes on the real source tree', () => {
    expect(check(join(__dirname, '../../src'))).toEqual([]);
  });

  it('rejects Node modules and DOM globals in common layers', () => {
    const root = tree({
      'engine/a.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'tools/b.ts': "import path from 'path';\nexport const y = path;\n",
      'model/c.ts': 'export const z = () => window.location.href;\n',
      'sandbox/d.ts': 'export const w = () => process.env.HOME;\n',
    });
    const problems = check(root);
    expect(problems.some((p) => p.includes('engine must not import the Node module "node:fs"'))).toBe(true);
    expect(problems.some((p) => p.includes('tools must not import the Node module "path"'))).toBe(true);
    expect(problems.some((p) => p.includes('model must not use the global "window"'))).toBe(true);
    expect(problems.some((p) => p.includes('sandbox must not use the global "process"'))).toBe(true);
  });

  it('rejects imports across forbidden layers, type-only ones included', () => {
    const root = tree({
      'engine/loop.ts': 'export const loop = 1;\n',
      'engine/types.ts': 'export type E = 1;\n',
      'ui/app.ts': "import { loop } from '../engine/loop';\nexport const a = loop;\n",
      'engine/bad.ts': "import { a } from '../ui/app';\nexport const b = a;\n",
      'tools/t.ts': "import type { E } from '../engine/types';\nexport const t: E = 1;\n",
    });
    const problems = check(root);
    expect(problems.some((p) => p.includes('ui must not import engine/loop'))).toBe(true);
    expect(problems.some((p) => p.includes('engine must not import ui/app'))).toBe(true);
    expect(problems.some((p) => p.includes('tools must not import engine/types'))).toBe(true);
  });

  it('keeps every arrow pointing down: nothing below imports upward, and protocol imports nothing of ours', () => {
    const root = tree({
      'protocol/events.ts': "import { x } from '../shell/x';\nexport const e = x;\n",
      'shell/x.ts': "import { e } from '../protocol/events';\nexport const x = e;\n",
      'sandbox/s.ts': "import { run } from '../engine/engine';\nexport const s = run;\n",
      'model/m.ts': "import { t } from '../tools/t';\nexport const m = t;\n",
      'tools/t.ts': "import { loop } from '../engine/loop';\nexport const t = loop;\n",
      'engine/loop.ts': "import { page } from '../ui/page';\nimport { e } from '../protocol/events';\nexport const loop = [page, e];\n",
      'ui/page.ts': 'export const page = 1;\n',
    });
    const problems = check(root);
    for (const arrow of [
      'protocol must not import shell/x',
      'sandbox must not import engine/engine',
      'model must not import tools/t',
      'tools must not import engine/loop',
      'engine must not import ui/page',
    ]) {
      expect(
        problems.some((p) => p.includes(arrow)),
        arrow,
      ).toBe(true);
    }
    expect(problems.some((p) => p.includes('shell must not import'))).toBe(false);
    expect(problems.some((p) => p.includes('must not import protocol/events'))).toBe(false);
  });

  it('allows a property or a local variable named like a global', () => {
    const root = tree({
      'engine/ok.ts': 'const o = { document: 1 };\nexport const v = o.document;\n',
      'tools/scan.ts': 'export function best(lines: string[]) {\n  const window = lines.slice(0, 2);\n  return window.length;\n}\n',
    });
    expect(check(root)).toEqual([]);
  });

  it('keeps the service worker to itself: no other layer of ours, no DOM globals, no Node modules', () => {
    const root = tree({
      'protocol/events.ts': 'export const e = 1;\n',
      'service-worker/headers.ts': 'export const h = 1;\n',
      'service-worker/sw.ts': "import { h } from './headers';\nimport { e } from '../protocol/events';\nexport const s = [h, e];\n",
      'service-worker/page.ts': "import { join } from 'node:path';\nexport const p = () => [document.title, sessionStorage.length, join];\n",
      'ui/main.ts': "import { h } from '../service-worker/headers';\nexport const m = h;\n",
    });
    const problems = check(root);
    expect(problems.some((p) => p.includes('service-worker must not import protocol/events'))).toBe(true);
    expect(problems.some((p) => p.includes('service-worker must not import service-worker/headers'))).toBe(false);
    expect(problems.some((p) => p.includes('service-worker must not use the global "document"'))).toBe(true);
    expect(problems.some((p) => p.includes('service-worker must not use the global "sessionStorage"'))).toBe(true);
    expect(problems.some((p) => p.includes('service-worker must not import the Node module "node:path"'))).toBe(true);
    expect(problems.some((p) => p.includes('ui must not import service-worker/headers'))).toBe(true);
  });

  it('keeps the workspace layer on protocol alone, and lets store, engine, ui, worker and cli use it', () => {
    const root = tree({
      'protocol/events.ts': 'export const e = 1;\n',
      'tools/t.ts': 'export const t = 1;\n',
      'workspace/zip.ts': "import { e } from '../protocol/events';\nexport const z = e;\n",
      'workspace/bad.ts': "import { t } from '../tools/t';\nimport { readFileSync } from 'node:fs';\nexport const b = [t, readFileSync, document.title];\n",
      'store/s.ts': "import { z } from '../workspace/zip';\nexport const s = z;\n",
      'engine/e.ts': "import { z } from '../workspace/zip';\nexport const x = z;\n",
      'ui/u.ts': "import { z } from '../workspace/zip';\nexport const u = z;\n",
      'worker/w.ts': "import { z } from '../workspace/zip';\nexport const w = z;\n",
      'cli/c.ts': "import { z } from '../workspace/zip';\nexport const c = z;\n",
      'tools/uses.ts': "import { z } from '../workspace/zip';\nexport const u = z;\n",
      'protocol/uses.ts': "import { z } from '../workspace/zip';\nexport const u = z;\n",
    });
    const problems = check(root);
    expect(problems.some((p) => p.includes('workspace must not import tools/t'))).toBe(true);
    expect(problems.some((p) => p.includes('workspace must not import the Node module "node:fs"'))).toBe(true);
    expect(problems.some((p) => p.includes('workspace must not use the global "document"'))).toBe(true);
    expect(problems.some((p) => p.includes('tools must not import workspace/zip'))).toBe(true);
    expect(problems.some((p) => p.includes('protocol must not import workspace/zip'))).toBe(true);
    for (const layer of ['workspace', 'store', 'engine', 'ui', 'worker', 'cli']) {
      expect(
        problems.some((p) => p.includes(`${layer} must not import workspace/zip`) || p.includes(`${layer} must not import protocol/events`)),
        layer,
      ).toBe(false);
    }
  });
});
