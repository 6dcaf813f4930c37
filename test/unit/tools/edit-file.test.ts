import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { editFileTool } from '../../../src/tools/edit-file';
import { harness } from './helpers';

const GREET = '/workspace/src/greet.sh';

describe('edit_file', () => {
  it('replaces the single match, writes the file and emits file_changed with a diff', async () => {
    const h = harness(STARTER_PROJECT);
    const before = STARTER_PROJECT['src/greet.sh'] as string;
    const result = await editFileTool.run(
      { path: 'src/greet.sh', search: 'echo "Hello, ${1:-world}!"', replace: 'echo "Hi, ${1:-world}!"' },
      h.ctx,
    );
    expect(result.ok).toBe(true);
    const after = before.replace('Hello', 'Hi');
    expect(await h.sandbox.readFile(GREET)).toBe(after);
    expect(result.output.split('\n')[0]).toBe('Edited src/greet.sh: replaced line 3 with new line 3.');
    expect(result.output).toContain('-  echo "Hello, ${1:-world}!"\n+  echo "Hi, ${1:-world}!"');
    expect(h.events).toHaveLength(1);
    const event = h.events[0];
    expect(event).toMatchObject({ type: 'file_changed', path: 'src/greet.sh', change: 'edited', before, after });
    if (event?.type !== 'file_changed') return;
    expect(event.diff.split('\n').slice(0, 3)).toEqual(['--- a/src/greet.sh', '+++ b/src/greet.sh', '@@ -1,4 +1,4 @@']);
  });

  it('reports multi-line spans and deletions', async () => {
    const h = harness({ 'f.txt': 'a\nb\nc\nd\ne\n' });
    const grown = await editFileTool.run({ path: 'f.txt', search: 'b\nc\n', replace: 'B\nX\nC\n' }, h.ctx);
    expect(grown.output.split('\n')[0]).toBe('Edited f.txt: replaced lines 2–3 with new lines 2–4.');
    const deleted = await editFileTool.run({ path: 'f.txt', search: 'X\n', replace: '' }, h.ctx);
    expect(deleted.output.split('\n')[0]).toBe('Edited f.txt: deleted text at line 3.');
    expect(await h.sandbox.readFile('/workspace/f.txt')).toBe('a\nB\nC\nd\ne\n');
  });

  it('treats replacement text literally ($ patterns are not expanded)', async () => {
    const h = harness({ 'f.txt': 'price: X\n' });
    await editFileTool.run({ path: 'f.txt', search: 'X', replace: "$& $1 $$ $'" }, h.ctx);
    expect(await h.sandbox.readFile('/workspace/f.txt')).toBe("price: $& $1 $$ $'\n");
  });

  it('fails when the search text is not found, leaving the file alone', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await editFileTool.run({ path: 'src/greet.sh', search: 'echo "Goodbye"', replace: 'x' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/not found in src\/greet\.sh/);
    expect(await h.sandbox.readFile(GREET)).toBe(STARTER_PROJECT['src/greet.sh']);
    expect(h.events).toEqual([]);
  });

  it('fails on several matches, naming how many and their lines', async () => {
    const h = harness({ 'f.sh': 'echo one\necho two\nls\necho three\n' });
    const result = await editFileTool.run({ path: 'f.sh', search: 'echo', replace: 'printf' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/occurs 3 times in f\.sh \(starting at lines 1, 2, 4\)/);
    expect(await h.sandbox.readFile('/workspace/f.sh')).toBe('echo one\necho two\nls\necho three\n');
    expect(h.events).toEqual([]);
  });

  it('counts overlapping occurrences as ambiguous', async () => {
    const h = harness({ 'f.txt': 'aaa\n' });
    const result = await editFileTool.run({ path: 'f.txt', search: 'aa', replace: 'b' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/occurs 2 times/);
  });

  it('rejects an empty search, a no-op edit, missing files and escaping paths', async () => {
    const h = harness(STARTER_PROJECT);
    const empty = await editFileTool.run({ path: 'src/greet.sh', search: '', replace: 'x' }, h.ctx);
    expect(empty.ok).toBe(false);
    expect(empty.output).toMatch(/`search` is empty/);
    const same = await editFileTool.run({ path: 'src/greet.sh', search: 'greet', replace: 'greet' }, h.ctx);
    expect(same.ok).toBe(false);
    expect(same.output).toMatch(/identical/);
    const missing = await editFileTool.run({ path: 'src/missing.sh', search: 'a', replace: 'b' }, h.ctx);
    expect(missing.ok).toBe(false);
    expect(missing.output).toMatch(/File not found: src\/missing\.sh/);
    const outside = await editFileTool.run({ path: '/etc/hosts', search: 'a', replace: 'b' }, h.ctx);
    expect(outside.ok).toBe(false);
    expect(outside.output).toMatch(/outside the workspace/);
    expect(h.events).toEqual([]);
  });
});
