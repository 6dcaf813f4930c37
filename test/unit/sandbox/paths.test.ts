import { describe, expect, it } from 'vitest';
import { joinPath, normalizeAbsolutePath, parentOf, relativeTo, resolvePath } from '../../../src/sandbox/paths';
import { SandboxError } from '../../../src/sandbox/port';
import { carryEnv } from '../../../src/sandbox/shell-state';

describe('sandbox paths', () => {
  it('normalizes absolute paths and refuses relative ones', () => {
    expect(normalizeAbsolutePath('/a//b/./c/../d/')).toBe('/a/b/d');
    expect(normalizeAbsolutePath('/../..')).toBe('/');
    expect(() => normalizeAbsolutePath('a/b')).toThrow(SandboxError);
    expect(() => normalizeAbsolutePath('')).toThrow(/absolute/);
    expect(resolvePath('/w/x', '../y')).toBe('/w/y');
    expect(resolvePath('/w/x', '/z')).toBe('/z');
  });

  it('finds parents, joins and relativizes', () => {
    expect(parentOf('/a/b')).toBe('/a');
    expect(parentOf('/a')).toBe('/');
    expect(parentOf('/')).toBe('/');
    expect(joinPath('/', 'a')).toBe('/a');
    expect(joinPath('/a', 'b')).toBe('/a/b');
    expect(relativeTo('/home/ws', '/home/ws')).toBe('.');
    expect(relativeTo('/home/ws', '/home/ws/src/a.ts')).toBe('src/a.ts');
    expect(relativeTo('/home/ws', '/home/wsx/a')).toBeNull();
    expect(relativeTo('/', '/etc')).toBe('etc');
  });
});

describe('carryEnv', () => {
  it('keeps what the command set, drops shell bookkeeping, and restores one-off variables', () => {
    const next = carryEnv(
      { KEEP: 'old', SHADOWED: 'before' },
      { ONCE: 'x', SHADOWED: 'during', CHANGED: 'given' },
      { KEEP: 'new', ONCE: 'x', SHADOWED: 'during', CHANGED: 'set by command', PWD: '/w', '?': '0', BASH_VERSION: '5' },
    );
    expect(next).toEqual({ KEEP: 'new', SHADOWED: 'before', CHANGED: 'set by command' });
  });
});
