import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { editFileTool } from '../../../src/tools/edit-file';
import { FileVersions } from '../../../src/tools/file-versions';
import { readFileTool } from '../../../src/tools/read-file';
import { harness } from './helpers';

import './grammars';

const SHAPES = `export class Shape {
  area(): number {
    return 0;
  }
}

export class Circle extends Shape {
  constructor(readonly r: number) {
    super();
  }

  area(): number {
    return Math.PI * this.r * this.r;
  }
}

export namespace Outer {
  export class Inner {
    method(): string {
      return 'inner';
    }
  }
}
`;

const TWICE = `def helper():
    return 1


def helper():
    return 2
`;

function withVersions(files: Record<string, string>) {
  const h = harness(files);
  h.ctx.fileVersions = new FileVersions();
  return h;
}

describe('read_file with symbol', () => {
  it('returns one symbol by qualified name, numbered, under a header with its kind and the file length', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const result = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Circle.area' }, h.ctx);
    expect(result).toEqual({
      ok: true,
      output: [
        'src/shapes.ts — method Circle.area (lines 12–14 of 23)',
        '   12 |   area(): number {',
        '   13 |     return Math.PI * this.r * this.r;',
        '   14 |   }',
      ].join('\n'),
    });
    expect(h.events).toEqual([
      { type: 'file_read', path: 'src/shapes.ts', content: SHAPES, truncated: false, startLine: 12, endLine: 14, symbol: 'Circle.area' },
    ]);
  });

  it('finds nested symbols by their full path and by a unique bare name', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const nested = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Outer.Inner.method' }, h.ctx);
    expect(nested.output.split('\n')[0]).toBe('src/shapes.ts — method Outer.Inner.method (lines 19–21 of 23)');
    const bare = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'method' }, h.ctx);
    expect(bare.output.split('\n')[0]).toBe('src/shapes.ts — method Outer.Inner.method (lines 19–21 of 23)');
    const cls = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Shape' }, h.ctx);
    expect(cls.output.split('\n')[0]).toBe('src/shapes.ts — class Shape (lines 1–5 of 23)');
    expect(cls.output).toContain('    5 | }');
    expect(cls.output).not.toContain('    6 |');
  });

  it('lists the candidates of an ambiguous name with kinds and lines, and reads nothing', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const result = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'area' }, h.ctx);
    expect(result).toEqual({
      ok: false,
      errorKind: 'ambiguous',
      output: [
        '"area" matches 2 symbols in src/shapes.ts:',
        '- method Shape.area (lines 2–4)',
        '- method Circle.area (lines 12–14)',
        'Call read_file again with `symbol` set to one of these qualified names.',
      ].join('\n'),
    });
    expect(h.events).toEqual([]);
  });

  it('tells apart same-named symbols by start_line/end_line', async () => {
    const h = withVersions({ 'tool.py': TWICE });
    const ambiguous = await readFileTool.run({ path: 'tool.py', symbol: 'helper' }, h.ctx);
    expect(ambiguous).toMatchObject({ ok: false, errorKind: 'ambiguous' });
    expect(ambiguous.output).toContain('They share one qualified name');
    const second = await readFileTool.run({ path: 'tool.py', symbol: 'helper', start_line: 5 }, h.ctx);
    expect(second.ok).toBe(true);
    expect(second.output.split('\n')).toEqual(['tool.py — function helper (lines 5–6 of 6)', '    5 | def helper():', '    6 |     return 2']);
  });

  it('names the closest symbols first, then the top-level ones, when nothing matches', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const result = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Circle.aera' }, h.ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'not_found' });
    const lines = result.output.split('\n');
    expect(lines[0]).toBe('No symbol "Circle.aera" in src/shapes.ts.');
    expect(lines[1]).toMatch(/^Closest names: Circle\.area(, |$)/);
    expect(lines.slice(2)).toEqual([
      'Top-level symbols:',
      '- class Shape (lines 1–5)',
      '- class Circle (lines 7–15)',
      '- module Outer (lines 17–23)',
      'Use outline to see every symbol with its members.',
    ]);
    expect(h.events).toEqual([]);
  });

  it('says when a file declares no symbols at all', async () => {
    const h = withVersions({ 'main.ts': 'console.log(1);\n' });
    const result = await readFileTool.run({ path: 'main.ts', symbol: 'main' }, h.ctx);
    expect(result).toEqual({
      ok: false,
      errorKind: 'not_found',
      output: 'No symbol "main" in main.ts: the file declares no symbols. Read it without `symbol`.',
    });
  });

  it('reads the whole file, with a note, for a file type without symbols', async () => {
    const h = withVersions(STARTER_PROJECT);
    const result = await readFileTool.run({ path: 'README.md', symbol: 'greet' }, h.ctx);
    expect(result.ok).toBe(true);
    const total = (STARTER_PROJECT['README.md'] as string).trimEnd().split('\n').length;
    expect(result.output.split('\n')[0]).toBe(`README.md (lines 1–${total} of ${total})`);
    expect(result.output).toContain('Note: Symbols are not available for this file type, so `symbol` was ignored and the whole file is shown.');
    expect(h.events[0]).not.toHaveProperty('symbol');
    // With a range, the range is what is shown.
    const ranged = await readFileTool.run({ path: 'README.md', symbol: 'greet', start_line: 2, end_line: 3 }, h.ctx);
    expect(ranged.output.split('\n')[0]).toBe(`README.md (lines 2–3 of ${total})`);
    expect(ranged.output).toContain('the requested lines are shown');
  });

  it('clips the symbol to start_line/end_line and says so', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const part = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Circle', start_line: 11, end_line: 40 }, h.ctx);
    expect(part.ok).toBe(true);
    expect(part.output.split('\n')[0]).toBe('src/shapes.ts — class Circle (lines 11–15 of 23)');
    expect(part.output).toContain('Note: Showing lines 11–15 of Circle, which spans lines 7–15.');
    expect(part.output).not.toContain('   16 |');
    expect(h.events.at(-1)).toMatchObject({ startLine: 11, endLine: 15, symbol: 'Circle' });

    const inside = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Circle', start_line: 7 }, h.ctx);
    expect(inside.output).not.toContain('Note:');

    const outside = await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Circle', start_line: 17, end_line: 20 }, h.ctx);
    expect(outside).toEqual({
      ok: false,
      errorKind: 'invalid_arguments',
      output: 'Invalid range: lines 17–20 lie outside class Circle (lines 7–15). Omit start_line/end_line to read the whole symbol.',
    });
  });

  it('counts as reading the file for read-before-edit', async () => {
    const h = withVersions({ 'src/shapes.ts': SHAPES });
    const edit = { path: 'src/shapes.ts', search: 'return 0;', replace: 'return 1;' };
    expect((await editFileTool.run(edit, h.ctx)).output).toMatch(/^Read src\/shapes\.ts with read_file before editing it/);
    await readFileTool.run({ path: 'src/shapes.ts', symbol: 'Shape.area' }, h.ctx);
    const result = await editFileTool.run(edit, h.ctx);
    expect(result.ok).toBe(true);
  });

  it('rejects an empty symbol through the schema', () => {
    expect(readFileTool.schema.safeParse({ path: 'a.ts', symbol: '  ' }).success).toBe(false);
  });

  it('reads a C++ header with a .h extension as C++, so its class members are symbols', async () => {
    const header = [
      '#pragma once',
      'namespace geo {',
      'class Point {',
      ' public:',
      '  int norm() const {',
      '    return x * x + y * y;',
      '  }',
      '  int x, y;',
      '};',
      '}',
      '',
    ].join('\n');
    const h = withVersions({ 'include/point.h': header });
    const result = await readFileTool.run({ path: 'include/point.h', symbol: 'geo::Point::norm' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[0]).toBe('include/point.h — method geo.Point.norm (lines 5–7 of 10)');
  });
});
