import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { PYTHON_DEMO_PROJECT } from '../../../src/model/scenarios/python-demo';
import type { EngineEvent } from '../../../src/protocol/events';
import { lastRunEvents } from '../../../src/protocol/run-sessions';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { resolveEvents } from '../../../src/store/bounded-event';
import { MemoryStore } from '../../../src/store/memory-store';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { readyMadeId } from '../../../src/worker/ready-made';
import { WorkerSessions } from '../../../src/worker/sessions';
import { recordedRun, SpyModel, workspaceFiles } from '../store/recorded-run';

function workerSessions(forward: (events: EngineEvent[]) => void = () => undefined) {
  const store = new MemoryStore();
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: store });
  const sessions = new WorkerSessions(engine, store, null, forward, () => undefined);
  return { store, engine, sessions };
}

/** A session of the user's own, as the recorder would have stored it (not imported). */
async function keepOwn(store: MemoryStore, from: MemoryStore, id: string): Promise<void> {
  const file = await exportSession(from, id);
  for (const [hash, text] of Object.entries(file.blobs)) await store.putBlob(hash, text);
  await store.append({ meta: file.session, events: file.events, blobs: Object.keys(file.blobs) });
}

describe('the worker’s sessions', () => {
  it('imports a shared link once, and refuses a damaged one without storing anything', async () => {
    const run = await recordedRun('demo', 'react');
    const encoded = await encodeSessionForLink(await exportSession(run.store, run.sessionId, { withoutDeltas: true }), Object.values(STARTER_PROJECT));
    const { sessions, store } = workerSessions();
    const imported = await sessions.importLink(encoded);
    expect(imported).toEqual({ ok: true, id: expect.stringMatching(/^imported-[0-9a-f]{20}$/) });
    expect(await sessions.importLink(encoded)).toEqual(imported);
    expect(await store.listSessions()).toHaveLength(1);
    expect(await sessions.importLink(`${encoded.slice(0, 100)}x${encoded.slice(101)}`)).toMatchObject({ ok: false });
    expect(await store.listSessions()).toHaveLength(1);
  });

  it('forks a session at a point into a new one that resumes from there to the same end', async () => {
    const run = await recordedRun('demo', 'react');
    const { sessions, store, engine } = workerSessions();
    await keepOwn(store, run.store, run.sessionId);
    const count = Math.floor(run.events.length / 2);
    const fork = await sessions.fork(run.sessionId, count);
    if (!fork.ok) throw new Error(fork.error);
    const meta = await store.getSession(fork.id);
    expect(meta).toMatchObject({ status: 'interrupted', forkedFrom: { sessionId: run.sessionId } });
    const resolved = await resolveEvents(await store.loadEvents(fork.id), store);
    if (!resolved.ok) throw new Error(resolved.error);
    expect(resolved.events).toHaveLength(count);
    expect(resolved.events.every((e) => e.runId === fork.id)).toBe(true);
    const files = await workspaceAt(resolved.events, store);
    const sandbox = new VirtualSandbox({ files: files ?? STARTER_PROJECT });
    engine.setSandbox(sandbox);
    const summary = await engine.resume({ events: resolved.events, model: new SpyModel('demo'), reason: 'continue' });
    expect(summary.status).toBe('completed');
    expect(await workspaceFiles(sandbox)).toEqual(await workspaceFiles(run.sandbox));
    expect(await sessions.fork(run.sessionId, 1)).toMatchObject({ ok: false, error: /later point/ });
  });

  it('answers a run only once its events, its end included, are stored and handed to the page', async () => {
    const forwarded: EngineEvent[] = [];
    const { sessions, store, engine } = workerSessions((events) => forwarded.push(...events));
    const summary = await sessions.delivered(engine.run({ task: 'demo', mode: 'react', model: new SpyModel('demo'), maxIterations: 40 }));
    expect(summary.status).toBe('completed');
    expect(forwarded.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
    expect(forwarded).toHaveLength(engine.session.events.length);
    expect(await store.getSession(summary.runId)).toMatchObject({ status: 'completed' });
  });

  it('keeps a session as one workspace and its runs: a later run continues it, a scripted one starts afresh', async () => {
    const { sessions, store, engine } = workerSessions();
    const run = async (scenario: string, options: { sessionId?: string }) =>
      engine.run({ task: `task of ${scenario}`, mode: 'react', model: new SpyModel(scenario), maxIterations: 40, ...options });

    expect(await sessions.prepareRun({ scenario: null })).toEqual({});
    const first = await run('demo', {});
    const second = await run('markdown', await sessions.prepareRun({ scenario: null }));
    await sessions.flush();
    const [meta, ...others] = await store.listSessions();
    expect(others).toEqual([]);
    // The first run's task names the session; the model is the latest run's.
    expect(meta).toMatchObject({ id: first.runId, runs: 2, status: 'completed', task: 'task of demo', model: { name: 'markdown' } });
    const stored = await store.loadEvents(first.runId);
    const starts = stored.filter((event) => event.type === 'run_started');
    expect(starts.map((event) => [event.runId, event.sessionId])).toEqual([
      [first.runId, undefined],
      [second.runId, first.runId],
    ]);
    expect(meta?.eventCount).toBe(stored.length);
    // The second run was told what the first did in this workspace.
    const taskMessages = stored.flatMap((event) => (event.type === 'run_configured' ? [String(event.taskMessage)] : []));
    expect(taskMessages[0]).not.toContain('Earlier runs');
    expect(taskMessages[1]).toContain('Earlier runs in this session');
    expect(taskMessages[1]).toMatch(/1\. "task of demo" \(completed\)\. Files changed: src\/slugify\.sh/);

    // "Restore files to here" on the first run's start is recorded under the session's last run.
    const start = stored.find((event) => event.type === 'workspace_snapshot');
    await sessions.restoreCheckpoint(first.runId, String(start?.manifest));
    await sessions.flush();
    const last = (await store.loadEvents(first.runId)).at(-1);
    expect(last).toMatchObject({ type: 'checkpoint_restored', runId: second.runId });
    expect(await workspaceFiles(engine.activeSandbox as VirtualSandbox)).toEqual(STARTER_PROJECT);

    // A scripted scenario plays on its own files (the starter project for most), in a session of its own.
    await engine.activeSandbox.writeFile(`${engine.activeSandbox.workdir}/notes.txt`, 'mine');
    expect(await sessions.prepareRun({ scenario: 'demo' })).toEqual({});
    expect(await workspaceFiles(engine.activeSandbox as VirtualSandbox)).toEqual(STARTER_PROJECT);
    // One that brings its own project plays on that project alone.
    expect(await sessions.prepareRun({ scenario: 'python-demo' })).toEqual({});
    expect(await workspaceFiles(engine.activeSandbox as VirtualSandbox)).toEqual(PYTHON_DEMO_PROJECT);
    // Files opened from elsewhere are no session's: the next run starts one.
    sessions.workspaceIsNew();
    expect(await sessions.prepareRun({ scenario: null })).toEqual({});
  });

  it('does not add runs to a built-in session, and forks a session of several runs into one that resumes', async () => {
    const { sessions, store, engine } = workerSessions();
    const made = await sessions.readyMade('demo');
    if (!made.ok) throw new Error(made.error);
    await sessions.open(made.id, { loadWorkspace: true });
    expect(await sessions.prepareRun({ scenario: null })).toEqual({});

    await sessions.open(made.id, { loadWorkspace: false });
    const first = await engine.run({ task: 'one', mode: 'react', model: new SpyModel('demo'), maxIterations: 40 });
    await engine.run({ task: 'two', mode: 'react', model: new SpyModel('markdown'), maxIterations: 40, ...(await sessions.prepareRun({ scenario: null })) });
    await sessions.flush();
    const all = await store.loadEvents(first.runId);
    const fork = await sessions.fork(first.runId, all.length - 3);
    if (!fork.ok) throw new Error(fork.error);
    const resolved = await resolveEvents(await store.loadEvents(fork.id), store);
    if (!resolved.ok) throw new Error(resolved.error);
    expect(resolved.events.every((event) => event.runId === fork.id && !('sessionId' in event))).toBe(true);
    expect(await store.getSession(fork.id)).toMatchObject({ runs: 2, status: 'interrupted' });
    // The fork's last run goes on (as the worker resumes it: that run's events, in the fork's session).
    engine.setSandbox(new VirtualSandbox({ files: (await workspaceAt(resolved.events, store)) ?? STARTER_PROJECT }));
    const resumed = await engine.resume({ events: lastRunEvents(resolved.events), model: new SpyModel('markdown'), reason: 'continue', sessionId: fork.id });
    expect(resumed.status).toBe('completed');
  });

  it('records a scripted scenario as a ready-made session once and keeps it', async () => {
    const { sessions, store } = workerSessions();
    expect(await sessions.readyMade('plan_exec-demo')).toEqual({ ok: true, id: readyMadeId('plan_exec-demo') });
    const meta = await store.getSession(readyMadeId('plan_exec-demo'));
    expect(meta).toMatchObject({ builtIn: true, status: 'completed', mode: 'plan_exec' });
    const count = (await store.loadEvents(readyMadeId('plan_exec-demo'))).length;
    await sessions.readyMade('plan_exec-demo');
    expect(await store.loadEvents(readyMadeId('plan_exec-demo'))).toHaveLength(count);
    expect(await sessions.readyMade('no-such-scenario')).toMatchObject({ ok: false, error: /unknown scripted scenario/ });
  });

  it('records no ready-made session of a scenario that only shows something live', async () => {
    const { sessions, store } = workerSessions();
    for (const name of ['busy-node', 'slow-command']) {
      const started = Date.now();
      expect(await sessions.readyMade(name)).toMatchObject({ ok: false, error: /shows what happens live/ });
      expect(Date.now() - started).toBeLessThan(5_000); // refused, not its command's 30 s waited out
      expect(await store.getSession(readyMadeId(name))).toBeNull();
    }
  });
});

describe('when storage runs out', () => {
  it('frees space by deleting the oldest finished sessions first, then writes what waited', async () => {
    const { sessions, store } = workerSessions();
    const runs = [await recordedRun('demo', 'react'), await recordedRun('recovery', 'react'), await recordedRun('nudged', 'react')];
    for (const run of runs) await keepOwn(store, run.store, run.sessionId);
    // Over 80% of the quota until two sessions have gone.
    const newest = (await store.listSessions())[0]?.id;
    expect(newest).toBe(runs[2]?.sessionId);
    store.usage = async () => ({ usedBytes: (await store.listSessions()).length > 1 ? 95 : 10, quotaBytes: 100 });
    expect(await sessions.freeSpace()).toBe(2);
    expect((await store.listSessions()).map((s) => s.id)).toEqual([newest]);
  });
});
