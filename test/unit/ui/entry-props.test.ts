import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../../src/ui/state/reducer';
import { entryProps } from '../../../src/ui/timeline/entry-props';

const tool: TimelineEntry = { kind: 'tool', id: 'r:1', callId: 'c1', name: 'read_file', args: {}, rawArguments: '{}', result: null };
const restorable: TimelineEntry = { ...tool, id: 'r:2', checkpoint: 'manifest' };
const retry: TimelineEntry = { kind: 'retry', id: 'r:3', attempt: 1, maxAttempts: 3, delayMs: 2000, reason: 'busy' };
const question: TimelineEntry = { kind: 'question', id: 'r:4', callId: 'c4', question: 'Which?', questionKind: 'question', options: [], answer: null };
const note: TimelineEntry = { kind: 'notice', id: 'r:5', level: 'info', message: 'hello' };
const handoff: TimelineEntry = {
  kind: 'handoff',
  id: 'r:6',
  role: 'reviewer',
  round: 1,
  handoff: { kind: 'review', review: { verdict: 'approve', findings: [] } },
};

/** The page's per-render objects: new every time the Timeline renders. */
function shared(waiting: TimelineEntry | null = null) {
  return { endActions: { retry() {} }, wait: { live: true }, onAnswer: () => {}, waiting, openFile: () => Promise.resolve(null) };
}

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => Object.is(a[key], b[key]));
}

describe('the props a Timeline entry is rendered with', () => {
  it('stay equal across renders for an entry that reads none of the per-render objects', () => {
    for (const entry of [tool, note, question]) {
      expect(shallowEqual(entryProps(entry, shared()), entryProps(entry, shared())), entry.kind).toBe(true);
    }
  });

  it('carry what the entry reads: end actions for a restorable step, the wait for a retry, the answer for the waited question, the file opener for a handoff', () => {
    const now = shared(question);
    expect(entryProps(restorable, now).endActions).toBe(now.endActions);
    expect(entryProps(tool, now).endActions).toBeNull();
    expect(entryProps(retry, now).wait).toBe(now.wait);
    expect(entryProps(note, now).wait).toBeNull();
    expect(entryProps(question, now).onAnswer).toBe(now.onAnswer);
    expect(entryProps(question, shared(null)).onAnswer).toBeNull();
    expect(entryProps(handoff, now).openFile).toBe(now.openFile);
    expect(entryProps(tool, now).openFile).toBeNull();
  });
});
