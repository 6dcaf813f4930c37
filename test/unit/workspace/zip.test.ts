import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type WorkspaceFiles, workspaceFiles } from '../../../src/workspace/files';
import { unzipWorkspace, zipWorkspace } from '../../../src/workspace/zip';
import { readZipEntries } from '../../../src/workspace/zip-reader';
import { asLatin1 } from './as-latin1';
import { craftZip } from './zip-craft';

function loaded(bytes: Uint8Array): WorkspaceFiles {
  const result = unzipWorkspace(bytes);
  if (!result.ok) throw new Error(result.error);
  return result.files;
}

describe('zipWorkspace and unzipWorkspace', () => {
  it('round-trip text, binary, nested folders, empty files and awkward names byte for byte', () => {
    const binary = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    const files = workspaceFiles({
      'README.md': '# Project\n',
      'src/index.ts': 'export const answer = 42;\n',
      'src/long.ts': 'export const line = 1;\n'.repeat(500),
      'src/deep/er/still/mod.rs': 'fn main() {}\n',
      'src/empty.ts': '',
      'assets/logo.bin': binary,
      'assets/zero': new Uint8Array(0),
      'crlf.txt': 'a\r\nb\r\n',
      'no newline': 'end',
      'docs/café 🚀/naïve.md': 'ünïcödé\n',
      ['__proto__']: 'a file by an unlucky name\n',
      '123': 'a numeric name\n',
    });
    const zip = zipWorkspace(files);
    expect(zip.length).toBeLessThan(400_000);
    expect(asLatin1(loaded(zip))).toEqual(asLatin1(files));
  });

  it('writes Zip64 end records past 65,535 files, where the 16-bit count would wrap', () => {
    const files = new Map(Array.from({ length: 70_000 }, (_, i) => [`d${i % 100}/f${i}.txt`, strToU8(`${i}\n`)] as const));
    const zip = zipWorkspace(files);
    expect(readZipEntries(zip)).toHaveLength(70_000);
    const result = unzipWorkspace(zip, { maxFiles: 100_000 });
    expect(result.ok && result.files.size).toBe(70_000);
    expect(result.ok && Buffer.from(result.files.get('d99/f69999.txt') ?? []).toString()).toBe('69999\n');
  });

  it('round-trips an empty workspace', () => {
    expect(loaded(zipWorkspace(new Map())).size).toBe(0);
  });

  it('counts what it loaded', () => {
    const result = unzipWorkspace(zipWorkspace(workspaceFiles({ a: 'a', b: 'b' })));
    expect(result.counts).toEqual({ loaded: 2, skipped: { ignored: 0, node_modules: 0, git: 0, binary_too_large: 0, too_deep: 0 } });
  });

  it('removes one folder that holds everything', () => {
    const zip = zipSync({ 'project/': {}, 'project/a.txt': strToU8('a'), 'project/src/b.ts': strToU8('b') });
    expect(asLatin1(loaded(zip))).toEqual({ 'a.txt': 'a', 'src/b.ts': 'b' });
  });

  it('removes only one such folder, and none when two folders share the top', () => {
    expect(Object.keys(asLatin1(loaded(zipSync({ 'p/q/a.txt': strToU8('a'), 'p/q/b.txt': strToU8('b') }))))).toEqual(['q/a.txt', 'q/b.txt']);
    expect(Object.keys(asLatin1(loaded(zipSync({ 'p/a.txt': strToU8('a'), 'q/b.txt': strToU8('b') }))))).toEqual(['p/a.txt', 'q/b.txt']);
    expect(Object.keys(asLatin1(loaded(zipSync({ 'p/a.txt': strToU8('a'), 'top.txt': strToU8('t') }))))).toEqual(['p/a.txt', 'top.txt']);
  });

  it("leaves out macOS's __MACOSX metadata, so the common folder still goes", () => {
    const zip = zipSync({ 'project/a.txt': strToU8('a'), '__MACOSX/project/._a.txt': new Uint8Array([0, 5, 22, 7]) });
    expect(asLatin1(loaded(zip))).toEqual({ 'a.txt': 'a' });
  });

  it('reads folder paths written with backslashes, as Windows tools do', () => {
    expect(Object.keys(asLatin1(loaded(zipSync({ 'project\\src\\a.ts': strToU8('a'), 'project\\b.ts': strToU8('b') }))))).toEqual(['b.ts', 'src/a.ts']);
  });

  it('applies the import filter, whatever the order of entries: a .gitignore stored last still counts', () => {
    const zip = zipSync({
      'p/app.log': strToU8('noise'),
      'p/src/a.ts': strToU8('a'),
      'p/node_modules/x/index.js': strToU8('x'),
      'p/.git/HEAD': strToU8('ref: refs/heads/main\n'),
      'p/.gitignore': strToU8('*.log\n'),
    });
    const result = unzipWorkspace(zip);
    expect(result.ok && asLatin1(result.files)).toEqual({ '.gitignore': '*.log\n', 'src/a.ts': 'a' });
    expect(result.counts).toEqual({ loaded: 2, skipped: { ignored: 1, node_modules: 1, git: 1, binary_too_large: 0, too_deep: 0 } });
  });

  it('reads archives written by Info-ZIP (folder entries) and by Python (Zip64 local fields)', () => {
    const infoZip = Buffer.from(
      'UEsDBAoAAAAAALOAeV0AAAAAAAAAAAAAAAAFAAAAcHJvai9QSwMECgAAAAAAs4B5XQAAAAAAAAAAAAAAAAkAAABwcm9qL3NyYy9QSwMECgAAAAAAs4B5XXOSa6YUAAAAFAAAAA0AAABwcm9qL3NyYy9iLnRzZXhwb3J0IGNvbnN0IGIgPSAxOwpQSwMECgAAAAAAs4B5XSAwOjYGAAAABgAAAAoAAABwcm9qL2EudHh0aGVsbG8KUEsBAh4DCgAAAAAAs4B5XQAAAAAAAAAAAAAAAAUAAAAAAAAAAAAQAO1BAAAAAHByb2ovUEsBAh4DCgAAAAAAs4B5XQAAAAAAAAAAAAAAAAkAAAAAAAAAAAAQAO1BIwAAAHByb2ovc3JjL1BLAQIeAwoAAAAAALOAeV1zkmumFAAAABQAAAANAAAAAAAAAAEAAACkgUoAAABwcm9qL3NyYy9iLnRzUEsBAh4DCgAAAAAAs4B5XSAwOjYGAAAABgAAAAoAAAAAAAAAAQAAAKSBiQAAAHByb2ovYS50eHRQSwUGAAAAAAQABADdAAAAtwAAAAAA',
      'base64',
    );
    expect(asLatin1(loaded(infoZip))).toEqual({ 'a.txt': 'hello\n', 'src/b.ts': 'export const b = 1;\n' });
    const python = Buffer.from(
      'UEsDBC0AAAAIAAAAIQCQsr61//////////8NABQAYmlnL3ppcDY0LnR4dAEAEAAkAAAAAAAAABEAAAAAAAAAq8osMDNRSM0rKarkqsLBBgBQSwMEFAAAAAgAs4B5XdD5FTkIAAAABgAAAAkAAABwbGFpbi50eHQryEnMzOMCAFBLAQItAy0AAAAIAAAAIQCQsr61EQAAACQAAAANAAAAAAAAAAAAAACAAQAAAABiaWcvemlwNjQudHh0UEsBAhQDFAAAAAgAs4B5XdD5FTkIAAAABgAAAAkAAAAAAAAAAAAAAIABUAAAAHBsYWluLnR4dFBLBQYAAAAAAgACAHIAAAB/AAAAAAA=',
      'base64',
    );
    expect(asLatin1(loaded(python))).toEqual({ 'big/zip64.txt': 'zip64 entry\n'.repeat(3), 'plain.txt': 'plain\n' });
  });

  it('reads Zip64 central directories and end records', () => {
    const zip = craftZip(
      [
        { name: 'a.txt', data: strToU8('alpha\n') },
        { name: 'dir/b.txt', data: strToU8('beta\n') },
      ],
      { zip64: true },
    );
    expect(asLatin1(loaded(zip))).toEqual({ 'a.txt': 'alpha\n', 'dir/b.txt': 'beta\n' });
  });

  it('reads names that are not UTF-8 as Latin-1', () => {
    const latin1Name = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]); // "café.txt"
    expect(Object.keys(asLatin1(loaded(craftZip([{ name: latin1Name, flags: 0, data: strToU8('x') }]))))).toEqual(['café.txt']);
  });
});
