import { describe, expect, it } from 'vitest';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import { ImportFilter, importOrder, type ImportResult } from '../../../src/workspace/import-filter';
import { importSummary } from '../../../src/workspace/import-summary';

const MB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);

/** Offers every file in import order and returns the result. */
function importFiles(files: Record<string, string | Uint8Array>, options: ConstructorParameters<typeof ImportFilter>[0] = {}): ImportResult {
  const filter = new ImportFilter(options);
  for (const path of importOrder(Object.keys(files))) {
    const content = files[path] as string | Uint8Array;
    filter.add(path, typeof content === 'string' ? bytes(content) : content);
  }
  return filter.result();
}

function keptPaths(result: ImportResult): string[] {
  if (!result.ok) throw new Error(result.error);
  return [...result.files.keys()].sort();
}

const noSkips = { ignored: 0, node_modules: 0, git: 0, binary_too_large: 0, too_deep: 0 };

describe('ImportFilter: .gitignore', () => {
  it('applies the root .gitignore: names at any depth, folders, anchored paths, negation', () => {
    const result = importFiles({
      '.gitignore': '# build output\ndist/\n*.log\n!keep.log\n/root-only.txt\n.env\n',
      'src/a.ts': 'a',
      'dist/bundle.js': 'x',
      'pkg/dist/bundle.js': 'x',
      'debug.log': 'x',
      'logs/deep/error.log': 'x',
      'keep.log': 'kept',
      'root-only.txt': 'x',
      'src/root-only.txt': 'kept: the rule is anchored',
      '.env': 'API_KEY=secret',
    });
    expect(keptPaths(result)).toEqual(['.gitignore', 'keep.log', 'src/a.ts', 'src/root-only.txt']);
    expect(result.counts).toEqual({ loaded: 4, skipped: { ...noSkips, ignored: 6 } });
  });

  it('applies a nested .gitignore below its own folder only, after the root rules', () => {
    const result = importFiles({
      '.gitignore': '*.tmp\n',
      'sub/.gitignore': '!wanted.tmp\n*.out\n',
      'a.tmp': 'x',
      'a.out': 'kept: sub/.gitignore does not reach here',
      'sub/wanted.tmp': 'kept by the nested negation',
      'sub/other.tmp': 'x',
      'sub/deep/b.out': 'x',
    });
    expect(keptPaths(result)).toEqual(['.gitignore', 'a.out', 'sub/.gitignore', 'sub/wanted.tmp']);
  });

  it('never re-includes a file inside an ignored folder, as git does', () => {
    expect(keptPaths(importFiles({ '.gitignore': 'build/\n!build/keep.txt\n', 'build/keep.txt': 'x', 'a.txt': 'a' }))).toEqual(['.gitignore', 'a.txt']);
  });

  it('ignores the .gitignore of an ignored folder', () => {
    const result = importFiles({ '.gitignore': 'vendor/\n', 'vendor/.gitignore': '!*\n', 'vendor/lib.js': 'x' });
    expect(keptPaths(result)).toEqual(['.gitignore']);
    expect(result.counts.skipped.ignored).toBe(2);
  });

  it('judges folders for a walk, counting a skipped folder as one', () => {
    const filter = new ImportFilter();
    filter.add('.gitignore', bytes('coverage/\n'));
    expect(filter.skipFolder('coverage')).toBe('ignored');
    expect(filter.skipFolder('node_modules')).toBe('node_modules');
    expect(filter.skipFolder('.git')).toBe('git');
    expect(filter.skipFolder('src')).toBeNull();
    expect(filter.counts).toEqual({ loaded: 1, skipped: { ...noSkips, ignored: 1, node_modules: 1, git: 1 } });
  });

  it('refuses a .gitignore offered after other entries of its folder, which importOrder prevents', () => {
    const filter = new ImportFilter();
    filter.add('sub/a.txt', bytes('a'));
    expect(() => filter.add('sub/.gitignore', bytes('*.txt\n'))).toThrow(/offer each .gitignore first/);
    expect(importOrder(['sub/a.txt', 'sub/deep/.gitignore', 'b.txt', 'sub/.gitignore', '.gitignore'])).toEqual([
      '.gitignore',
      'sub/.gitignore',
      'sub/deep/.gitignore',
      'sub/a.txt',
      'b.txt',
    ]);
  });

  it('refuses a path that is not a workspace path', () => {
    for (const path of ['/abs', '../up', 'a/../b', 'a//b', './a', ''])
      expect(() => new ImportFilter().add(path, bytes('x')), path).toThrow(/Not a workspace path/);
  });
});

