import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import type { EngineEvent } from '../../protocol/events';
import type { SessionMeta } from '../../protocol/session-file';
import { sessionInFragment } from '../../protocol/share-fragment';
import type { ImportOutcome, StorageProblem, StorageUsage } from '../../worker/api';
import { buildResumeRequest } from '../engine/run-request';
import type { EngineClient } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';

export interface SessionsControl {
  /** Why sessions are not kept across reloads here, or null. */
  notKept: string | null;
  list: SessionMeta[];
  usage: StorageUsage | null;
  /** The session on the page when it is an interrupted one of the user's own, which can be resumed. */
  interrupted: SessionMeta | null;
  /** The session on the page when it came from a link or a file: replayed only, never resumed. */
  replayOnly: SessionMeta | null;
  resuming: boolean;
  storageProblem: StorageProblem | null;
  refresh(): Promise<void>;
  /** Shows a stored session (its final state) and loads its workspace into the sandbox. */
  open(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(): Promise<void>;
  /** Goes on with the interrupted run; `answer` answers the question it was waiting on. */
  resume(answer?: { callId: string; text: string }): void;
  newSession(): Promise<void>;
  freeSpace(): Promise<void>;
  dismissStorageProblem(): void;
  /** Stores and opens a session from a file's text; resolves with an error message, or null. */
  importText(text: string): Promise<string | null>;
  exportFile(id: string, withoutDeltas: boolean): Promise<string>;
  /** Puts the files back as a checkpoint of the session held them ("Restore files to here", "Roll back"). */
  restore(sessionId: string, checkpoint: string): Promise<void>;
  /** Opens a scripted scenario as a ready-made session to replay (from its start). */
  openReadyMade(scenario: string): Promise<void>;
  /** "Continue from here": a new session from the first `count` events of one, opened ready to resume. */
  fork(id: string, count: number): Promise<void>;
  /** "Continue from here" on a replay-only session: its files at `count` events into the sandbox, for a new run; false when that failed. */
  seedFromReplay(id: string, count: number): Promise<boolean>;
}

interface Deps {
  client: EngineClient;
  workerReady: boolean;
  settings: PageSettings;
  loadEvents: (events: EngineEvent[], position?: number | null) => void;
  addProblem: (message: string) => void;
}

/** Stored sessions: the list, opening one, resuming an interrupted run, storage trouble. */
export function useSessions({ client, workerReady, settings, loadEvents, addProblem }: Deps): SessionsControl {
  const [notKept, setNotKept] = useState<string | null>(null);
  const [list, setList] = useState<SessionMeta[]>([]);
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  const [interrupted, setInterrupted] = useState<SessionMeta | null>(null);
  const [replayOnly, setReplayOnly] = useState<SessionMeta | null>(null);
  const [resuming, setResuming] = useState(false);
  const [storageProblem, setStorageProblem] = useState<StorageProblem | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  // The session the address's #session= fragment opened, while it is the one on the page.
  const linkSession = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [sessions, used] = await Promise.all([client.listSessions(), client.storageUsage()]);
      setList(sessions);
      setUsage(used);
    } catch (error) {
      addProblem(`The stored sessions could not be read: ${messageOf(error)}`);
    }
  }, [client, addProblem]);

  /** Shows a stored session at `position` (null: its end) in one step: the page never shows another point of it first. */
  const open = useCallback(
    async (id: string, position: number | null = null) => {
      try {
        const { session, events } = await client.openSession(id, true);
        loadEvents(events, position);
        // A session from a link or a file is replayed, never resumed: it gets no Resume banner.
        setInterrupted(session.status === 'interrupted' && !session.importedFrom ? session : null);
        setReplayOnly(session.importedFrom ? session : null);
        // For bench/sessions-browser.mjs: when a stored session was first on the page.
        if (performance.getEntriesByName('phasegate:session-shown').length === 0) performance.mark('phasegate:session-shown');
      } catch (error) {
        addProblem(`The session could not be opened: ${messageOf(error)}`);
      }
    },
    [client, loadEvents, addProblem],
  );

  /** A session the worker stored (a file, a link, a fork, a ready-made one) opened; resolves with the error, or null. */
  const openStored = useCallback(
    async (storing: Promise<ImportOutcome>, position: number | null = null): Promise<string | null> => {
      const outcome = await storing.catch((error: unknown) => ({ ok: false as const, error: messageOf(error) }));
      if (!outcome.ok) return outcome.error;
      await open(outcome.id, position);
      await refresh();
      return null;
    },
    [open, refresh],
  );

  /** After a reload or a worker restart: the newest session, when it was cut off, is shown with Resume. */
  const openInterrupted = useCallback(async () => {
    try {
      const sessions = await client.listSessions();
      setList(sessions);
      const newest = sessions[0];
      if (newest?.status === 'interrupted' && !newest.importedFrom) await open(newest.id);
    } catch (error) {
      addProblem(`The stored sessions could not be read: ${messageOf(error)}`);
    }
  }, [client, open, addProblem]);

  /**
   * A share link's session: stored (after checking all of it) and opened. The fragment stays in the
   * address while that session is the one on the page, so a reload shows it again (the same link
   * stores nothing twice); it goes once the viewer starts or opens something of their own.
   */
  const openLink = useCallback(async (): Promise<boolean> => {
    const encoded = sessionInFragment(location.hash);
    if (encoded === null) return false;
    const outcome = await client.importSharedLink(encoded).catch((error: unknown) => ({ ok: false as const, error: messageOf(error) }));
    if (!outcome.ok) {
      dropSessionFragment();
      addProblem(`The shared session could not be opened: ${outcome.error}`);
      return true;
    }
    linkSession.current = outcome.id;
    await open(outcome.id);
    await refresh();
    return true;
  }, [client, open, refresh, addProblem]);

  useEffect(() => {
    if (linkSession.current === null || replayOnly?.id === linkSession.current) return;
    linkSession.current = null;
    dropSessionFragment();
  }, [replayOnly]);

  useEffect(() => {
    if (!workerReady) return;
    void client.sessionsNotKept().then(setNotKept, () => undefined);
    void openLink().then((opened) => (opened ? undefined : openInterrupted()));
    const onHashChange = () => void openLink();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [client, workerReady, openInterrupted, openLink]);

  useEffect(() => client.onRestart(() => void openInterrupted()), [client, openInterrupted]);
  useEffect(() => client.onStorageProblem(setStorageProblem), [client]);
  // A new run replaces the interrupted one on the page.
  useEffect(
    () =>
      client.onEvents((events) => {
        if (!events.some((e) => e.type === 'run_started')) return;
        setInterrupted(null);
        setReplayOnly(null);
      }),
    [client],
  );

  const resume = useCallback(
    (answer?: { callId: string; text: string }) => {
      const session = interrupted;
      if (!session) return;
      setResuming(true);
      setInterrupted(null);
      // A run cut off goes on as it was; a session continued from a chosen point takes the mode in Settings.
      const mode = session.forkedFrom ? { mode: settingsRef.current.mode } : {};
      client
        .resume(buildResumeRequest(session.id, settingsRef.current, { ...mode, ...(answer ? { answer } : {}) }))
        .catch((error: unknown) => addProblem(`The run could not be resumed: ${messageOf(error)}`))
        .finally(() => setResuming(false));
    },
    [client, interrupted, addProblem],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await client.deleteSession(id);
        if (interrupted?.id === id) setInterrupted(null);
      } catch (error) {
        addProblem(`The session could not be deleted: ${messageOf(error)}`);
      }
      await refresh();
    },
    [client, interrupted, refresh, addProblem],
  );

  const removeAll = useCallback(async () => {
    for (const session of await client.listSessions().catch(() => [])) {
      await client.deleteSession(session.id).catch((error: unknown) => addProblem(`A session could not be deleted: ${messageOf(error)}`));
    }
    setInterrupted(null);
    await refresh();
  }, [client, refresh, addProblem]);

  const newSession = useCallback(async () => {
    try {
      await client.newSession();
      loadEvents([]);
      setInterrupted(null);
      setReplayOnly(null);
    } catch (error) {
      addProblem(`A new session could not be started: ${messageOf(error)}`);
    }
  }, [client, loadEvents, addProblem]);

  const freeSpace = useCallback(async () => {
    try {
      const deleted = await client.freeSpace();
      setStorageProblem(null);
      addProblem(`Deleted the ${deleted} oldest finished session${deleted === 1 ? '' : 's'} to make room.`);
    } catch (error) {
      addProblem(`Space could not be freed: ${messageOf(error)}`);
    }
    await refresh();
  }, [client, refresh, addProblem]);

  const importText = useCallback((text: string) => openStored(client.importSession(text)), [client, openStored]);

  const fork = useCallback(
    async (id: string, count: number) => {
      const error = await openStored(client.forkSession(id, count));
      if (error !== null) addProblem(`Could not continue from there: ${error}`);
    },
    [client, openStored, addProblem],
  );

  const seedFromReplay = useCallback(
    async (id: string, count: number) => {
      try {
        await client.seedFromReplay(id, count);
        return true;
      } catch (error) {
        addProblem(`Could not continue from there: ${messageOf(error)}`);
        return false;
      }
    },
    [client, addProblem],
  );

  const openReadyMade = useCallback(
    async (scenario: string) => {
      // Shown at its start as it loads (a seek after the list's refresh came a worker round trip too late).
      const error = await openStored(client.readyMadeSession(scenario), 0);
      if (error !== null) addProblem(`The ready-made session could not be made: ${error}`);
    },
    [client, openStored, addProblem],
  );

  const restore = useCallback(
    async (sessionId: string, checkpoint: string) => {
      await client.restoreCheckpoint(sessionId, checkpoint).catch((error: unknown) => addProblem(`The files could not be restored: ${messageOf(error)}`));
    },
    [client, addProblem],
  );

  return {
    notKept,
    list,
    usage,
    interrupted,
    replayOnly,
    resuming,
    storageProblem,
    refresh,
    open,
    remove,
    removeAll,
    resume,
    newSession,
    freeSpace,
    dismissStorageProblem: () => setStorageProblem(null),
    importText,
    exportFile: (id, withoutDeltas) => client.exportSession(id, withoutDeltas),
    fork,
    seedFromReplay,
    openReadyMade,
    restore,
  };
}

function dropSessionFragment(): void {
  if (sessionInFragment(location.hash) !== null) history.replaceState(null, '', `${location.pathname}${location.search}`);
}
