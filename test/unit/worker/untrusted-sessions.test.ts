import { describe, expect, it } from 'vitest';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import type { SessionFile } from '../../../src/protocol/session-file';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { resolveEvents } from '../../../src/store/bounded-event';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { readyMadeId } from '../../../src/worker/ready-made';
import { recordedRun, workspaceFiles } from '../store/recorded-run';
import { workerSessions } from './worker-sessions';

/**
 * The demo cut off just after its first edit call started, as a hostile sharer would send it:
 * marked running, built-in, created long ago, continued from elsewhere, run with "allow
 * destructive", and under the id of a ready-made session.
 */
async function hostileFile(): Promise<SessionFile> {
  const run = await recordedRun('demo', 'react');
  const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
  const cut = file.events.findIndex((event) => event.type === 'tool_call' && event.name === 'edit_file');
  if (cut < 0) throw new Error('the demo makes no edit');
  const id = readyMadeId('demo');
  const events = file.events
    .slice(0, cut + 1)
    .map((event) => ({ ...event, runId: id, ...(event.type === 'run_configured' ? { allowDestructive: true } : {}) }));
  return {
    ...file,
    session: { ...file.session, id, status: 'running', builtIn: true, createdAt: 1, forkedFrom: { sessionId: 'elsewhere', seq: 3 } },
    events,
  };
}

const linkOf = (file: SessionFile) => encodeSessionForLink(file, Object.values(STARTER_PROJECT));

describe('a session from a link or a file is replayed, never resumed as it is', () => {
  it('is stored marked by where it came from, with its status, date and flags worked out here, not taken from it', async () => {
    const { sessions, store } = workerSessions();
    const before = Date.now();
    const link = await linkOf(await hostileFile());
    const fromLink = await sessions.importLink(link);
    const fromFile = await sessions.importText(JSON.stringify(await hostileFile()));
    if (!fromLink.ok || !fromFile.ok) throw new Error('not imported');
    for (const [outcome, from] of [
      [fromLink, 'link'],
      [fromFile, 'file'],
    ] as const) {
      const meta = await store.getSession(outcome.id);
      expect(meta).toMatchObject({ importedFrom: from, status: 'interrupted' });
      expect(meta?.builtIn).toBeUndefined();
      expect(meta?.forkedFrom).toBeUndefined();
      expect(meta?.createdAt).toBeGreaterThanOrEqual(before);
      // Its events are its own session's (the id is ours), so the page and the store agree on it.
      expect((await store.loadEvents(outcome.id)).every((event) => event.runId === outcome.id)).toBe(true);
    }
    // The same link again is the same session, not a copy.
    expect(await sessions.importLink(link)).toEqual(fromLink);
  }, 60_000);

  it('a status the file claims is not taken: a finished run is finished, one cut off is interrupted', async () => {
    const run = await recordedRun('demo', 'react');
    const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
    const { sessions, store } = workerSessions();
    const claimsRunning = await sessions.importText(JSON.stringify({ ...file, session: { ...file.session, status: 'running' } }));
    if (!claimsRunning.ok) throw new Error(claimsRunning.error);
    expect(await store.getSession(claimsRunning.id)).toMatchObject({ status: 'completed', importedFrom: 'file' });
    const cut = { ...file, events: file.events.slice(0, 20), session: { ...file.session, status: 'completed' } };
    const claimsCompleted = await sessions.importText(JSON.stringify(cut));
    if (!claimsCompleted.ok) throw new Error(claimsCompleted.error);
    expect(await store.getSession(claimsCompleted.id)).toMatchObject({ status: 'interrupted' });
    // The streamed pieces of replies are left out: a replay steps over them, and they cost the page time.
    const withDeltas = await exportSession(run.store, run.sessionId);
    expect(withDeltas.events.some((event) => event.type === 'model_delta')).toBe(true);
    const imported = await sessions.importText(JSON.stringify(withDeltas));
    if (!imported.ok) throw new Error(imported.error);
    expect((await store.loadEvents(imported.id)).some((event) => event.type === 'model_delta')).toBe(false);
  }, 60_000);

  it('the worker refuses to resume it, so its pending call never runs', async () => {
    const { sessions, sandbox } = workerSessions();
    const imported = await sessions.importLink(await linkOf(await hostileFile()));
    if (!imported.ok) throw new Error(imported.error);
    await sessions.open(imported.id, { loadWorkspace: true });
    const filesBefore = await workspaceFiles(sandbox);
    await expect(sessions.openToResume(imported.id)).rejects.toThrow(/came from a share link.*replay.*Continue from here/s);
    expect(await workspaceFiles(sandbox)).toEqual(filesBefore);
    // Nor can it be forked into a session that would resume.
    expect(await sessions.fork(imported.id, 10)).toMatchObject({ ok: false, error: /Continue from here/ });
  }, 60_000);

  it('a run after opening it starts a session of its own, told nothing of the imported runs', async () => {
    const run = await recordedRun('demo', 'react');
    const { sessions } = workerSessions();
    const imported = await sessions.importLink(await linkOf(await exportSession(run.store, run.sessionId, { withoutDeltas: true })));
    if (!imported.ok) throw new Error(imported.error);
    await sessions.open(imported.id, { loadWorkspace: true });
    expect(await sessions.prepareRun({ scenario: null })).toEqual({});
  }, 60_000);

  it('"Continue from here" seeds the sandbox with the workspace at that point, for a new session', async () => {
    const run = await recordedRun('demo', 'react');
    const { sessions, store, sandbox } = workerSessions();
    const imported = await sessions.importText(JSON.stringify(await exportSession(run.store, run.sessionId)));
    if (!imported.ok) throw new Error(imported.error);
    const resolved = await resolveEvents(await store.loadEvents(imported.id), store);
    if (!resolved.ok) throw new Error(resolved.error);
    const edited = resolved.events.findIndex((event) => event.type === 'file_changed');
    const at = edited + 3;
    await sessions.seedFromReplay(imported.id, at);
    expect(await workspaceFiles(sandbox)).toEqual(await workspaceAt(resolved.events.slice(0, at), store));
    expect(await workspaceFiles(sandbox)).not.toEqual(STARTER_PROJECT);
    expect(await sessions.prepareRun({ scenario: null })).toEqual({});
    // Before the first snapshot: the files the run started with.
    await sessions.seedFromReplay(imported.id, 1);
    expect(await workspaceFiles(sandbox)).toEqual(STARTER_PROJECT);
  }, 60_000);

  it('can never be or replace a built-in ready-made session', async () => {
    const { sessions, store } = workerSessions();
    // Opened before the ready-made one was ever recorded, under its id.
    const imported = await sessions.importLink(await linkOf(await hostileFile()));
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.id).not.toBe(readyMadeId('demo'));
    expect(await store.getSession(readyMadeId('demo'))).toBeNull();
    const made = await sessions.readyMade('demo');
    expect(made).toEqual({ ok: true, id: readyMadeId('demo') });
    const builtIn = await store.getSession(readyMadeId('demo'));
    expect(builtIn).toMatchObject({ builtIn: true, status: 'completed' });
    expect(builtIn?.importedFrom).toBeUndefined();
    // Opened again afterwards: the built-in one stays as recorded.
    const count = (await store.loadEvents(readyMadeId('demo'))).length;
    await sessions.importText(JSON.stringify(await hostileFile()));
    expect(await store.loadEvents(readyMadeId('demo'))).toHaveLength(count);
    expect((await store.listSessions()).filter((meta) => meta.builtIn === true).map((meta) => meta.id)).toEqual([readyMadeId('demo')]);
  }, 60_000);
});
