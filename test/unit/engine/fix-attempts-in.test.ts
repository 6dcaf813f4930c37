import { describe, expect, it } from 'vitest';
import { fixAttemptsIn } from '../../../src/engine/final-check';
import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION, type EventPayload } from '../../../src/protocol/events';

let seq = 0;
const stamp = (payload: EventPayload): EngineEvent => EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: ++seq, ts: 1, runId: 'r' });
const coder = (round: number, fix?: 'review' | 'check') =>
  stamp({ type: 'role_started', role: 'coder', round, systemPrompt: 's', brief: 'b', ...(fix ? { fix } : {}) });

describe('the fix attempts a log gave, as a resumed run counts them', () => {
  it('counts each mode’s way of sending failures back, and nothing else', () => {
    const log = [
      stamp({ type: 'user_message', text: 'the check failed', reason: 'final_check_failed' }),
      stamp({ type: 'phase_changed', from: 'verification', to: 'building', reason: 'the check failed', auto: true }),
      stamp({ type: 'phase_changed', from: 'building', to: 'verification', reason: 'fixed', auto: false }),
      coder(1),
      coder(2, 'review'),
      coder(3, 'check'),
    ];
    expect(fixAttemptsIn(log)).toBe(3);
    expect(fixAttemptsIn([coder(1), coder(2, 'check'), coder(3, 'check')])).toBe(2);
  });
});
