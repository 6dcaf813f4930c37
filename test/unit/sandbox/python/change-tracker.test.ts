import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeTracker } from '../../../../src/sandbox/python/change-tracker';

const bytes = (text: string) => new TextEncoder().encode(text);

afterEach(() => vi.useRealTimers());

describe('ChangeTracker', () => {
  it('trusts mtime and size once the record is older than the file', () => {
    vi.useFakeTimers({ now: 10_000 });
    const tracker = new ChangeTracker();
    tracker.record('/w/a', 5_000, 3, bytes('abc'));
    expect(tracker.verdict('/w/a', 5_000, 3)).toBe('unchanged');
    expect(tracker.verdict('/w/a', 5_000, 4)).toBe('changed');
    expect(tracker.verdict('/w/b', 5_000, 3)).toBe('changed');
  });

  it('compares bytes for a file recorded in the millisecond it was written', () => {
    vi.useFakeTimers({ now: 10_000 });
    const tracker = new ChangeTracker();
    tracker.record('/w/a', 10_000, 1, bytes('1'));
    // Rewritten in the same millisecond: same mtime, same size.
    expect(tracker.verdict('/w/a', 10_000, 1)).toBe('compare');
    expect(tracker.sameBytes('/w/a', 10_000, bytes('2'))).toBe(false);
    expect(tracker.sameBytes('/w/a', 10_000, bytes('1'))).toBe(true);
  });

  it('compares bytes under a new mtime when it has them, and then keeps the new mtime', () => {
    vi.useFakeTimers({ now: 10_000 });
    const tracker = new ChangeTracker();
    tracker.record('/w/a', 5_000, 1, bytes('1'));
    expect(tracker.verdict('/w/a', 6_000, 1)).toBe('compare');
    expect(tracker.sameBytes('/w/a', 6_000, bytes('1'))).toBe(true);
    expect(tracker.verdict('/w/a', 6_000, 1)).toBe('unchanged');
  });

  it('calls a fresh record without bytes changed, and forgets', () => {
    vi.useFakeTimers({ now: 10_000 });
    const tracker = new ChangeTracker();
    tracker.record('/w/a', 10_000, 1);
    expect(tracker.verdict('/w/a', 10_000, 1)).toBe('changed');
    tracker.forget('/w/a');
    expect(tracker.paths()).toEqual([]);
  });
});
