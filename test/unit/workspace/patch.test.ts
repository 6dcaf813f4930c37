import { afterAll, describe, expect, it } from 'vitest';
import { type WorkspaceFiles, workspaceFiles } from '../../../src/workspace/files';
import { workspacePatch } from '../../../src/workspace/patch';
import { randomInt, seededRandom } from '../edit/real-code';
import { asLatin1 } from './as-latin1';
import { committedRepo, git, readTree, removeRepo } from './git-tree';

const repos: string[] = [];
afterAll(() => repos.forEach(removeRepo));

/** Applies the patch with real git to a repository holding `before`; returns the tree after. */
function applyWithGit(before: WorkspaceFiles, patch: string): WorkspaceFiles {
  const dir = committedRepo(before);
  repos.push(dir);
  git(dir, ['apply', '--check', '-'], patch);
  git(dir, ['apply', '-'], patch);
  return readTree(dir);
}

const lines = (count: number, prefix = 'line'): string => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}\n`).join('');

const CASES: [name: string, before: Record<string, string | Uint8Array>, after: Record<string, string | Uint8Array>][] = [
  ['a file created', {}, { 'a.txt': 'hello\nworld\n' }],
  ['a file deleted', { 'a.txt': 'hello\n', 'b.txt': 'stays\n' }, { 'b.txt': 'stays\n' }],
  ['a file edited in two places', { 'a.txt': lines(30) }, { 'a.txt': lines(30).replace('line 3\n', 'line three\n').replace('line 25\n', '') }],
  ['a final newline added', { 'a.txt': 'a\nb' }, { 'a.txt': 'a\nb\n' }],
  ['a final newline removed', { 'a.txt': 'a\nb\n' }, { 'a.txt': 'a\nb' }],
  ['the last line edited, no final newline either side', { 'a.txt': 'a\nb' }, { 'a.txt': 'a\nc' }],
  ['a file created without a final newline', {}, { 'a.txt': 'no newline' }],
  ['a file without a final newline deleted', { 'a.txt': 'x\ny' }, {}],
  ['CRLF lines edited', { 'w.txt': 'one\r\ntwo\r\nthree\r\n' }, { 'w.txt': 'one\r\nTWO\r\nthree\r\n' }],
  ['CRLF turned into LF', { 'w.txt': 'one\r\ntwo\r\n' }, { 'w.txt': 'one\ntwo\n' }],
  ['CRLF without a final newline', { 'w.txt': 'one\r\ntwo' }, { 'w.txt': 'one\r\ntwo\r\nthree' }],
  ['a lone CR inside a line', { 'cr.txt': 'a\rb\nc\n' }, { 'cr.txt': 'a\rB\nc\n' }],
  ['an empty file created', {}, { 'empty.txt': '' }],
  ['an empty file deleted', { 'empty.txt': '', 'keep.txt': 'k\n' }, { 'keep.txt': 'k\n' }],
  ['a file emptied', { 'a.txt': 'gone\n' }, { 'a.txt': '' }],
  ['an empty file filled', { 'a.txt': '' }, { 'a.txt': 'now\n' }],
  ['a file in new nested folders', { 'src/a.ts': 'a\n' }, { 'src/a.ts': 'a\n', 'src/deep/er/still/b.ts': 'export const b = 1;\n' }],
  ['a unicode path', {}, { 'docs/café/naïve — ü 🚀.md': '# Grüße\n' }],
  ['paths with spaces', { 'my folder/a file.txt': 'x\n' }, { 'my folder/a file.txt': 'y\n', 'other dir/new file.txt': 'z\n' }],
  ['paths git quotes: a tab, a quote, a backslash', {}, { 'tab\there.txt': 'a\n', 'say "hi".txt': 'b\n', 'back\\slash.txt': 'c\n' }],
  ['a file replaced by a folder of the same name', { x: 'file\n' }, { 'x/y': 'nested\n' }],
  ['a byte order mark kept', { 'bom.txt': '\uFEFFa\nb\n' }, { 'bom.txt': '\uFEFFa\nc\n' }],
  ['a byte order mark removed', { 'bom.txt': '\uFEFFa\n' }, { 'bom.txt': 'a\n' }],
  ['a whole-file rewrite past the edit-distance limit', { 'big.txt': lines(3000, 'old') }, { 'big.txt': lines(3000, 'new') }],
  [
    'many files at once',
    { 'a.txt': 'a\n', 'b/c.txt': lines(10), 'd.txt': 'd\n', 'z.txt': 'z' },
    { 'a.txt': 'A\n', 'b/c.txt': lines(12), 'e.txt': '', 'z.txt': 'z\n', 'y/x.txt': 'x' },
  ],
];

describe('workspacePatch', () => {
  it.each(CASES)('git apply takes it: %s', (_name, beforeEntries, afterEntries) => {
    const before = workspaceFiles(beforeEntries);
    const after = workspaceFiles(afterEntries);
    const patch = workspacePatch(before, after);
    expect(patch).not.toBe('');
    expect(asLatin1(applyWithGit(before, patch))).toEqual(asLatin1(after));
  });

  it('writes git headers: modes for created and deleted files, /dev/null, the no-newline marker', () => {
    const patch = workspacePatch(workspaceFiles({ 'old.txt': 'bye\n', 'same.txt': 's\n' }), workspaceFiles({ 'new.txt': 'hi', 'same.txt': 's\n' }));
    expect(patch).toBe(
      [
        'diff --git a/new.txt b/new.txt',
        'new file mode 100644',
        '--- /dev/null',
        '+++ b/new.txt',
        '@@ -0,0 +1,1 @@',
        '+hi',
        '\\ No newline at end of file',
        'diff --git a/old.txt b/old.txt',
        'deleted file mode 100644',
        '--- a/old.txt',
        '+++ /dev/null',
        '@@ -1,1 +0,0 @@',
        '-bye',
        '',
      ].join('\n'),
    );
  });

  it('is empty when nothing changed', () => {
    const files = workspaceFiles({ 'a.txt': 'same\n', 'bin.dat': new Uint8Array([0, 1, 2]) });
    expect(workspacePatch(files, new Map(files))).toBe('');
  });

  it('sorts files by path', () => {
    const patch = workspacePatch(new Map(), workspaceFiles({ 'b.txt': 'b\n', 'a/z.txt': 'z\n', 'a.txt': 'a\n' }));
    expect([...patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1])).toEqual(['a.txt', 'a/z.txt', 'b.txt']);
  });

  it('names binary files on comment lines git apply passes over, and applies the text around them', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 1, 2, 3]);
    const before = workspaceFiles({ 'a.txt': 'a\n', 'img.png': png, 'old.bin': new Uint8Array([0, 9]), 'z.txt': 'z\n' });
    const after = workspaceFiles({ 'a.txt': 'A\n', 'img.png': new Uint8Array([...png, 4]), 'new.bin': new Uint8Array([0xff, 0xfe, 0]), 'z.txt': 'Z\n' });
    const patch = workspacePatch(before, after);
    expect(patch).toContain('# Binary file img.png changed: not in this patch.\n');
    expect(patch).toContain('# Binary file new.bin created: not in this patch.\n');
    expect(patch).toContain('# Binary file old.bin deleted: not in this patch.\n');
    const applied = applyWithGit(before, patch);
    expect(asLatin1(applied)).toEqual(asLatin1(workspaceFiles({ 'a.txt': 'A\n', 'img.png': png, 'old.bin': new Uint8Array([0, 9]), 'z.txt': 'Z\n' })));
  });

  it('treats text that is not UTF-8 as binary', () => {
    const patch = workspacePatch(new Map(), workspaceFiles({ 'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]) }));
    expect(patch).toBe('# Binary file latin1.txt created: not in this patch.\n');
  });
});

describe('workspacePatch on random edits', () => {
  const WORDS = ['alpha', 'beta', 'gamma', 'delta', '  indented', '', '\ttab', 'ünï', 'x = 1;', '}'];

  function randomText(random: () => number): string {
    const eol = random() < 0.2 ? '\r\n' : '\n';
    const body = Array.from({ length: randomInt(random, 0, 40) }, () => WORDS[randomInt(random, 0, WORDS.length - 1)]).join(eol);
    return random() < 0.7 && body !== '' ? body + eol : body;
  }

  function editText(random: () => number, text: string): string {
    const parts = text.split('\n');
    for (let edits = randomInt(random, 1, 4); edits > 0; edits--) {
      const at = randomInt(random, 0, parts.length);
      const roll = random();
      if (roll < 0.35) parts.splice(at, 0, WORDS[randomInt(random, 0, WORDS.length - 1)] as string);
      else if (roll < 0.7) parts.splice(at, 1);
      else parts.splice(at, 1, `changed ${randomInt(random, 0, 99)}`);
    }
    return parts.join('\n');
  }

  it.each(Array.from({ length: 20 }, (_, i) => i + 1))('seed %i: git apply turns before into after byte for byte', (seed) => {
    const random = seededRandom(90_210 + seed);
    const before: Record<string, string> = {};
    for (let i = 0; i < randomInt(random, 3, 10); i++) before[`${random() < 0.4 ? `dir${randomInt(random, 0, 2)}/` : ''}file ${i}.txt`] = randomText(random);
    const after: Record<string, string> = { ...before };
    for (const path of Object.keys(before)) {
      const roll = random();
      if (roll < 0.15) delete after[path];
      else if (roll < 0.75) after[path] = editText(random, before[path] as string);
    }
    for (let i = 0; i < randomInt(random, 0, 3); i++) after[`new${randomInt(random, 0, 2)}/deep/created ${i}.txt`] = randomText(random);
    const beforeFiles = workspaceFiles(before);
    const afterFiles = workspaceFiles(after);
    const patch = workspacePatch(beforeFiles, afterFiles);
    if (patch === '') return;
    expect(asLatin1(applyWithGit(beforeFiles, patch))).toEqual(asLatin1(afterFiles));
  });
});