describe('ImportFilter: node_modules and .git', () => {
  it('skips them at any depth, even when a .gitignore re-includes them', () => {
    const result = importFiles({
      '.gitignore': '!node_modules/\n',
      'node_modules/react/index.js': 'x',
      'packages/app/node_modules/lodash/index.js': 'x',
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/objects/ab/cdef': 'x',
      'vendor/lib/.git/config': 'x',
      'packages/app/src/main.ts': 'main',
    });
    expect(keptPaths(result)).toEqual(['.gitignore', 'packages/app/src/main.ts']);
    expect(result.counts).toEqual({ loaded: 2, skipped: { ...noSkips, node_modules: 2, git: 3 } });
  });
});

describe('ImportFilter: binary files', () => {
  const binaryOf = (size: number) => new Uint8Array(size).map((_, i) => (i % 251 === 0 ? 0 : i % 256));

  it('skips binary files over 1 MB and keeps smaller ones and large text', () => {
    const invalidUtf8 = new Uint8Array(MB + 1).fill(0x41);
    invalidUtf8[MB] = 0xff;
    const nulPastTheStart = new Uint8Array(MB + 10).fill(0x41);
    nulPastTheStart[9000] = 0;
    const result = importFiles({
      'big.png': binaryOf(MB + 1),
      'small.png': binaryOf(MB),
      'big.json': 'x'.repeat(3 * MB),
      'latin1-at-the-end.txt': invalidUtf8,
      'nul-after-8kb.txt': nulPastTheStart,
    });
    expect(keptPaths(result)).toEqual(['big.json', 'nul-after-8kb.txt', 'small.png']);
    expect(result.counts.skipped.binary_too_large).toBe(2);
  });

  it('keeps a byte order mark and multi-byte characters split across chunks', () => {
    const filter = new ImportFilter();
    const text = bytes('\uFEFFgrüße 🚀\n');
    const intake = filter.open('a.txt', text.length);
    for (const byte of text) expect(intake?.push(new Uint8Array([byte]))).toBe(true);
    intake?.end();
    const result = filter.result();
    expect(result.ok && [...(result.files.get('a.txt') ?? [])]).toEqual([...text]);
  });

  it('counts a file cut off inside a character as binary', () => {
    const cut = bytes('é'.repeat(MB)).subarray(0, MB + 1);
    expect(importFiles({ 'cut.txt': cut }).counts.skipped.binary_too_large).toBe(1);
  });

  it('stops reading a large binary file after its first chunk when its size is known', () => {
    const filter = new ImportFilter();
    const intake = filter.open('video.mp4', 200 * MB);
    expect(intake?.push(binaryOf(64 * 1024))).toBe(false);
    intake?.end();
    expect(filter.counts.skipped.binary_too_large).toBe(1);
  });

  it('stops reading once a file passes 1 MB as binary, whatever its declared size', () => {
    const filter = new ImportFilter();
    const intake = filter.open('liar.bin', 10);
    const chunk = binaryOf(256 * 1024);
    const answers = Array.from({ length: 6 }, () => intake?.push(chunk));
    expect(answers).toEqual([true, true, true, true, false, false]);
    intake?.end();
    expect(filter.result()).toMatchObject({ ok: true, counts: { loaded: 0, skipped: { binary_too_large: 1, too_deep: 0 } } });
  });
});

