import { describe, expect, it } from 'vitest';
import { EARLIER_RUN_LIMITS, earlierRunsOf, earlierRunsSection } from '../../../src/engine/earlier-runs';
import { buildTaskMessage } from '../../../src/engine/prompt';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';

let seq = 0;
const event = (runId: string, payload: EventPayload): EngineEvent => ({ v: 1, seq: seq++, ts: seq, runId, ...payload }) as EngineEvent;
const started = (runId: string, task: string) =>
  event(runId, {
    type: 'run_started',
    task,
    mode: 'react',
    model: { kind: 'scripted', name: 'demo', label: 'Demo (scripted)' },
    sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'test' },
    maxIterations: 5,
  });
const changed = (runId: string, path: string) => event(runId, { type: 'file_changed', path, change: 'edited', before: 'a', after: 'b', diff: '' });

describe('earlier runs of a session', () => {
  it('reads each run: its task, how it ended, what it said and the files it changed', () => {
    const runs = earlierRunsOf([
      started('a', 'Add slugify'),
      changed('a', 'src/slugify.sh'),
      changed('a', 'src/slugify.sh'),
      changed('a', 'tests/slugify_test.sh'),
      event('a', { type: 'run_finished', status: 'completed', iterations: 3, summary: 'Added slugify.' }),
      started('b', 'Break it'),
      event('b', { type: 'run_finished', status: 'failed', iterations: 1, reason: 'The model was unreachable.' }),
      started('c', 'Cut off'),
    ]);
    expect(runs).toEqual([
      { task: 'Add slugify', status: 'completed', outcome: 'Added slugify.', changedFiles: ['src/slugify.sh', 'tests/slugify_test.sh'] },
      { task: 'Break it', status: 'failed', outcome: 'The model was unreachable.', changedFiles: [] },
      { task: 'Cut off', status: 'interrupted', outcome: null, changedFiles: [] },
    ]);
  });

  it('says nothing for a first run, and describes the latest runs, each cut to fit, after the task', () => {
    expect(buildTaskMessage('Do it')).toBe('Task:\nDo it');
    const many = Array.from({ length: 7 }, (_, i) => ({
      task: `Task ${i + 1}\nsecond line`,
      status: 'completed' as const,
      outcome: 'x'.repeat(1000),
      changedFiles: Array.from({ length: 25 }, (_, f) => `f${f}.txt`),
    }));
    const message = buildTaskMessage('Do it', earlierRunsSection(many));
    expect(message.startsWith('Task:\nDo it\n\nEarlier runs in this session')).toBe(true);
    expect(message).not.toContain('"Task 2');
    expect(message).toContain('3. "Task 3 second line" (completed)');
    expect(message).toContain('7. "Task 7 second line"');
    expect(message).toContain('f19.txt and 5 more');
    const outcome = message.split('Outcome: ')[1]?.split('\n')[0] ?? '';
    expect(outcome.length).toBe(EARLIER_RUN_LIMITS.outcome);
    expect(earlierRunsSection([{ task: 't', status: 'cancelled', outcome: null, changedFiles: [] }])).toContain(
      '1. "t" (cancelled). Files changed: none. Outcome: (none)',
    );
  });
});
