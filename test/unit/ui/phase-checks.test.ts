import { describe, expect, it } from 'vitest';
import type { EventPayload, PhaseCommandResult } from '../../../src/protocol/events';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const result = (command: string, exitCode: number, timedOut = false): PhaseCommandResult => ({
  command,
  passed: exitCode === 0 && !timedOut,
  exitCode,
  timedOut,
  durationMs: 12,
  stdout: '',
  stderr: '',
});
const MANIFEST = 'a'.repeat(64);

function notices(payloads: EventPayload[]) {
  const state = reduceAll(initialState, eventLog('run-1', [runStarted('t', 'plan_exec'), ...payloads]));
  return state.timeline.flatMap((entry) => (entry.kind === 'notice' ? [[entry.level, entry.message]] : entry.kind === 'file' ? [['file', entry.path]] : []));
}

describe('phase validation and rollback in the timeline', () => {
  it('shows a failed validation and the rollback to the phase start, with the files it changed', () => {
    expect(
      notices([
        { type: 'phase_validation', phase: 'building', result: result('npm test', 1) },
        { type: 'phase_rollback_started', phase: 'building', command: null, checkpoint: MANIFEST },
        { type: 'file_changed', path: 'notes.txt', change: 'deleted', before: 'x\n', after: null, diff: '-x' },
        { type: 'phase_rollback_completed', phase: 'building', changed: 1 },
      ]),
    ).toEqual([
      ['warning', 'Validation failed: npm test (exit 1) — the phase stays building.'],
      ['warning', 'Rolling back: the files go back to the start of building.'],
      ['file', 'notes.txt'],
      ['info', 'Files rolled back to the start of building (1 file changed).'],
    ]);
  });

  it('shows a passing validation, a timeout, and a rollback command that passed or failed', () => {
    expect(
      notices([
        { type: 'phase_validation', phase: 'planning', result: result('npm test', 0) },
        { type: 'phase_validation', phase: 'building', result: result('npm test', 124, true) },
        { type: 'phase_rollback_started', phase: 'building', command: 'git checkout .', checkpoint: null },
        { type: 'phase_rollback_completed', phase: 'building', result: result('git checkout .', 0) },
        { type: 'phase_rollback_failed', phase: 'building', reason: '`sleep 5` failed: timed out after 200 ms', result: result('sleep 5', 124, true) },
      ]),
    ).toEqual([
      ['info', 'Validation passed: npm test — leaving planning.'],
      ['warning', 'Validation failed: npm test (timed out) — the phase stays building.'],
      ['warning', 'Rolling back building: git checkout .'],
      ['info', 'Rollback passed: git checkout .'],
      ['warning', 'Rollback of building failed: `sleep 5` failed: timed out after 200 ms'],
    ]);
  });
});
