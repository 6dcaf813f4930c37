import { describe, expect, it } from 'vitest';
import { earlierRunsOf, earlierRunsSection, userEditsLine } from '../../../src/engine/earlier-runs';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';
import { editDraft, isUnsaved, savedDraft, settleDrafts } from '../../../src/ui/editor/drafts';
import { editReadOnlyReason } from '../../../src/ui/editor/edit-permission';
import { changedFiles, userEditedFiles } from '../../../src/ui/explorer/changes';
import { followUpOffered } from '../../../src/ui/state/follow-up';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const finished: EventPayload<'run_finished'> = { type: 'run_finished', status: 'completed', iterations: 1, summary: 'Done.' };

const agentWrite = (path: string, before: string | null, after: string): EventPayload<'file_changed'> => ({
  type: 'file_changed',
  path,
  change: before === null ? 'created' : 'edited',
  before,
  after,
  diff: `+${after}`,
});

const userEdit = (path: string, before: string, after: string): EventPayload<'file_changed'> => ({
  ...agentWrite(path, before, after),
  diff: `--- a/${path}\n+++ b/${path}\n-${before}\n+${after}\n`,
  by: 'user',
});

/** Two runs of one session with a user edit between them, stamped as the worker stamps them (the edit under the first run). */
function twoRunsWithAnEdit(): EngineEvent[] {
  const first = eventLog('run-1', [
    runStarted('Write a notes file.'),
    agentWrite('NOTES.md', null, 'notes'),
    finished,
    userEdit('NOTES.md', 'notes', 'my notes'),
  ]);
  const second = eventLog('run-2', [{ ...runStarted('Now show them.'), sessionId: 'run-1' }, finished], first.length);
  return [...first, ...second];
}

describe('the Timeline as one thread', () => {
  it('opens each run with the user’s message and shows the user’s edit between the runs, with its diff', () => {
    const state = reduceAll(initialState, twoRunsWithAnEdit());
    expect(state.timeline.map((entry) => entry.kind)).toEqual(['task', 'file', 'end', 'user_edit', 'task', 'end']);
    expect(state.timeline[0]).toMatchObject({ kind: 'task', task: 'Write a notes file.', run: 1 });
    expect(state.timeline[3]).toMatchObject({ kind: 'user_edit', path: 'NOTES.md', change: 'edited', diff: expect.stringContaining('+my notes') });
    expect(state.timeline[4]).toMatchObject({ kind: 'task', task: 'Now show them.', run: 2 });
    // The Editor shows the saved text; the file stays as the agent's change showed it.
    expect(state.files['NOTES.md']).toMatchObject({ content: 'my notes', origin: 'created' });
  });

  it('replays the edit at its place: before it the file is the agent’s, after it the user’s', () => {
    const log = twoRunsWithAnEdit();
    const at = log.findIndex((event) => event.type === 'file_changed' && event.by === 'user');
    expect(reduceAll(initialState, log.slice(0, at)).files['NOTES.md']?.content).toBe('notes');
    expect(reduceAll(initialState, log.slice(0, at + 1)).files['NOTES.md']?.content).toBe('my notes');
  });
});

describe('the explorer’s marks', () => {
  it('marks the user’s files apart from the runs’ changes, up to the position shown', () => {
    const log = twoRunsWithAnEdit();
    expect([...changedFiles(log)]).toEqual([['NOTES.md', 'new']]);
    expect([...userEditedFiles(log)]).toEqual(['NOTES.md']);
    expect([...userEditedFiles(log, 3)]).toEqual([]);
    // A file only the user changed has no run badge.
    const onlyUser = eventLog('run-1', [runStarted('t'), finished, userEdit('README.md', 'a', 'b')]);
    expect(changedFiles(onlyUser).size).toBe(0);
    expect([...userEditedFiles(onlyUser)]).toEqual(['README.md']);
  });
});

