import { describe, expect, it } from 'vitest';
import { resolveRealPath } from '../../../src/sandbox/real-path';
import { codeOf } from './sandbox-error-code';

/** A file system of links only: every other path is a plain entry (or missing, which is the same here). */
const links = (table: Record<string, string>) => async (path: string) => table[path] ?? null;

describe('resolveRealPath', () => {
  it('normalises a path without links', async () => {
    expect(await resolveRealPath('/a/./b//c/../d', links({}))).toBe('/a/b/d');
    expect(await resolveRealPath('/', links({}))).toBe('/');
  });

  it('follows absolute and relative targets, on the way and at the end', async () => {
    const table = { '/w/abs': '/t/x', '/w/rel': '../u', '/w/chain': 'rel', '/u/deep': 'sub/file' };
    expect(await resolveRealPath('/w/abs', links(table))).toBe('/t/x');
    expect(await resolveRealPath('/w/abs/y', links(table))).toBe('/t/x/y');
    expect(await resolveRealPath('/w/rel/deep', links(table))).toBe('/u/sub/file');
    expect(await resolveRealPath('/w/chain', links(table))).toBe('/u');
  });

  it('reads a relative target from the real directory the link sits in', async () => {
    expect(await resolveRealPath('/w/l/x', links({ '/w/l': '/t/a/b', '/t/a/b/x': '../c' }))).toBe('/t/a/c');
  });

  it('throws ELOOP for a cycle', async () => {
    expect(await codeOf(resolveRealPath('/w/a', links({ '/w/a': 'b', '/w/b': 'a' })))).toBe('ELOOP');
    expect(await codeOf(resolveRealPath('/w/self/x', links({ '/w/self': '/w/self' })))).toBe('ELOOP');
  });
});
