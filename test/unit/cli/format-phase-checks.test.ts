import { describe, expect, it } from 'vitest';
import { formatEvent } from '../../../src/cli/format-event';
import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION, type EventPayload } from '../../../src/protocol/events';

const stamp = (payload: EventPayload): EngineEvent => EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: 1, ts: 1, runId: 'r' });
const result = (command: string, exitCode: number) => ({ command, passed: exitCode === 0, exitCode, timedOut: false, durationMs: 5, stdout: '', stderr: '' });

describe('formatEvent: phase validation and rollback', () => {
  it('prints one line each', () => {
    const lines = (
      [
        { type: 'phase_validation', phase: 'building', result: result('npm test', 0) },
        { type: 'phase_validation', phase: 'building', result: result('npm test', 1) },
        { type: 'phase_rollback_started', phase: 'building', command: null, checkpoint: 'b'.repeat(64) },
        { type: 'phase_rollback_completed', phase: 'building', changed: 2 },
        { type: 'phase_rollback_started', phase: 'building', command: 'git checkout .', checkpoint: null },
        { type: 'phase_rollback_completed', phase: 'building', result: result('git checkout .', 0) },
        { type: 'phase_rollback_failed', phase: 'building', reason: 'no checkpoint of the start of building is stored' },
      ] satisfies EventPayload[]
    ).map((payload) => formatEvent(stamp(payload)));
    expect(lines).toEqual([
      '  ✓ validation passed: npm test',
      '  ✗ validation failed: npm test (exit 1) — staying in building',
      '  ⟲ rollback of building: restoring the files to its start',
      '  ⟲ files rolled back to the start of building (2 changed)',
      '  ⟲ rollback of building: git checkout .',
      '  ⟲ rollback passed: git checkout .',
      '  ✗ rollback of building failed: no checkpoint of the start of building is stored',
    ]);
  });
});
