import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { backoffMs, classifyFailure, retryAfterMs } from '../../../src/model/openai-failure';
import { redactSecret } from '../../../src/model/redact';

const ctx = { host: 'api.example.com', apiKey: 'sk-live-abcdef123456', signal: undefined };

describe('retryAfterMs', () => {
  it('prefers retry-after-ms, then retry-after seconds, then an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2.5' }))).toBe(2500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles per attempt, jitters by ±25% and respects the cap', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000, () => 0.5)).toBe(4000);
    expect(backoffMs(3, 1000, 60_000, () => 0)).toBe(3000);
    expect(backoffMs(3, 1000, 60_000, () => 1)).toBe(5000);
    expect(backoffMs(10, 1000, 8000, () => 0.5)).toBe(8000);
  });
});

describe('classifyFailure', () => {
  it('treats a user abort as aborted, never retried', () => {
    const f = classifyFailure(new APIUserAbortError(), ctx);
    expect([f.error.code, f.retry]).toEqual(['aborted', false]);
  });

  it('maps status codes to codes and retry decisions', () => {
    const cases: [number, string, boolean][] = [
      [401, 'auth', false],
      [403, 'auth', false],
      [429, 'rate_limited', true],
      [500, 'server', true],
      [502, 'server', true],
      [400, 'bad_response', false],
      [404, 'bad_response', false],
    ];
    for (const [status, code, retry] of cases) {
      const f = classifyFailure(APIError.generate(status, { message: 'x' }, undefined, new Headers()), ctx);
      expect([status, f.error.code, f.retry]).toEqual([status, code, retry]);
    }
  });

  it('maps connection failures to network, retried', () => {
    const f = classifyFailure(new APIConnectionError({ cause: new TypeError('fetch failed') }), ctx);
    expect([f.error.code, f.retry]).toEqual(['network', true]);
    expect(f.error.message).toContain('api.example.com');
  });

  it('gives short reasons without parentheses, as the retry line puts them in a sentence', () => {
    const reasons = [
      classifyFailure(APIError.generate(429, { message: 'x' }, undefined, new Headers()), ctx).reason,
      classifyFailure(APIError.generate(503, { message: 'x' }, undefined, new Headers()), ctx).reason,
      classifyFailure(new APIConnectionError({ cause: new TypeError('fetch failed') }), ctx).reason,
      classifyFailure(new Error('socket hang up'), ctx).reason,
    ];
    expect(reasons).toEqual(['rate limited, HTTP 429', 'server error, HTTP 503', 'network error', 'network error, stream interrupted']);
  });

  it('keeps the key out of messages built from server text', () => {
    const err = APIError.generate(403, { message: `key ${ctx.apiKey} is disabled` }, undefined, new Headers());
    expect(classifyFailure(err, ctx).error.message).not.toContain(ctx.apiKey);
  });
});

describe('redactSecret', () => {
  it('removes the secret and key-shaped tokens, keeps the rest', () => {
    expect(redactSecret('bad key abc123XYZ!', 'abc123XYZ')).toBe('bad key [redacted]!');
    expect(redactSecret('Incorrect API key provided: sk-proj-abc***wxyz.', '')).toBe('Incorrect API key provided: [redacted].');
    expect(redactSecret('nothing secret here', 'zzz')).toBe('nothing secret here');
  });
});
