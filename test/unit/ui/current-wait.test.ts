import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { currentWait } from '../../../src/ui/state/current-wait';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const T0 = 1_700_000_000_000;
/** Events 1000 ms apart: event i has ts T0 + 1000 i. */
const log = (...payloads: EventPayload[]) => eventLog('r1', [runStarted('t'), ...payloads], 0, 1000);

const iteration: EventPayload = { type: 'iteration_started', iteration: 1 };
const retry: EventPayload = { type: 'model_retry', attempt: 1, maxAttempts: 3, delayMs: 2000, reason: 'network error' };
const reply: EventPayload = { type: 'assistant_message', text: '', toolCalls: [{ id: 'c1', name: 'edit_file', arguments: '{}' }] };

describe('currentWait', () => {
  it('waits on the model from the iteration that sent the request until the first delta', () => {
    expect(currentWait(log(iteration))).toEqual({ kind: 'model', since: T0 + 1000 });
    // Context shaped to fit, a note or the usage do not end the wait.
    expect(currentWait(log(iteration, { type: 'notice', level: 'warning', message: 'compacting' }))).toEqual({ kind: 'model', since: T0 + 1000 });
    expect(currentWait(log(iteration, { type: 'model_delta', text: 'Hi' }))).toBeNull();
  });

  it('shows a tool call being prepared, its path once known, until the reply ends', () => {
    const preparing: EventPayload = { type: 'tool_call_preparing', index: 0, name: 'edit_file' };
    expect(currentWait(log(iteration, preparing))).toEqual({ kind: 'preparing', name: 'edit_file', path: null });
    const withPath: EventPayload = { ...preparing, path: 'src/app.ts' };
    expect(currentWait(log(iteration, preparing, withPath))).toEqual({ kind: 'preparing', name: 'edit_file', path: 'src/app.ts' });
    expect(
      currentWait(
        log(iteration, preparing, withPath, { type: 'usage', promptTokens: 1, completionTokens: 1, estimated: false, contextWindow: 8000, requestTokens: 1 }),
      ),
    ).toMatchObject({
      kind: 'preparing',
    });
    expect(currentWait(log(iteration, preparing, withPath, reply))).toBeNull();
  });

  it('counts a retry down to its delay, from its own entry; a later prepared call takes over', () => {
    const events = log(iteration, retry);
    expect(currentWait(events)).toEqual({ kind: 'retry', entryId: 'r1:2', until: T0 + 2000 + 2000 });
    expect(currentWait(log(iteration, { type: 'tool_call_preparing', index: 0, name: 'run_tests' }, retry))).toMatchObject({ kind: 'retry' });
    expect(currentWait(log(iteration, retry, { type: 'tool_call_preparing', index: 0, name: 'run_tests' }))).toMatchObject({
      kind: 'preparing',
      name: 'run_tests',
    });
    // The retry's entry in the timeline has the id the wait points at.
    expect(reduceAll(initialState, events).timeline.at(-1)).toMatchObject({ kind: 'retry', id: 'r1:2', attempt: 1, maxAttempts: 3, delayMs: 2000 });
  });

  it('waits on the model while a recovery asks for a critique', () => {
    expect(currentWait(log({ type: 'recovery_started', trigger: 'llm_failure', detail: 'x' } as EventPayload))).toEqual({ kind: 'model', since: T0 + 1000 });
  });

  it('waits on nothing while tools run, a question waits, or after the run', () => {
    expect(currentWait(log(iteration, reply))).toBeNull();
    expect(currentWait(log(iteration, reply, { type: 'tool_call', callId: 'c1', name: 'edit_file', args: {}, rawArguments: '{}' } as EventPayload))).toBeNull();
    expect(currentWait(log(iteration, { type: 'run_finished', status: 'cancelled', iterations: 1 }))).toBeNull();
    expect(currentWait([])).toBeNull();
  });

  it('reads the log up to a replay position', () => {
    const events = log(iteration, { type: 'model_delta', text: 'Hi' });
    expect(currentWait(events, 2)).toEqual({ kind: 'model', since: T0 + 1000 });
    expect(currentWait(events, 1)).toBeNull();
  });
});
