import { describe, expect, it } from 'vitest';
import { pinnedState } from '../../../src/engine/context/pinned-state';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { type EngineEvent, EngineEventSchema, type EventOf } from '../../../src/protocol/events';
import { lastRunEvents } from '../../../src/protocol/run-sessions';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { resolveEvents } from '../../../src/store/bounded-event';
import { type MemoryStore } from '../../../src/store/memory-store';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { SpyModel, workspaceFiles } from '../store/recorded-run';
import { workerSessions } from './worker-sessions';

const README = STARTER_PROJECT['README.md'] as string;
const EDITED = `${README}\nEdited by hand.\n`;

function workerSessionsWithRun() {
  const { store, sandbox, engine, sessions } = workerSessions();
  const run = async (task: string) =>
    engine.run({ task, mode: 'react', model: new SpyModel('demo'), maxIterations: 40, ...(await sessions.prepareRun({ scenario: null })) });
  return { store, sandbox, engine, sessions, run };
}

async function storedEvents(store: MemoryStore, id: string): Promise<EngineEvent[]> {
  const resolved = await resolveEvents(await store.loadEvents(id), store);
  if (!resolved.ok) throw new Error(resolved.error);
  return resolved.events;
}

describe('a user edit between runs', () => {
  it('is written into the sandbox and recorded in the session under its last run, with a snapshot of the files after it', async () => {
    const { store, sandbox, sessions, run } = workerSessionsWithRun();
    const first = await run('Add slugify');
    expect(await sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: README })).toBe(true);
    expect(await sandbox.readFile(`${sandbox.workdir}/README.md`)).toBe(EDITED);

    const events = await storedEvents(store, first.runId);
    const end = events.findIndex((event) => event.type === 'run_finished');
    const [change, snapshot] = events.slice(end + 1);
    expect(change).toMatchObject({ type: 'file_changed', by: 'user', path: 'README.md', change: 'edited', before: README, after: EDITED, runId: first.runId });
    expect((change as EventOf<'file_changed'>).diff).toContain('+Edited by hand.');
    expect(snapshot).toMatchObject({ type: 'workspace_snapshot', reason: 'user_edit', changed: 1 });
    // A replay, a restore and a patch read the files as the user left them.
    expect((await workspaceAt(events, store))?.['README.md']).toBe(EDITED);
    // Saving the same text again changes and records nothing.
    expect(await sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: EDITED })).toBe(false);
    expect(await storedEvents(store, first.runId)).toHaveLength(events.length);
  });

  it('is named in the next run’s task message and pinned state, apart from what the earlier run changed', async () => {
    const { store, sessions, run } = workerSessionsWithRun();
    const first = await run('Add slugify');
    await sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: README });
    await sessions.saveUserEdit(first.runId, { path: 'src/greet.sh', content: '# greet\n', base: STARTER_PROJECT['src/greet.sh'] as string });
    const second = await run('Now document it');
    await sessions.flush();
    const events = await storedEvents(store, first.runId);
    const configured = events.filter((event): event is EventOf<'run_configured'> => event.type === 'run_configured').at(-1);
    const line = 'The user edited README.md, src/greet.sh since the last run.';
    expect(configured?.taskMessage).toContain(line);
    // The files the first run changed are its own; the user's are not counted as the run's.
    expect(configured?.earlierRuns).toMatch(/Files changed: src\/slugify\.sh[^\n]*\n/);
    expect(configured?.earlierRuns).not.toMatch(/Files changed: [^\n]*README\.md/);
    const secondRun = lastRunEvents(events);
    expect(secondRun[0]).toMatchObject({ type: 'run_started', runId: second.runId });
    expect(pinnedState(secondRun)).toContain(line);
  });

  it('is refused during a run, for another session’s files, for a file changed since it was shown, and for a file holding a key', async () => {
    const { sandbox, engine, sessions, run } = workerSessionsWithRun();
    const first = await run('Add slugify');
    // A file that changed under the editor (a command since, another tab) is not overwritten.
    await expect(sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: 'something else' })).rejects.toThrow(
      /changed since it was opened/,
    );
    // The page saw a key as the placeholder: writing that back would lose the key.
    const key = 'sk-test-0123456789abcdef';
    engine.session.registerSecret(key);
    await sandbox.writeFile(`${sandbox.workdir}/.env`, `KEY=${key}\n`);
    await expect(sessions.saveUserEdit(first.runId, { path: '.env', content: 'KEY=[redacted]\nX=1\n', base: 'KEY=[redacted]\n' })).rejects.toThrow(
      /holds a key/,
    );
    expect(await sandbox.readFile(`${sandbox.workdir}/.env`)).toBe(`KEY=${key}\n`);
    // Paths outside the workspace, or in node_modules, are no file the Editor edits.
    await expect(sessions.saveUserEdit(first.runId, { path: '../etc/passwd', content: 'x', base: '' })).rejects.toThrow(/not a file of the workspace/);
    // Another session's workspace: the sandbox no longer holds this one's files.
    sessions.workspaceIsNew();
    await expect(sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: README })).rejects.toThrow(/other files/);
    // While a run is under way the engine refuses, whoever asks.
    const running = engine.run({ task: 'again', mode: 'react', model: new SpyModel('demo'), maxIterations: 40 });
    await expect(engine.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: README }, null)).rejects.toThrow(/a run is in progress/);
    await running;
  });

  it('redacts a key the user typed from the recorded event and the snapshot, not from the sandbox', async () => {
    const { store, sandbox, engine, sessions, run } = workerSessionsWithRun();
    const key = 'sk-test-abcdef0123456789';
    engine.session.registerSecret(key);
    const first = await run('Add slugify');
    await sessions.saveUserEdit(first.runId, { path: 'README.md', content: `${README}key: ${key}\n`, base: README });
    expect(await sandbox.readFile(`${sandbox.workdir}/README.md`)).toContain(key);
    const events = await storedEvents(store, first.runId);
    expect(JSON.stringify(events)).not.toContain(key);
    expect(events.findLast((event) => event.type === 'file_changed')).toMatchObject({ by: 'user', after: `${README}key: [redacted]\n` });
    expect((await workspaceAt(events, store))?.['README.md']).toBe(`${README}key: [redacted]\n`);
  });

  it('travels in a share link: the imported replay holds the edit and the files after it', async () => {
    const { store, sessions, run } = workerSessionsWithRun();
    const first = await run('Add slugify');
    await sessions.saveUserEdit(first.runId, { path: 'README.md', content: EDITED, base: README });
    const link = await encodeSessionForLink(await exportSession(store, first.runId, { withoutDeltas: true }), Object.values(STARTER_PROJECT));

    const viewer = workerSessionsWithRun();
    const imported = await viewer.sessions.importLink(link);
    if (!imported.ok) throw new Error(imported.error);
    const events = await storedEvents(viewer.store, imported.id);
    expect(events.find((event) => event.type === 'file_changed' && event.by === 'user')).toMatchObject({ path: 'README.md', after: EDITED });
    expect((await workspaceAt(events, viewer.store))?.['README.md']).toBe(EDITED);
    // "Continue from here" at the end seeds the viewer's sandbox with the edited files.
    await viewer.sessions.seedFromReplay(imported.id, events.length);
    expect((await workspaceFiles(viewer.sandbox))['README.md']).toBe(EDITED);
  });
});

describe('the file_changed schema', () => {
  it('reads an older event without `by` (the agent’s) and a user’s, and refuses any other author', () => {
    const base = { v: 1, seq: 3, ts: 0, runId: 'r', type: 'file_changed', path: 'a.ts', change: 'edited', before: 'a', after: 'b', diff: '' };
    const old = EngineEventSchema.parse(base);
    expect(old.type === 'file_changed' && old.by).toBeUndefined();
    expect(EngineEventSchema.parse({ ...base, by: 'user' })).toMatchObject({ by: 'user' });
    expect(EngineEventSchema.safeParse({ ...base, by: 'someone' }).success).toBe(false);
  });
});