describe('ImportFilter: caps', () => {
  it('names the file cap and the real count, counting the files offered after it without reading them', () => {
    const filter = new ImportFilter();
    for (let i = 0; i < 23_411; i++) filter.add(`src/f${i}.ts`, bytes('x'));
    filter.add('node_modules/x.js', bytes('not counted'));
    const result = filter.result();
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBe(
      'The folder has 23,411 files; the limit is 20,000. Files a .gitignore ignores are left out: ignore build output and data, then try again.',
    );
    expect(result.counts.loaded).toBe(20_000);
  });

  it('stops asking for contents once a cap is passed', () => {
    const filter = new ImportFilter({ limits: { maxFiles: 2 } });
    filter.add('a', bytes('a'));
    filter.add('b', bytes('b'));
    filter.add('c', bytes('c'));
    expect(filter.error).toBe('The folder has 3 files; the limit is 2. Files a .gitignore ignores are left out: ignore build output and data, then try again.');
    expect(filter.open('d', 1)).toBeNull();
    expect(filter.error).toMatch(/^The folder has 4 files; the limit is 2\./);
  });

  it('names the byte cap and the total, with the sizes of files offered after it', () => {
    const filter = new ImportFilter({ source: 'zip' });
    for (let i = 0; i < 5; i++) filter.add(`data${i}.csv`, bytes('x'.repeat(12 * MB)));
    expect(filter.open('later.csv', 13 * MB)).toBeNull();
    expect(filter.error).toMatch(/^The zip has 73 MB of files; the limit is 50 MB\./);
    expect(filter.counts.loaded).toBe(4);
  });

  it('stops reading a text file once it passes what is left under the byte cap', () => {
    const filter = new ImportFilter({ limits: { maxTotalBytes: 3 * MB } });
    filter.add('a.txt', bytes('x'.repeat(2 * MB)));
    const intake = filter.open('huge.log');
    const chunk = bytes('y'.repeat(MB / 2));
    expect([intake?.push(chunk), intake?.push(chunk), intake?.push(chunk)]).toEqual([true, true, false]);
    expect(filter.error).toMatch(/^The folder has 3\.5 MB of files; the limit is 3 MB\./);
  });

  it('adds files read side by side to the figures once one of them passed a cap', () => {
    const filter = new ImportFilter({ limits: { maxFiles: 1 } });
    const intakes = ['a', 'b', 'c'].map((path) => filter.open(path, 1));
    for (const intake of intakes) {
      intake?.push(bytes('x'));
      intake?.end();
    }
    expect(filter.error).toMatch(/^The folder has 3 files; the limit is 1\./);
    expect(filter.counts.loaded).toBe(1);
  });

  it('keeps skipped files out of the caps', () => {
    const result = importFiles(
      { '.gitignore': 'data/\n', 'data/a.csv': 'x'.repeat(2 * MB), 'node_modules/b.js': 'x'.repeat(2 * MB), 'src/c.ts': 'c' },
      { limits: { maxTotalBytes: MB, maxFiles: 2 } },
    );
    expect(keptPaths(result)).toEqual(['.gitignore', 'src/c.ts']);
  });
});

describe('ImportFilter: depth', () => {
  const deep = (parts: number) => `${Array.from({ length: parts - 1 }, (_, i) => `d${i}`).join('/')}/f.txt`;

  it('keeps a file at the depth limit and leaves out deeper ones, counted and named in the summary', () => {
    const result = importFiles({ [deep(MAX_PATH_DEPTH)]: 'at the limit', [deep(MAX_PATH_DEPTH + 1)]: 'one too deep', 'top.txt': 'top' });
    expect(keptPaths(result)).toEqual([deep(MAX_PATH_DEPTH), 'top.txt'].sort());
    expect(result.counts).toEqual({ loaded: 2, skipped: { ...noSkips, too_deep: 1 } });
    expect(importSummary(result.counts, 0)).toBe(`Loaded 2 files; skipped 1 deeper than ${MAX_PATH_DEPTH} folders.`);
  });

  it('a walk skips a folder at the limit whole (it could hold no file), and enters the one above', () => {
    const filter = new ImportFilter();
    const folder = (parts: number) => Array.from({ length: parts }, (_, i) => `d${i}`).join('/');
    expect(filter.skipFolder(folder(MAX_PATH_DEPTH - 1))).toBeNull();
    expect(filter.skipFolder(folder(MAX_PATH_DEPTH))).toBe('too_deep');
    expect(filter.counts.skipped.too_deep).toBe(1);
  });
});
