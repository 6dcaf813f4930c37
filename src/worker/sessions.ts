import { EARLIER_RUN_EVENTS, type EarlierRun, earlierRunsOf } from '../engine/earlier-runs';
import type { Engine } from '../engine/engine';
import { restoreWorkspace, workspaceAt } from '../engine/restore-workspace';
import { scenarioWorkspace } from '../engine/scenario-workspace';
import type { UserEdit } from '../engine/user-edit';
import { messageOf } from '../protocol/error-message';
import type { EngineEvent } from '../protocol/events';
import type { SessionMeta } from '../protocol/session-file';
import type { PythonRuntime } from '../sandbox/python/python-runtime';
import { STARTER_PROJECT } from '../sandbox/starter-project';
import { resolveEvents } from '../store/bounded-event';
import { sha256Hex } from '../store/hash';
import { IndexedDbStore } from '../store/indexeddb-store';
import { MemoryStore } from '../store/memory-store';
import { withoutModelHosts } from '../store/model-hosts';
import { type SessionStore, StorageFullError, type StorageUsage } from '../store/port';
import { type RecorderStats, SessionRecorder } from '../store/recorder';
import { referencedBlobs } from '../store/references';
import { exportSession, type LoadResult, loadSessionFile, parseSessionFile } from '../store/session-file';
import { importedMeta } from '../store/session-meta';
import { decodeSessionFromLink, encodeSessionForLink } from '../store/share-link';
import type { ImportOutcome, StorageProblem } from './api';
import { readyMadeId, recordReadyMade } from './ready-made';
import { RunLocks } from './run-locks';

/** The browser's store: IndexedDB, or memory (and the reason) where the browser has none. */
export async function openSessionStore(): Promise<{ store: SessionStore; notKept: string | null }> {
  try {
    return { store: await IndexedDbStore.open(), notKept: null };
  } catch (error) {
    return { store: new MemoryStore(), notKept: `IndexedDB is not available here (${messageOf(error)}), so sessions last only until the page is closed.` };
  }
}

/**
 * The worker's side of sessions: the store (IndexedDB, or memory when the browser has none),
 * the recorder that writes the log ahead of the page, and what the page asks of stored sessions.
 */
/** Texts every page has, which share links carry by reference only. */
const STARTER_TEXTS = Object.values(STARTER_PROJECT);

/** Why a session from a link or a file is not resumed (nor forked into one that would be). */
const NOT_RESUMABLE = {
  link: 'This session came from a share link: it plays here as a replay, and nothing in it runs. "Continue from here" starts a new run of yours from the point shown.',
  file: 'This session came from a session file: it plays here as a replay, and nothing in it runs. "Continue from here" starts a new run of yours from the point shown.',
} as const;

export class WorkerSessions {
  private readonly recorder: SessionRecorder;
  private readonly locks = new RunLocks();
  /** The session whose workspace the sandbox holds (its runs ran there, or it was opened): a new run continues it. */
  private workspaceSession: string | null = null;

  constructor(
    private readonly engine: Engine,
    readonly store: SessionStore,
    /** Why sessions are not kept across reloads, when they are not. */
    readonly notKept: string | null,
    forward: (events: EngineEvent[]) => void,
    report: (problem: StorageProblem) => void,
    /** What a ready-made session's own sandbox is given besides its files. */
    private readonly readyMadeOptions: { python?: PythonRuntime } = {},
  ) {
    this.recorder = new SessionRecorder(store, {
      onStored: forward,
      onError: (error) =>
        report(
          error instanceof StorageFullError
            ? { kind: 'full', message: 'The browser storage for this site is full, so the session is not being saved.' }
            : { kind: 'failed', message: `The session could not be saved: ${messageOf(error)}` },
        ),
    });
    engine.session.subscribe((event) => {
      const session = this.recorder.record(event);
      if (event.type === 'run_started' || event.type === 'run_resumed') {
        this.locks.hold(session);
        this.workspaceSession = session;
      }
      if (event.type === 'run_finished') {
        this.locks.release(session);
        void this.recorder.flush();
      }
    });
  }

  /** Newest first; a run left "running" that nobody runs any more is "interrupted". */
  async list(): Promise<SessionMeta[]> {
    const alive = await this.locks.alive();
    return (await this.store.listSessions()).map((meta) => (meta.status === 'running' && !alive.has(meta.id) ? { ...meta, status: 'interrupted' } : meta));
  }

