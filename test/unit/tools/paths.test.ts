import { describe, expect, it } from 'vitest';
import { displayPath, joinPath, normaliseAbsolute, parentDir, resolveWorkspacePath } from '../../../src/tools/paths';

const resolve = (input: string, workdir = '/workspace') => resolveWorkspacePath(workdir, input);

describe('resolveWorkspacePath', () => {
  it.each([
    ['src/a.ts', '/workspace/src/a.ts', 'src/a.ts'],
    ['./src/a.ts', '/workspace/src/a.ts', 'src/a.ts'],
    ['src//lib/./a.ts', '/workspace/src/lib/a.ts', 'src/lib/a.ts'],
    ['src/lib/../a.ts', '/workspace/src/a.ts', 'src/a.ts'],
    ['src/', '/workspace/src', 'src'],
    ['.', '/workspace', '.'],
    ['/workspace', '/workspace', '.'],
    ['/workspace/', '/workspace', '.'],
    ['/workspace/src/a.ts', '/workspace/src/a.ts', 'src/a.ts'],
    ['/workspace/src/../README.md', '/workspace/README.md', 'README.md'],
    ['  src/a.ts  ', '/workspace/src/a.ts', 'src/a.ts'],
  ])('resolves %j inside the workspace', (input, absolute, display) => {
    expect(resolve(input)).toEqual({ ok: true, absolute, display });
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['..', /climbs above/],
    ['../secret', /climbs above/],
    ['src/../../etc/passwd', /climbs above/],
    ['/etc/passwd', /outside the workspace/],
    ['/', /outside the workspace/],
    ['/workspace2/file', /outside the workspace/],
    ['/workspace/../etc', /outside the workspace/],
    ['~/notes.txt', /home directory/],
    ['a\0b', /NUL/],
  ])('rejects %j', (input, message) => {
    const result = resolve(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(message);
      expect(result.error).toContain('/workspace');
    }
  });

  it('works with a workspace at the file-system root', () => {
    expect(resolve('a/b', '/')).toEqual({ ok: true, absolute: '/a/b', display: 'a/b' });
    expect(resolve('/x', '/')).toEqual({ ok: true, absolute: '/x', display: 'x' });
  });

  it('accepts a workdir given with a trailing slash', () => {
    expect(resolve('a', '/home/project/')).toEqual({ ok: true, absolute: '/home/project/a', display: 'a' });
  });
});

describe('path helpers', () => {
  it('normalises absolute paths', () => {
    expect(normaliseAbsolute('/a/./b/../c/')).toBe('/a/c');
    expect(normaliseAbsolute('/../..')).toBe('/');
  });
  it('joins and splits', () => {
    expect(joinPath('/a', 'b')).toBe('/a/b');
    expect(joinPath('/', 'b')).toBe('/b');
    expect(parentDir('/a/b')).toBe('/a');
    expect(parentDir('/a')).toBe('/');
  });
  it('shows paths relative to the workspace', () => {
    expect(displayPath('/workspace', '/workspace/src/a.ts')).toBe('src/a.ts');
    expect(displayPath('/workspace', '/workspace')).toBe('.');
  });
});
