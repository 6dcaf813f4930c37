import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { rollBackBlocked } from '../../../src/ui/components/Timeline';
import { initialState, reduceAll, sessionChangedFiles, type TimelineEntry } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const snapshot = (manifest: string, reason: 'run_start' | 'step' | 'run_end', changed: number): EventPayload => ({
  type: 'workspace_snapshot',
  manifest,
  reason,
  files: 3,
  bytes: 100,
  changed,
});
const failed: EventPayload = { type: 'run_finished', status: 'failed', errorCode: 'llm_failure', reason: 'down', iterations: 1, lastCheckpoint: HASH_A };
const endOf = (timeline: readonly TimelineEntry[]) => timeline.findLast((entry): entry is Extract<TimelineEntry, { kind: 'end' }> => entry.kind === 'end');

describe('a run that changed nothing', () => {
  it('offers no roll back and no patch: its files are the ones it started with', () => {
    const state = reduceAll(initialState, eventLog('run-1', [runStarted('t'), snapshot(HASH_A, 'run_start', 3), failed]));
    const end = endOf(state.timeline);
    expect(end).toMatchObject({ lastCheckpoint: HASH_A, finalFiles: HASH_A });
    expect(end && rollBackBlocked(end)).toBe('The run changed no files: there is nothing to roll back.');
    expect(sessionChangedFiles(state)).toBe(false);
  });

  it('a run that wrote a file offers both', () => {
    const state = reduceAll(initialState, eventLog('run-1', [runStarted('t'), snapshot(HASH_A, 'run_start', 3), snapshot(HASH_B, 'step', 1), failed]));
    const end = endOf(state.timeline);
    expect(end && rollBackBlocked(end)).toBeNull();
    expect(sessionChangedFiles(state)).toBe(true);
  });

  it('the patch compares the session from its first run: a later run that changes nothing keeps it; a new session starts over', () => {
    const first = reduceAll(initialState, eventLog('run-1', [runStarted('t'), snapshot(HASH_A, 'run_start', 3), snapshot(HASH_B, 'step', 1), failed]));
    const followUp = reduceAll(first, eventLog('run-2', [{ ...runStarted('again'), sessionId: 'run-1' }, snapshot(HASH_B, 'run_start', 3), failed]));
    expect(sessionChangedFiles(followUp)).toBe(true);
    const other = reduceAll(followUp, eventLog('run-3', [runStarted('elsewhere'), snapshot(HASH_B, 'run_start', 3)]));
    expect(sessionChangedFiles(other)).toBe(false);
    // Before any snapshot nothing is known to have changed.
    expect(sessionChangedFiles(reduceAll(initialState, eventLog('run-4', [runStarted('t')])))).toBe(false);
  });
});