  /** A session's whole log, resolved and checked; the sandbox gets the workspace it ended with. */
  async open(id: string, options: { loadWorkspace: boolean }): Promise<{ session: SessionMeta; events: EngineEvent[] }> {
    const session = (await this.list()).find((s) => s.id === id);
    if (!session) throw new Error('That session is no longer stored.');
    const resolved = await resolveEvents(await this.store.loadEvents(id), this.store);
    if (!resolved.ok) throw new Error(`The stored session is damaged: ${resolved.error}`);
    if (options.loadWorkspace) await this.loadWorkspace(id, resolved.events);
    return { session, events: resolved.events };
  }

  async delete(id: string): Promise<void> {
    if (this.engine.running && (await this.locks.alive()).has(id)) throw new Error('That session is running; stop it first.');
    await this.store.deleteSession(id);
    this.recorder.forget(id);
  }

  /** Deletes the oldest finished sessions until the store is under 80% of its quota (or none is left). */
  async freeSpace(): Promise<number> {
    const finished = (await this.list()).filter((s) => s.status !== 'running').reverse();
    let deleted = 0;
    for (const session of finished) {
      const usage = await this.store.usage();
      if (usage && usage.usedBytes < usage.quotaBytes * 0.8 && deleted > 0) break;
      await this.delete(session.id);
      deleted++;
    }
    await this.recorder.retry();
    return deleted;
  }

  usage(): Promise<StorageUsage | null> {
    return this.store.usage();
  }

  /** The `*.phasegate.json` text of a stored session, the keys of this worker's runs redacted. */
  async exportFile(id: string, options: { withoutDeltas: boolean; withModelHosts: boolean }): Promise<string> {
    await this.recorder.flush();
    const file = await exportSession(this.store, id, { withoutDeltas: options.withoutDeltas, secrets: this.engine.session.registeredSecrets });
    return JSON.stringify(options.withModelHosts ? file : withoutModelHosts(file));
  }

  /** Stores a session from a file's text (untrusted: parsed and checked whole here, then kept as a replay). */
  async importText(text: string): Promise<ImportOutcome> {
    return this.keepImported(await parseSessionFile(text), 'file');
  }

  /**
   * A session from a link or a file, checked whole before anything is kept, stored as a replay:
   * under an id of ours (from its content: the same link twice is one session), its events its
   * own, without the streamed pieces of replies, and with metadata worked out from its events
   * (`importedMeta`), never the file's own claims.
   */
  private async keepImported(loaded: LoadResult, from: 'link' | 'file'): Promise<ImportOutcome> {
    if (!loaded.ok) return loaded;
    const { file, events } = loaded.session;
    const id = `imported-${(await sha256Hex(JSON.stringify({ session: file.session, events: file.events }))).slice(0, 20)}`;
    if (await this.store.getSession(id)) return { ok: true, id };
    const kept = file.events
      .map((stored, index) => ({ stored, event: events[index] as EngineEvent }))
      .filter(({ event }) => event.type !== 'model_delta')
      .map(({ stored: { sessionId: _session, ...stored }, event }) => ({ stored: { ...stored, runId: id }, event }));
    const blobs = Object.entries(file.blobs);
    for (const [hash, text] of blobs) await this.store.putBlob(hash, text);
    const blobBytes = blobs.reduce((sum, [, text]) => sum + text.length, 0);
    const meta = importedMeta(file.session, kept, { id, from, now: Date.now(), blobBytes });
    await this.store.append({ meta, events: kept.map(({ stored }) => stored), blobs: blobs.map(([hash]) => hash) });
    return { ok: true, id };
  }

