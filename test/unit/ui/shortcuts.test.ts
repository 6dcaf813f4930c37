import { describe, expect, it } from 'vitest';
import { shortcutFor, SHORTCUTS } from '../../../src/ui/use-shortcuts';

const key = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  key,
  ctrlKey: mods.ctrlKey ?? false,
  metaKey: mods.metaKey ?? false,
  altKey: mods.altKey ?? false,
});

describe('shortcutFor', () => {
  it('matches Ctrl (or ⌘) shortcuts anywhere', () => {
    expect(shortcutFor(key(',', { ctrlKey: true }), true)).toBe('settings');
    expect(shortcutFor(key('k', { ctrlKey: true }), false)).toBe('task');
    expect(shortcutFor(key('k', { metaKey: true }), true)).toBe('task');
    expect(shortcutFor(key('k', { ctrlKey: true, altKey: true }), false)).toBeNull();
    // Ctrl+Enter belongs to the Task box itself.
    expect(shortcutFor(key('Enter', { ctrlKey: true }), false)).toBeNull();
  });

  it('takes ? and Escape only outside text fields', () => {
    expect(shortcutFor(key('?'), false)).toBe('help');
    expect(shortcutFor(key('Escape'), false)).toBe('stop');
    expect(shortcutFor(key('?'), true)).toBeNull();
    expect(shortcutFor(key('Escape'), true)).toBeNull();
    expect(shortcutFor(key('a'), false)).toBeNull();
  });

  it('lists the four shortcuts the dialog shows', () => {
    expect(SHORTCUTS.map((s) => s.keys)).toEqual(['Ctrl+Enter', 'Escape', 'Ctrl+,', 'Ctrl+K']);
  });
});
