import { describe, expect, it } from 'vitest';
import { retriedText, retryingText, wholeSeconds } from '../../../src/protocol/retry-text';

const retry = { attempt: 1, maxAttempts: 3, delayMs: 1500, reason: 'network error' };

/** Parentheses inside parentheses, like "(rate limited (HTTP 429))". */
const NESTED = /\([^)]*\(/;

describe('the retry line', () => {
  it('names the failure, the wait in whole seconds (rounded up) and the attempt', () => {
    expect(retryingText(retry)).toBe('Model request failed: network error. Retrying in 2 s (attempt 1 of 3)');
    expect(retryingText({ ...retry, reason: 'rate limited, HTTP 429', delayMs: 30 })).toBe(
      'Model request failed: rate limited, HTTP 429. Retrying in 1 s (attempt 1 of 3)',
    );
  });

  it('counts down from the remaining time, and says "now" at zero', () => {
    expect(retryingText(retry, 1200)).toContain('Retrying in 2 s');
    expect(retryingText(retry, 999)).toContain('Retrying in 1 s');
    expect(retryingText(retry, 0)).toContain('Retrying now (attempt 1 of 3)');
    expect(retryingText(retry, -40)).toContain('Retrying now');
  });

  it('reads as past once something came after it', () => {
    expect(retriedText({ ...retry, attempt: 2 })).toBe('Model request failed: network error. Retried after 2 s (attempt 2 of 3)');
    expect(retriedText({ ...retry, delayMs: 0 })).toBe('Model request failed: network error. Retried at once (attempt 1 of 3)');
  });

  it('never nests parentheses nor shows milliseconds', () => {
    for (const delayMs of [0, 10, 999, 1000, 30_000]) {
      for (const text of [retryingText({ ...retry, delayMs }), retriedText({ ...retry, delayMs })]) {
        expect(text).not.toMatch(NESTED);
        expect(text).not.toMatch(/\bms\b/);
      }
    }
  });

  it('rounds whole seconds up and never below zero', () => {
    expect([wholeSeconds(0), wholeSeconds(1), wholeSeconds(1000), wholeSeconds(1001), wholeSeconds(-5)]).toEqual([0, 1, 1, 2, 0]);
  });
});