  /**
   * "Continue from here": a new session made of the first `count` events of another (its
   * snapshots and conversation up to there), ready to be resumed with any model. A finished
   * run's end is left out, so the fork can go on.
   */
  async fork(id: string, count: number): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
    await this.recorder.flush();
    const source = await this.store.getSession(id);
    if (!source) return { ok: false, error: 'That session is no longer stored.' };
    if (source.importedFrom) return { ok: false, error: NOT_RESUMABLE[source.importedFrom] };
    const stored = (await this.store.loadEvents(id)).slice(0, Math.max(0, Math.floor(count)));
    if (!stored.some((event) => event.type === 'run_configured'))
      return { ok: false, error: 'Pick a later point: the run had not started its conversation yet.' };
    const forkId = `${id}-fork-${Date.now().toString(36)}`;
    // Every run of the fork is the fork's: one run id, one session, no run's end (the last run goes on).
    const events = stored.filter((event) => event.type !== 'run_finished').map(({ sessionId: _session, ...event }) => ({ ...event, runId: forkId }));
    const last = events.at(-1);
    const meta: SessionMeta = {
      ...source,
      id: forkId,
      status: 'interrupted',
      createdAt: Date.now(),
      updatedAt: Date.now(),
      eventCount: events.length,
      runs: events.filter((event) => event.type === 'run_started').length,
      forkedFrom: { sessionId: id, seq: typeof last?.seq === 'number' ? last.seq : 0 },
    };
    await this.store.append({ meta, events, blobs: [...(await referencedBlobs(events, this.store))] });
    return { ok: true, id: forkId };
  }

  /** A scripted scenario as a ready-made session: recorded the first time it is asked for, then kept. */
  async readyMade(scenario: string): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
    const id = readyMadeId(scenario);
    // Only this page records ready-made sessions (an imported one never has their ids or the flag).
    if ((await this.store.getSession(id))?.builtIn === true) return { ok: true, id };
    try {
      const file = await recordReadyMade(scenario, this.readyMadeOptions);
      await this.store.deleteSession(id);
      for (const [hash, text] of Object.entries(file.blobs)) await this.store.putBlob(hash, text);
      await this.store.append({ meta: file.session, events: file.events, blobs: Object.keys(file.blobs) });
      return { ok: true, id };
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
  }

  /** The session for a link's fragment: without model deltas, the keys of this worker's runs redacted, deflated, base64url. */
  async shareLink(id: string, withModelHosts: boolean): Promise<string> {
    await this.recorder.flush();
    const file = await exportSession(this.store, id, { withoutDeltas: true, secrets: this.engine.session.registeredSecrets });
    return encodeSessionForLink(withModelHosts ? file : withoutModelHosts(file), STARTER_TEXTS);
  }

  /** A shared link's session (untrusted: decoded with a size cap, then checked whole) into the store, as a replay. */
  async importLink(encoded: string): Promise<ImportOutcome> {
    const decoded = decodeSessionFromLink(encoded);
    return decoded.ok ? this.keepImported(await loadSessionFile(decoded.value, { knownTexts: STARTER_TEXTS }), 'link') : decoded;
  }

  /** A stored session to resume; one from a link or a file is refused (its calls and settings are not the user's). */
  async openToResume(id: string): Promise<{ session: SessionMeta; events: EngineEvent[] }> {
    const session = await this.store.getSession(id);
    if (session?.importedFrom) throw new Error(NOT_RESUMABLE[session.importedFrom]);
    return this.open(id, { loadWorkspace: false });
  }

  /**
   * "Continue from here" on a session from a link or a file: the sandbox gets the workspace as it
   * was after the first `count` events (the run's starting files before its first snapshot), and
   * the next run starts a session of its own there, under the page's settings. Nothing of the
   * imported log is run or sent.
   */
  async seedFromReplay(id: string, count: number): Promise<void> {
    if (this.engine.running) throw new Error('a run is in progress; stop it first');
    const resolved = await resolveEvents(await this.store.loadEvents(id), this.store);
    if (!resolved.ok) throw new Error(`The stored session is damaged: ${resolved.error}`);
    const events = resolved.events;
    const files =
      (await workspaceAt(events.slice(0, Math.max(0, Math.floor(count))), this.store)) ??
      (await workspaceAt(events.slice(0, events.findIndex((event) => event.type === 'workspace_snapshot') + 1), this.store)) ??
      STARTER_PROJECT;
    await restoreWorkspace(this.engine.activeSandbox, files);
    this.workspaceSession = null;
  }

  /** "Restore files to here" / "Roll back": a checkpoint of a stored session back into the sandbox, recorded in its log. */
  async restoreCheckpoint(id: string, manifest: string): Promise<number> {
    await this.recorder.flush();
    const stored = await this.store.loadEvents(id);
    const last = stored.at(-1);
    if (!last || typeof last.runId !== 'string') throw new Error('That session is no longer stored.');
    this.engine.session.continueAfter(last.seq);
    // Recorded under the session's last run, so the page shows it after that run's steps.
    this.recorder.runs.bind(last.runId, id);
    const changed = await this.engine.restoreCheckpoint(last.runId, manifest);
    this.workspaceSession = id;
    await this.recorder.flush();
    return changed;
  }

  /**
   * The user saved a file in the Editor between runs: written into the sandbox and recorded in
   * the session whose workspace the sandbox holds, under its last run (as a restore is), so the
   * store, a share link and a replay carry it and the next run is told. Refused for another
   * session's files, a session from a link or a file or a ready-made one, and while its last run
   * has not ended (an interrupted run goes on from its own last files).
   */
  async saveUserEdit(id: string, edit: UserEdit): Promise<boolean> {
    if (this.workspaceSession !== id) throw new Error('The workspace holds other files than this session: start a run here first, then edit.');
    const session = await this.store.getSession(id);
    if (!session || session.builtIn === true || session.importedFrom) throw new Error('This session plays as a replay: its files cannot be edited.');
    await this.recorder.flush();
    const stored = await this.store.loadEvents(id);
    const last = stored.at(-1);
    if (!last || typeof last.runId !== 'string') throw new Error('That session is no longer stored.');
    const lastRun = stored.filter((event) => event.runId === last.runId);
    if (!lastRun.some((event) => event.type === 'run_finished'))
      throw new Error("The session's last run has not ended: resume it or start a new session first.");
    const snapshot = stored.findLast((event) => event.type === 'workspace_snapshot');
    this.engine.session.continueAfter(last.seq);
    this.recorder.runs.bind(last.runId, id);
    const saved = await this.engine.saveUserEdit(last.runId, edit, typeof snapshot?.manifest === 'string' ? snapshot.manifest : null);
    await this.recorder.flush();
    return saved !== null;
  }

  /**
   * Where a new run goes. A scripted scenario plays a recorded run: it gets a session of its own on
   * its own project (the starter files for most), so it never contradicts itself. Any other run continues the session whose
   * workspace the sandbox holds, when that is still stored and the user's own (a built-in demo
   * session, or one from a link or a file, is replayed, not added to); else it starts a session of its own.
   */
  async prepareRun({ scenario }: { scenario: string | null }): Promise<{ sessionId?: string; earlierRuns?: EarlierRun[] }> {
    const id = this.workspaceSession;
    if (scenario !== null) {
      await restoreWorkspace(this.engine.activeSandbox, scenarioWorkspace(scenario));
      this.workspaceSession = null;
      return {};
    }
    if (id === null) return {};
    await this.recorder.flush();
    const session = await this.store.getSession(id);
    // A session from a link or a file is replayed, not added to: the run starts its own, told nothing of it.
    if (!session || session.builtIn === true || session.importedFrom) return {};
    // The new run is told what the session's runs did (only the events that says need their long texts
    // back); a log that cannot be read tells it nothing.
    const read = (await this.store.loadEvents(id)).filter((event) => EARLIER_RUN_EVENTS.has(event.type));
    const resolved = await resolveEvents(read, this.store);
    return { sessionId: session.id, earlierRuns: resolved.ok ? earlierRunsOf(resolved.events) : [] };
  }

  /** The sandbox got a workspace of no session (the starter project, opened files): the next run starts a session. */
  workspaceIsNew(): void {
    this.workspaceSession = null;
  }

  /** What writing the log has cost in this worker (the bench reads it). */
  storageStats(): RecorderStats {
    return this.recorder.stats;
  }

  /** Writes everything pending (before a resume reads the log back). */
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /**
   * `work` (a run), answered only once its events are stored and handed to the page: the page
   * watches the worker only while a call is under way, so a worker that died between a run's end
   * and the page hearing of it would otherwise leave the run shown as running.
   */
  async delivered<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      await this.recorder.flush();
    }
  }

  private async loadWorkspace(id: string, events: readonly EngineEvent[]): Promise<void> {
    if (this.engine.running) return;
    const files = await workspaceAt(events, this.store);
    if (!files) return;
    await restoreWorkspace(this.engine.activeSandbox, files);
    this.workspaceSession = id;
  }
}
