import { describe, expect, it } from 'vitest';
import { applyEditCommand } from '../../../src/cli/apply-edit';
import { parseArgs } from '../../../src/cli/args';
import { applyEdits } from '../../../src/tools/edit';
import { text } from './edit-cases';

/** The issue-9 rules hold for several edits at once and for `apply-edit --jsonl`. */

const BOM = '\uFEFF';

const SERVICE = text(
  'export function loadUser(id) {',
  '  const row = db.find(id);',
  '  if (!row) return null;',
  '  return toUser(row);',
  '}',
  '',
  'export function loadOrder(id) {',
  '  const row = db.findOrder(id);',
  '  if (!row) return null;',
  '  return toOrder(row);',
  '}',
);

describe('applyEdits: misremembered lines, all or nothing', () => {
  it('applies two fuzzy edits with misremembered context lines, keeping the file text of both', () => {
    const outcome = applyEdits(SERVICE, [
      {
        search: 'export function loadUsr(id) {\n  const row = db.find(id);\n  if (!row) return null;\n',
        replace: 'export function loadUsr(id) {\n  const row = db.find(id);\n  if (!row) throw new Error("no user");\n',
      },
      {
        search: '  const row = db.findOrdr(id);\n  if (!row) return null;\n  return toOrder(row);\n',
        replace: '  const row = db.findOrdr(id);\n  if (!row) return undefined;\n  return toOrder(row);\n',
      },
    ]);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result).toBe(
      SERVICE.replace('if (!row) return null;\n  return toUser', 'if (!row) throw new Error("no user");\n  return toUser').replace(
        'if (!row) return null;\n  return toOrder',
        'if (!row) return undefined;\n  return toOrder',
      ),
    );
    expect(outcome.edits.map((edit) => edit.strategy)).toEqual(['fuzzy', 'fuzzy']);
  });

  it('refuses every edit when one changes a line it misremembers, naming that edit and line', () => {
    const outcome = applyEdits(SERVICE, [
      { search: '  return toUser(row);', replace: '  return toUser(row, { full: true });' },
      {
        search: 'export function loadOrder(id) {\n  const row = db.findOrdr(id);\n  if (!row) return null;\n',
        replace: 'export function loadOrder(id) {\n  const row = db.findOrder(id, { cache: true });\n  if (!row) return null;\n',
      },
    ]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failedEdit).toBe(1);
    expect(outcome.error).toMatch(
      /^Edit 2 of 2 failed, so none was applied: Line 2 of your search, which your replacement changes, is not what the file has: line 8 of the file reads `const row = db\.findOrder\(id\);`/,
    );
  });

  it('removes adjacent whole lines given without their newlines, and keeps a byte order mark', () => {
    const outcome = applyEdits(`${BOM}a\nb\nc\n`, [
      { search: 'a', replace: '' },
      { search: 'b', replace: '' },
    ]);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result).toBe(`${BOM}c\n`);
  });
});

describe('apply-edit --jsonl keeps its answer shape under the new rules', () => {
  async function answer(edit: { original: string; search: string; replace: string }) {
    const out: string[] = [];
    async function* lines() {
      yield JSON.stringify(edit);
    }
    const code = await applyEditCommand(
      parseArgs(['--jsonl'], new Set(['jsonl'])),
      lines(),
      (line) => out.push(line),
      (line) => out.push(`stderr: ${line}`),
    );
    expect(code).toBe(0);
    return JSON.parse(out[0] as string) as Record<string, unknown>;
  }

  it('keeps a byte order mark', async () => {
    expect(await answer({ original: `${BOM}x = 1\n`, search: 'x = 1\n', replace: 'x = 2\n' })).toEqual({
      ok: true,
      result: `${BOM}x = 2\n`,
      strategy: 'exact',
      error: null,
    });
  });

  it('keeps the file text of a misremembered context line', async () => {
    const original = text('def area(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result');
    const got = await answer({
      original,
      search: 'def area(r):\n    pi = 3.14159\n    result = pi * r * r\n    return res\n',
      replace: 'def area(r):\n    pi = math.pi\n    result = pi * r * r\n    return res\n',
    });
    expect(got).toEqual({ ok: true, result: original.replace('3.14159', 'math.pi'), strategy: 'fuzzy', error: null });
  });

  it('refuses a misremembered changed line with the null result and strategy', async () => {
    const original = text('def area(r):', '    pi = 3.14159', '    result = pi * r * r', '    return result');
    const got = await answer({
      original,
      search: 'def area(r):\n    pi = 3.1416\n    result = pi * r * r\n    return result\n',
      replace: 'def area(r):\n    pi = math.pi\n    result = pi * r * r\n    return result\n',
    });
    expect(got).toMatchObject({ ok: false, result: null, strategy: null });
    expect(got.error).toMatch(/^Line 2 of your search, which your replacement changes, is not what the file has/);
  });
});
