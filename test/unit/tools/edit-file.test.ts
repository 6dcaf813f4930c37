import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { editFileTool } from '../../../src/tools/edit-file';
import { readFileTool } from '../../../src/tools/read-file';
import { parseToolArguments } from '../../../src/tools/registry';
import { harness } from './helpers';

const GREET = '/workspace/src/greet.sh';

/** A file with two similar functions, so a loose match could land in the wrong one. */
const SERVICE = [
  'export function loadUser(id) {',
  '  const row = db.find(id);',
  '  if (!row) return null;',
  '  return toUser(row);',
  '}',
  '',
  'export function loadOrder(id) {',
  '  const row = db.find(id);',
  '  if (!row) return null;',
  '  return toOrder(row);',
  '}',
  '',
].join('\n');

describe('edit_file: one edit', () => {
  it('applies an exact match, says so, writes the file and emits file_changed with a diff', async () => {
    const h = harness(STARTER_PROJECT);
    const before = STARTER_PROJECT['src/greet.sh'] as string;
    const result = await editFileTool.run({ path: 'src/greet.sh', search: 'echo "Hello, ${1:-world}!"', replace: 'echo "Hi, ${1:-world}!"' }, h.ctx);
    expect(result.ok).toBe(true);
    const after = before.replace('Hello', 'Hi');
    expect(await h.sandbox.readFile(GREET)).toBe(after);
    expect(result.output.split('\n')[0]).toBe('Edited src/greet.sh: applied exact match at line 3.');
    expect(result.output).toContain('-  echo "Hello, ${1:-world}!"\n+  echo "Hi, ${1:-world}!"');
    expect(h.events).toHaveLength(1);
    const event = h.events[0];
    expect(event).toMatchObject({ type: 'file_changed', path: 'src/greet.sh', change: 'edited', before, after });
    if (event?.type !== 'file_changed') return;
    expect(event.diff.split('\n').slice(0, 3)).toEqual(['--- a/src/greet.sh', '+++ b/src/greet.sh', '@@ -1,4 +1,4 @@']);
  });

  it('matches ignoring trailing whitespace', async () => {
    const h = harness({ 'f.py': 'def f():   \n    return 1\n' });
    const result = await editFileTool.run({ path: 'f.py', search: 'def f():\n    return 1', replace: 'def f():\n    return 2' }, h.ctx);
    expect(result.output.split('\n')[0]).toMatch(/^Edited f\.py: applied whitespace-insensitive match at lines 1–2 \(ignoring trailing whitespace/);
    // The kept line is the file's own, trailing spaces and all: only the changed line is written.
    expect(await h.sandbox.readFile('/workspace/f.py')).toBe('def f():   \n    return 2\n');
  });

  it('keeps a UTF-8 byte order mark, like line endings', async () => {
    const h = harness({ 'bom.ts': '\uFEFFexport const a = 1;\r\nexport const b = 2;\r\n' });
    await readFileTool.run({ path: 'bom.ts' }, h.ctx);
    const result = await editFileTool.run({ path: 'bom.ts', search: 'export const a = 1;', replace: 'export const a = 10;' }, h.ctx);
    expect(result.ok, result.output).toBe(true);
    expect(await h.sandbox.readFile('/workspace/bom.ts')).toBe('\uFEFFexport const a = 10;\r\nexport const b = 2;\r\n');
  });

  it('matches ignoring indentation and re-indents the replacement to fit', async () => {
    const h = harness({ 'f.py': 'class A:\n    def f(self):\n        return 1\n' });
    const result = await editFileTool.run({ path: 'f.py', search: 'def f(self):\n    return 1\n', replace: 'def f(self):\n    return 2\n' }, h.ctx);
    expect(result.output.split('\n')[0]).toMatch(/^Edited f\.py: applied indentation-insensitive match at lines 2–3/);
    expect(await h.sandbox.readFile('/workspace/f.py')).toBe('class A:\n    def f(self):\n        return 2\n');
  });

  it('applies a fuzzy match in the right function and names its similarity', async () => {
    const h = harness({ 'service.js': SERVICE });
    // A typo in the middle line ("db.fnd"), and the context names loadOrder: only one region fits.
    const search = 'export function loadOrder(id) {\n  const row = db.fnd(id);\n  if (!row) return null;\n  return toOrder(row);\n}';
    const replace = 'export function loadOrder(id) {\n  const row = db.find(id);\n  if (!row) throw new Error("no order");\n  return toOrder(row);\n}';
    const result = await editFileTool.run({ path: 'service.js', search, replace }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[0]).toMatch(/^Edited service\.js: applied fuzzy match at lines 7–11 \(similarity 0\.\d\d/);
    const after = await h.sandbox.readFile('/workspace/service.js');
    expect(after).toBe(SERVICE.replace('if (!row) return null;\n  return toOrder', 'if (!row) throw new Error("no order");\n  return toOrder'));
    expect(after.indexOf('throw')).toBeGreaterThan(after.indexOf('loadOrder'));
  });

  it('refuses an ambiguous search with the numbered candidates, leaving the file alone', async () => {
    const h = harness({ 'service.js': SERVICE });
    const result = await editFileTool.run({ path: 'service.js', search: '  if (!row) return null;', replace: '  if (!row) throw 1;' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^Could not edit service\.js\. The search text matches 2 places in the file \(exact match\)/);
    expect(result.output).toContain('1. line 3: if (!row) return null;');
    expect(result.output).toContain('2. line 9: if (!row) return null;');
    expect(await h.sandbox.readFile('/workspace/service.js')).toBe(SERVICE);
    expect(h.events).toEqual([]);
  });

  it('explains a search that is not found with the most similar region', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await editFileTool.run({ path: 'src/greet.sh', search: 'greet() {\n  printf "Goodbye, %s\\n" "$1"\n}', replace: 'x' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^Could not edit src\/greet\.sh\. The search text was not found in the file/);
    expect(result.output).toMatch(/The most similar part is lines \d+–\d+ \(similarity 0\.\d\d/);
    expect(result.output).toContain('How your search differs from it (- file, + search):');
    expect(await h.sandbox.readFile(GREET)).toBe(STARTER_PROJECT['src/greet.sh']);
    expect(h.events).toEqual([]);
  });

  it('treats replacement text literally ($ patterns are not expanded)', async () => {
    const h = harness({ 'f.txt': 'price: X\n' });
    await editFileTool.run({ path: 'f.txt', search: 'X', replace: "$& $1 $$ $'" }, h.ctx);
    expect(await h.sandbox.readFile('/workspace/f.txt')).toBe("price: $& $1 $$ $'\n");
  });

  it('keeps CRLF line endings and a missing final newline, end to end', async () => {
    const original = 'first\r\nfunction f() {\r\n    return 1;\r\n}\r\nlast';
    const h = harness({ 'win.js': original });
    // The model sends LF; the file keeps CRLF.
    const result = await editFileTool.run({ path: 'win.js', search: 'function f() {\n    return 1;\n}', replace: 'function f() {\n    return 2;\n}' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(await h.sandbox.readFile('/workspace/win.js')).toBe('first\r\nfunction f() {\r\n    return 2;\r\n}\r\nlast');
    const last = await editFileTool.run({ path: 'win.js', search: 'last', replace: 'final\nline' }, h.ctx);
    expect(last.ok).toBe(true);
    expect(await h.sandbox.readFile('/workspace/win.js')).toBe('first\r\nfunction f() {\r\n    return 2;\r\n}\r\nfinal\r\nline');
  });

  it('keeps a final newline when the last lines are replaced', async () => {
    const h = harness({ 'f.txt': 'a\nb\n' });
    await editFileTool.run({ path: 'f.txt', search: 'b\n', replace: 'c' }, h.ctx);
    expect(await h.sandbox.readFile('/workspace/f.txt')).toBe('a\nc');
    const h2 = harness({ 'f.txt': 'a\n  b  \n' });
    await editFileTool.run({ path: 'f.txt', search: 'b', replace: 'c' }, h2.ctx);
    expect(await h2.sandbox.readFile('/workspace/f.txt')).toBe('a\n  c  \n');
  });

  it('refuses binary files', async () => {
    const h = harness({ 'img.png': 'PNG\0\u0001data' });
    const result = await editFileTool.run({ path: 'img.png', search: 'data', replace: 'x' }, h.ctx);
    expect(result).toEqual({ ok: false, errorKind: 'binary_file', output: expect.stringMatching(/img\.png looks like a binary file/) });
    expect(await h.sandbox.readFile('/workspace/img.png')).toBe('PNG\0\u0001data');
    expect(h.events).toEqual([]);
  });

  it('rejects an empty search, a no-op edit, missing files and escaping paths', async () => {
    const h = harness(STARTER_PROJECT);
    const empty = await editFileTool.run({ path: 'src/greet.sh', search: '', replace: 'x' }, h.ctx);
    expect(empty.ok).toBe(false);
    expect(empty.output).toMatch(/`search` is empty/);
    const same = await editFileTool.run({ path: 'src/greet.sh', search: 'Hello', replace: 'Hello' }, h.ctx);
    expect(same.ok).toBe(false);
    expect(same.output).toMatch(/leaves src\/greet\.sh identical/);
    const missing = await editFileTool.run({ path: 'src/missing.sh', search: 'a', replace: 'b' }, h.ctx);
    expect(missing.ok).toBe(false);
    expect(missing.output).toMatch(/File not found: src\/missing\.sh/);
    const outside = await editFileTool.run({ path: '/etc/hosts', search: 'a', replace: 'b' }, h.ctx);
    expect(outside.ok).toBe(false);
    expect(outside.output).toMatch(/outside the workspace/);
    expect(h.events).toEqual([]);
  });
});

describe('edit_file: several edits', () => {
  it('applies every edit against the original text and names each strategy', async () => {
    const h = harness({ 'service.js': SERVICE });
    const result = await editFileTool.run(
      {
        path: 'service.js',
        edits: [
          { search: '  return toOrder(row);', replace: '  return toOrder(row, { strict: true });' },
          { search: 'export function loadUser(id) {\n  const row = db.find(id);', replace: 'export function loadUser(id) {\n  const row = db.get(id);' },
        ],
      },
      h.ctx,
    );
    expect(result.ok).toBe(true);
    expect(result.output.split('\n').slice(0, 3)).toEqual([
      'Edited service.js with 2 edits:',
      '- edit 1: applied exact match at line 10',
      '- edit 2: applied exact match at lines 1–2',
    ]);
    expect(await h.sandbox.readFile('/workspace/service.js')).toBe(
      SERVICE.replace('db.find(id);\n  if (!row) return null;\n  return toUser', 'db.get(id);\n  if (!row) return null;\n  return toUser').replace(
        'toOrder(row);',
        'toOrder(row, { strict: true });',
      ),
    );
    expect(h.events.filter((e) => e.type === 'file_changed')).toHaveLength(1);
  });

  it('applies none when one edit fails, saying which', async () => {
    const h = harness({ 'service.js': SERVICE });
    const result = await editFileTool.run(
      {
        path: 'service.js',
        edits: [
          { search: '  return toUser(row);', replace: '  return toUser(row, true);' },
          { search: 'function deleteEverything() {}', replace: '' },
        ],
      },
      h.ctx,
    );
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Edit 2 of 2 failed, so none was applied: The search text was not found/);
    expect(await h.sandbox.readFile('/workspace/service.js')).toBe(SERVICE);
    expect(h.events).toEqual([]);
  });

  it('refuses overlapping edits, naming both', async () => {
    const h = harness({ 'service.js': SERVICE });
    const result = await editFileTool.run(
      {
        path: 'service.js',
        edits: [
          { search: 'export function loadUser(id) {\n  const row = db.find(id);', replace: 'x' },
          { search: '  const row = db.find(id);\n  if (!row) return null;\n  return toUser(row);', replace: 'y' },
        ],
      },
      h.ctx,
    );
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/Edits 1 and 2 overlap \(lines 1–2 and lines 2–4\), so none was applied/);
    expect(await h.sandbox.readFile('/workspace/service.js')).toBe(SERVICE);
  });
});

describe('edit_file arguments', () => {
  const parse = (args: unknown) => parseToolArguments(editFileTool, JSON.stringify(args));

  it('accepts exactly one of the two forms', () => {
    expect(parse({ path: 'a', search: 'x', replace: 'y' }).ok).toBe(true);
    expect(parse({ path: 'a', edits: [{ search: 'x', replace: 'y' }] }).ok).toBe(true);
  });

  it.each([
    ['both forms', { path: 'a', search: 'x', replace: 'y', edits: [{ search: 'x', replace: 'y' }] }, /`edits` was given together with `search`\/`replace`/],
    ['neither form', { path: 'a' }, /No edit was given\. Give either `search` and `replace`/],
    ['search without replace', { path: 'a', search: 'x' }, /`search` was given without `replace`/],
    ['replace without search', { path: 'a', replace: 'y' }, /`replace` was given without `search`/],
    ['an empty edits list', { path: 'a', edits: [] }, /edits/],
    ['an edit missing replace', { path: 'a', edits: [{ search: 'x' }] }, /edits\[0\]\.replace: required field is missing/],
    ['an unknown field', { path: 'a', search: 'x', replace: 'y', old_string: 'x' }, /old_string/],
  ])('refuses %s with a clear error', (_label, args, message) => {
    const parsed = parse(args);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('describes both forms to the model', () => {
    expect(editFileTool.description).toMatch(/\{"path", "search", "replace"\}/);
    expect(editFileTool.description).toMatch(/"edits": \[\{"search", "replace"\}, …\]/);
  });
});