describe('the next run is told', () => {
  it('names the files the user edited since the last run, not as that run’s changes', () => {
    const runs = earlierRunsOf(twoRunsWithAnEdit().slice(0, 4));
    expect(runs).toEqual([{ task: 'Write a notes file.', status: 'completed', outcome: 'Done.', changedFiles: ['NOTES.md'], userEdited: ['NOTES.md'] }]);
    expect(earlierRunsSection(runs)).toMatch(
      /\n1\. "Write a notes file\." \(completed\)\. Files changed: NOTES\.md\. Outcome: Done\.\nThe user edited NOTES\.md since the last run\.$/,
    );
    // Edits after an earlier run (not the last) were told to the run after them.
    const older = [
      { task: 'first', status: 'completed' as const, outcome: null, changedFiles: [], userEdited: ['old.ts'] },
      { task: 'later', status: 'completed' as const, outcome: null, changedFiles: [] },
    ];
    expect(earlierRunsSection(older)).not.toContain('The user edited');
    expect(userEditsLine(['src/a.ts', 'README.md'])).toBe('The user edited src/a.ts, README.md since the last run.');
    expect(userEditsLine([])).toBe('');
  });
});

describe('drafts in the Editor', () => {
  it('keep unsaved text per file, drop it once saved and shown, and with its file', () => {
    let drafts = editDraft({}, 'a.ts', 'a2', 'a1');
    drafts = editDraft(drafts, 'b.ts', 'b2', 'b1');
    expect(isUnsaved(drafts['a.ts'])).toBe(true);
    // Typed back to the file's text: nothing to keep.
    expect(editDraft(drafts, 'b.ts', 'b1', 'b1')['b.ts']).toBeUndefined();
    // Saved: no longer unsaved, kept until the page shows the saved text, then gone.
    drafts = savedDraft(drafts, 'a.ts', 'a2');
    expect(isUnsaved(drafts['a.ts'])).toBe(false);
    expect(settleDrafts(drafts, { 'a.ts': { content: 'a1' }, 'b.ts': { content: 'b1' } })['a.ts']).toBeDefined();
    const settled = settleDrafts(drafts, { 'a.ts': { content: 'a2' }, 'b.ts': { content: 'b1' } });
    expect(Object.keys(settled)).toEqual(['b.ts']);
    // A new session: the files are gone, and so are their drafts.
    expect(settleDrafts(settled, {})).toEqual({});
  });

  it('are editable only between runs of the user’s own session, at its end, and say why not', () => {
    const between = { running: false, importing: false, replaying: false, replayOnly: false, readyMade: false, interrupted: false, sessionId: 's' };
    expect(editReadOnlyReason(between)).toBeNull();
    expect(editReadOnlyReason({ ...between, running: true })).toMatch(/run is under way/);
    expect(editReadOnlyReason({ ...between, replaying: true })).toMatch(/replay/);
    expect(editReadOnlyReason({ ...between, replayOnly: true })).toMatch(/shared session/);
    expect(editReadOnlyReason({ ...between, readyMade: true })).toMatch(/ready-made session/);
    expect(editReadOnlyReason({ ...between, interrupted: true })).toMatch(/cut off/);
    expect(editReadOnlyReason({ ...between, sessionId: null })).toMatch(/run a task first/);
  });

  it('offer a follow-up only when Run would add to the session on the page', () => {
    const after = { hasRun: true, busy: false, replayedOnly: false, replaying: false, scripted: false };
    expect(followUpOffered(after)).toBe(true);
    expect(followUpOffered({ ...after, hasRun: false })).toBe(false);
    expect(followUpOffered({ ...after, busy: true })).toBe(false);
    expect(followUpOffered({ ...after, replayedOnly: true })).toBe(false);
    expect(followUpOffered({ ...after, replaying: true })).toBe(false);
    // A scripted scenario plays in a session of its own.
    expect(followUpOffered({ ...after, scripted: true })).toBe(false);
  });
});
