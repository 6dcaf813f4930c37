import { describe, expect, it } from 'vitest';
import { formatEvent } from '../../../src/cli/format-event';
import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION, type EventPayload } from '../../../src/protocol/events';

const stamp = (payload: EventPayload): EngineEvent => EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: 1, ts: 1, runId: 'r' });

describe('formatEvent: waits', () => {
  it('prints a retry as one readable line', () => {
    expect(formatEvent(stamp({ type: 'model_retry', attempt: 1, maxAttempts: 3, delayMs: 1800, reason: 'rate limited, HTTP 429' }))).toBe(
      '  ! Model request failed: rate limited, HTTP 429. Retrying in 2 s (attempt 1 of 3)',
    );
  });

  it('prints nothing for a tool call being prepared (the call itself follows)', () => {
    expect(formatEvent(stamp({ type: 'tool_call_preparing', index: 0, name: 'edit_file', path: 'src/app.ts' }))).toBeNull();
  });
});
