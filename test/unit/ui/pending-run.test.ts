import { describe, expect, it } from 'vitest';
import { pendingTimeline } from '../../../src/ui/state/pending-run';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

describe('the Timeline of a run that waits to start', () => {
  const afterOneRun = reduceAll(initialState, eventLog('run-1', [runStarted('First'), { type: 'assistant_message', text: 'Done.', toolCalls: [] }]));

  it('shows only the task on an empty page', () => {
    expect(pendingTimeline(initialState, 'Do it', false)).toEqual([{ kind: 'task', id: 'pending-task', task: 'Do it', run: 1, playedTask: null }]);
  });

  it('adds the task as the next run of the session on the page', () => {
    const entries = pendingTimeline(afterOneRun, 'Again', false);
    expect(entries.slice(0, -1)).toEqual(afterOneRun.timeline);
    expect(entries.at(-1)).toMatchObject({ kind: 'task', task: 'Again', run: 2 });
  });

  it('starts afresh for a scripted demo, which plays in a session of its own', () => {
    expect(pendingTimeline(afterOneRun, 'Again', true)).toHaveLength(1);
  });
});
