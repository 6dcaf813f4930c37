import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { initialState, reduceAll, revealLines, selectFile, shownOutline, showOutline } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const GEOMETRY = 'export class Rectangle {\n  area() {\n    return 1;\n  }\n}\n';

const outlineOf = (path: string, names: string[]): EventPayload => ({
  type: 'file_outline',
  path,
  symbols: names.map((name, i) => ({ name, qualifiedName: name, kind: 'function', startLine: i * 3 + 1, endLine: i * 3 + 3, depth: 0 })),
});

const geometryOutline: EventPayload = {
  type: 'file_outline',
  path: 'src/geometry.ts',
  symbols: [
    { name: 'Rectangle', qualifiedName: 'Rectangle', kind: 'class', startLine: 1, endLine: 5, depth: 0 },
    { name: 'area', qualifiedName: 'Rectangle.area', kind: 'method', startLine: 2, endLine: 4, depth: 1 },
  ],
};

describe('file_read with a symbol or a range', () => {
  it('opens the file with the slice to reveal, naming the symbol', () => {
    const state = reduceAll(
      initialState,
      eventLog('r', [
        runStarted('t'),
        { type: 'file_read', path: 'src/geometry.ts', content: GEOMETRY, truncated: false, startLine: 2, endLine: 4, symbol: 'Rectangle.area' },
      ]),
    );
    expect(state.activeFile).toBe('src/geometry.ts');
    expect(state.files['src/geometry.ts']).toMatchObject({ content: GEOMETRY, origin: 'read', reveal: { startLine: 2, endLine: 4, symbol: 'Rectangle.area' } });
  });

  it('reveals a plain range without a symbol, and a whole-file read reveals nothing', () => {
    const ranged = reduceAll(
      initialState,
      eventLog('r', [runStarted('t'), { type: 'file_read', path: 'a.txt', content: 'x\ny\nz\n', truncated: false, startLine: 2, endLine: 3 }]),
    );
    expect(ranged.files['a.txt']?.reveal).toEqual({ startLine: 2, endLine: 3, symbol: null });
    const whole = reduceAll(ranged, eventLog('r', [{ type: 'file_read', path: 'a.txt', content: 'x\ny\nz\n', truncated: false }], 2));
    expect(whole.files['a.txt']?.reveal).toBeNull();
  });

  it('keeps an edited file as a diff when its symbol is read again, with the new slice', () => {
    const edited = GEOMETRY.replace('return 1', 'return 2');
    const state = reduceAll(
      initialState,
      eventLog('r', [
        runStarted('t'),
        { type: 'file_changed', path: 'src/geometry.ts', change: 'created', before: null, after: GEOMETRY, diff: '' },
        { type: 'file_changed', path: 'src/geometry.ts', change: 'edited', before: GEOMETRY, after: edited, diff: '' },
        { type: 'file_read', path: 'src/geometry.ts', content: edited, truncated: false, startLine: 2, endLine: 4, symbol: 'Rectangle.area' },
      ]),
    );
    expect(state.files['src/geometry.ts']).toMatchObject({ origin: 'edited', before: GEOMETRY, content: edited, reveal: { startLine: 2, endLine: 4 } });
  });
});

describe('file_outline', () => {
  it('stores the outline and shows it, without opening the file', () => {
    const state = reduceAll(initialState, eventLog('r', [runStarted('t'), geometryOutline]));
    expect(state.outlines['src/geometry.ts']?.symbols.map((s) => s.qualifiedName)).toEqual(['Rectangle', 'Rectangle.area']);
    expect(state.outlineOrder).toEqual(['src/geometry.ts']);
    expect(shownOutline(state)?.path).toBe('src/geometry.ts');
    expect(state.fileOrder).toEqual([]);
    expect(state.timeline).toHaveLength(1);
  });

  it('shows the latest outline, keeps the first-seen order, and replaces an outline listed again', () => {
    const state = reduceAll(
      initialState,
      eventLog('r', [runStarted('t'), outlineOf('a.ts', ['one']), outlineOf('b.ts', ['two']), outlineOf('a.ts', ['one', 'uno'])]),
    );
    expect(state.outlineOrder).toEqual(['a.ts', 'b.ts']);
    expect(shownOutline(state)?.symbols.map((s) => s.name)).toEqual(['one', 'uno']);
  });

  it('follows the file the agent or the viewer turns to, when that file has an outline', () => {
    let state = reduceAll(
      initialState,
      eventLog('r', [
        runStarted('t'),
        outlineOf('a.ts', ['one']),
        outlineOf('b.ts', ['two']),
        { type: 'file_read', path: 'a.ts', content: 'function one() {}\n', truncated: false },
      ]),
    );
    expect(shownOutline(state)?.path).toBe('a.ts');
    // A file without an outline leaves the outline where it was.
    state = reduceAll(state, eventLog('r', [{ type: 'file_read', path: 'notes.md', content: '# notes\n', truncated: false }], 4));
    expect(shownOutline(state)?.path).toBe('a.ts');
    state = showOutline(state, 'b.ts');
    expect(shownOutline(state)?.path).toBe('b.ts');
    state = selectFile(state, 'a.ts');
    expect(shownOutline(state)?.path).toBe('a.ts');
    expect(showOutline(state, 'unknown.ts')).toBe(state);
  });

  it('outlives the run, like the files', () => {
    const first = reduceAll(initialState, eventLog('r1', [runStarted('t'), geometryOutline]));
    const second = reduceAll(first, eventLog('r2', [runStarted('again')]));
    expect(shownOutline(second)?.path).toBe('src/geometry.ts');
  });
});

describe('revealing lines picked in the outline', () => {
  const opened = reduceAll(
    initialState,
    eventLog('r', [
      runStarted('t'),
      { type: 'file_read', path: 'src/geometry.ts', content: GEOMETRY, truncated: false },
      { type: 'file_read', path: 'other.ts', content: 'x\n', truncated: false },
      geometryOutline,
    ]),
  );

  it('focuses an open file and sets the lines to highlight, bumping its version', () => {
    const before = opened.files['src/geometry.ts'];
    const state = revealLines(opened, 'src/geometry.ts', { startLine: 2, endLine: 4, symbol: 'Rectangle.area' });
    expect(state.activeFile).toBe('src/geometry.ts');
    expect(state.files['src/geometry.ts']?.reveal).toEqual({ startLine: 2, endLine: 4, symbol: 'Rectangle.area' });
    expect(state.files['src/geometry.ts']?.version).toBe((before?.version ?? 0) + 1);
  });

  it('changes nothing for a file that is not open', () => {
    expect(revealLines(opened, 'src/closed.ts', { startLine: 1, endLine: 2, symbol: null })).toBe(opened);
  });
});
