import { deflateSync, strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipWorkspace } from '../../../src/workspace/zip';
import { readZipEntries } from '../../../src/workspace/zip-reader';
import { craftZip } from './zip-craft';

const MB = 1024 * 1024;

function failure(bytes: Uint8Array, limits = {}): string {
  const result = unzipWorkspace(bytes, limits);
  if (result.ok) throw new Error(`loaded ${[...result.files.keys()].join(', ')}`);
  return result.error;
}

/** A one-file zip whose entry inflates to `size` copies of `byte`, written without holding them all. */
function bomb(name: string, size: number, byte: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const file = new ZipDeflate(name, { level: 9 });
  zip.add(file);
  const piece = new Uint8Array(MB).fill(byte);
  for (let left = size; left > 0; left -= MB) file.push(left > MB ? piece : piece.subarray(0, left), left <= MB);
  zip.end();
  return Buffer.concat(chunks);
}

/**
 * Makes the zip lie that its entry is tiny, and wrecks the end of its deflate stream: a reader
 * that trusted the size or inflated to the end would fail differently.
 */
function lyingAndCutShort(zip: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(zip);
  const [entry] = readZipEntries(bytes);
  if (!entry) throw new Error('no entry');
  bytes.fill(0xff, entry.dataEnd - 64, entry.dataEnd);
  const view = new DataView(bytes.buffer);
  const central = bytes.length - 22 - (46 + entry.name.length);
  expect(view.getUint32(central, true)).toBe(0x02014b50);
  view.setUint32(central + 24, 100, true);
  return bytes;
}

describe('unzipWorkspace on hostile zips', () => {
  it.each([
    ['../x', 'a parent segment'],
    ['project/../../x', 'a parent segment deeper in'],
    ['/etc/passwd', 'an absolute path'],
    ['..\\x', 'backslashes read as separators'],
    ['project\\..\\..\\x', 'backslashes deeper in'],
    ['C:\\Windows\\evil.dll', 'a drive letter'],
    ['C:evil', 'a drive-relative path'],
  ])('refuses %j (%s) and loads nothing', (name) => {
    expect(failure(zipSync({ 'ok.txt': strToU8('fine'), [name]: strToU8('pwned') }))).toBe(
      `The zip holds a path that leaves its folder: ${JSON.stringify(name)}. Nothing was loaded.`,
    );
  });

  it('refuses a parent segment even in a folder entry', () => {
    expect(failure(craftZip([{ name: '../evil/', data: new Uint8Array(0) }]))).toContain('leaves its folder');
  });

  it('refuses two entries for one path, however the names are spelled', () => {
    expect(failure(zipSync({ 'a/b.txt': strToU8('1'), 'a//b.txt': strToU8('2') }))).toBe('The zip has two entries for "a/b.txt".');
    expect(failure(zipSync({ 'a/./b.txt': strToU8('1'), 'a\\b.txt': strToU8('2') }))).toBe('The zip has two entries for "a/b.txt".');
    expect(
      failure(
        craftZip([
          { name: 'same.txt', data: strToU8('1') },
          { name: 'same.txt', data: strToU8('2') },
        ]),
      ),
    ).toBe('The zip has two entries for "same.txt".');
  });

  it('refuses a path that is a file and a folder at once', () => {
    expect(failure(zipSync({ 'a/b': strToU8('file'), 'a/b/c': strToU8('under it') }))).toBe('The zip has "a/b" both as a file and as a folder.');
  });

  it('stops a text bomb at the byte cap, trusting neither the declared size nor the end of the stream', () => {
    const zip = lyingAndCutShort(bomb('notes.txt', 20 * MB, 0x61));
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(failure(zip, { maxTotalBytes: MB })).toMatch(/^The zip has \d+\.\d MB of files; the limit is 1 MB\./);
    // The control: with room for it all, the reader does reach the wrecked end.
    expect(failure(zip, { maxTotalBytes: 64 * MB })).toBe('The zip is damaged: notes.txt does not inflate.');
  });

  it('stops a bomb at the default 50 MB cap', () => {
    const zip = bomb('huge.txt', 60 * MB, 0x61);
    expect(zip.length).toBeLessThan(200 * 1024);
    expect(failure(zip)).toBe(
      'The zip has 60 MB of files; the limit is 50 MB. Files a .gitignore ignores are left out: ignore build output and data, then try again.',
    );
  });

  it('skips a binary bomb once it passes 1 MB, trusting neither the declared size nor the end of the stream', () => {
    const result = unzipWorkspace(lyingAndCutShort(bomb('zeros.bin', 30 * MB, 0)));
    expect(result).toEqual({
      ok: true,
      files: new Map(),
      counts: { loaded: 0, skipped: { ignored: 0, node_modules: 0, git: 0, binary_too_large: 1, too_deep: 0 } },
    });
  });

  it('stops many small bombs that are each dropped as binary, by the bytes inflated in all', () => {
    const entries = Array.from({ length: 40 }, (_, i) => ({ name: `b${i}.bin`, method: 8, declaredSize: 10, data: deflateSync(new Uint8Array(200 * 1024)) }));
    expect(failure(craftZip(entries), { maxTotalBytes: MB, maxBinaryBytes: 100 * 1024 })).toBe('The zip expands to more than 2 MB; the limit is 2 MB.');
  });

  it('refuses entries that share their bytes (the overlapping-file bomb)', () => {
    const kernel = { name: 'k.txt', method: 8, data: deflateSync(new Uint8Array(MB).fill(0x61)) };
    const zip = craftZip([kernel, ...Array.from({ length: 30 }, (_, i) => ({ ...kernel, name: `copy${i}.txt`, sharesDataOf: 0 }))]);
    expect(failure(zip)).toBe('The zip is not safe to read: two of its entries share the same bytes.');
  });

  it('refuses what is not a zip, a cut-short zip, an encrypted entry and an unknown method', () => {
    expect(failure(strToU8('just some text, long enough to hold an end record if it were one'))).toBe('This is not a zip file.');
    const zip = zipSync({ 'a.txt': strToU8('a'.repeat(1000)), 'b.txt': strToU8('b') });
    expect(failure(zip.subarray(40))).toMatch(/^The zip is damaged/);
    expect(failure(craftZip([{ name: 'secret.txt', data: strToU8('x'), flags: 0x801 }]))).toBe('secret.txt is encrypted; unzip it first.');
    expect(failure(craftZip([{ name: 'a.bz2', data: strToU8('x'), method: 12 }]))).toBe('a.bz2 uses a compression method this app cannot read (12).');
    expect(failure(craftZip([{ name: 'bad.txt', data: strToU8('not deflate at all'), method: 8 }]))).toBe('The zip is damaged: bad.txt does not inflate.');
  });

  it('refuses a central directory that points outside the archive', () => {
    const zip = craftZip([{ name: 'a.txt', data: strToU8('a') }]);
    new DataView(zip.buffer).setUint32(zip.length - 22 - (46 + 5) + 42, 1_000_000, true);
    expect(failure(zip)).toMatch(/^The zip is damaged/);
  });
});
