import { describe, expect, it } from 'vitest';
import { forgetFailure, readRememberedFailure, REMEMBER_FOR_MS, rememberFailure, WEBCONTAINER_FAILED_KEY } from '../../../../src/ui/sandbox/remembered-failure';
import { memoryStore } from '../memory-storage';

describe('remembered WebContainer failure', () => {
  it('keeps the time and reason, and forgets them', () => {
    const storage = memoryStore();
    expect(readRememberedFailure(storage, 2000)).toBeNull();
    rememberFailure(storage, { at: 1000, reason: 'timed out' });
    expect(JSON.parse(storage.data.get(WEBCONTAINER_FAILED_KEY) ?? '')).toEqual({ at: 1000, reason: 'timed out' });
    expect(readRememberedFailure(storage, 2000)).toEqual({ at: 1000, reason: 'timed out' });
    forgetFailure(storage);
    expect(readRememberedFailure(storage, 2000)).toBeNull();
  });

  it('forgets a failure after a day, so the page checks again', () => {
    const storage = memoryStore();
    rememberFailure(storage, { at: 1000, reason: 'timed out' });
    expect(readRememberedFailure(storage, 1000 + REMEMBER_FOR_MS)).toEqual({ at: 1000, reason: 'timed out' });
    expect(readRememberedFailure(storage, 1001 + REMEMBER_FOR_MS)).toBeNull();
  });

  it('treats a damaged entry or missing storage as nothing remembered', () => {
    expect(readRememberedFailure(memoryStore({ [WEBCONTAINER_FAILED_KEY]: '{not json' }), 2000)).toBeNull();
    expect(readRememberedFailure(memoryStore({ [WEBCONTAINER_FAILED_KEY]: '{"at":"soon","reason":"x"}' }), 2000)).toBeNull();
    expect(readRememberedFailure(null, 2000)).toBeNull();
    expect(() => rememberFailure(null, { at: 1, reason: 'x' })).not.toThrow();
  });

  it('survives storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readRememberedFailure(throwing, 2000)).toBeNull();
    expect(() => rememberFailure(throwing, { at: 1, reason: 'x' })).not.toThrow();
    expect(() => forgetFailure(throwing)).not.toThrow();
  });
});
