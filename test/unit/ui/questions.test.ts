import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { waitingQuestion } from '../../../src/ui/state/questions';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const ask: EventPayload<'tool_call'> = {
  type: 'tool_call',
  callId: 'c1',
  name: 'ask_human',
  args: { question: 'Port?' },
  rawArguments: '{"question":"Port?"}',
};
const asked: EventPayload<'human_asked'> = { type: 'human_asked', callId: 'c1', question: 'Port?', kind: 'question', options: ['3000', '8080'] };

describe('questions on the page', () => {
  it('a question makes the run "waiting" until its answer, which the Timeline keeps with it', () => {
    const waiting = reduceAll(initialState, eventLog('run-1', [runStarted('t'), ask, asked]));
    expect(waiting.status).toBe('waiting');
    expect(waitingQuestion(waiting.timeline)).toMatchObject({
      callId: 'c1',
      question: 'Port?',
      questionKind: 'question',
      options: ['3000', '8080'],
      answer: null,
    });
    const answered = reduceAll(
      initialState,
      eventLog('run-1', [runStarted('t'), ask, asked, { type: 'human_answered', callId: 'c1', question: 'Port?', answer: '8080', via: 'page' }]),
    );
    expect(answered.status).toBe('running');
    expect(waitingQuestion(answered.timeline)).toBeNull();
    expect(answered.timeline.find((e) => e.kind === 'question')).toMatchObject({ answer: '8080' });
  });

  it('a question asked again after a resume stays one question, and its call one entry', () => {
    const state = reduceAll(
      initialState,
      eventLog('run-1', [runStarted('t'), ask, asked, { type: 'run_resumed', manifest: null, interruptedCalls: [], reason: 'reloaded' }, ask, asked]),
    );
    expect(state.timeline.filter((e) => e.kind === 'question')).toHaveLength(1);
    expect(state.timeline.filter((e) => e.kind === 'tool')).toHaveLength(1);
    expect(state.status).toBe('waiting');
  });

  it('a run that ends while waiting is no longer waiting, and its question stays unanswered', () => {
    const state = reduceAll(initialState, eventLog('run-1', [runStarted('t'), ask, asked, { type: 'run_finished', status: 'cancelled', iterations: 1 }]));
    expect(state.status).toBe('cancelled');
    expect(state.timeline.find((e) => e.kind === 'question')).toMatchObject({ answer: null });
  });
});
