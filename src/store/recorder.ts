import { SESSION_FULL_OUTPUT_LIMIT_BYTES } from '../protocol/cut-output';
import type { EngineEvent } from '../protocol/events';
import { RunSessions } from '../protocol/run-sessions';
import type { SessionMeta, StoredEvent } from '../protocol/session-file';
import { boundEvent } from './bounded-event';
import { utf8Length } from './hash';
import type { SessionStore } from './port';
import { referencedBlobs } from './references';
import { metaAfter, metaFromStart } from './session-meta';

export interface RecorderOptions {
  /** Longest an event waits before it is written: a reload loses at most this much. */
  flushMs?: number;
  /** Told of events once they are written (or once writing them failed and was reported). */
  onStored?: (events: EngineEvent[]) => void;
  /** A write failed; the events are kept and written with the next batch or `retry()`. */
  onError?: (error: unknown) => void;
}

export const DEFAULT_FLUSH_MS = 100;

/**
 * What writing has cost so far, for the bench: each batch's size, its time in all (bounding and the
 * write), and of that the time spent preparing its events (bounding, references, metadata) before
 * the store's write.
 */
export interface RecorderStats {
  batches: { events: number; ms: number; prepareMs: number }[];
}

/**
 * Writes the engine's log ahead: events are bounded (long texts to blobs) and written in
 * batches, at most `flushMs` after they happened, and only then handed on to be shown.
 * A stored session is one workspace and its runs, keyed by its first run's id: a run that
 * continues a session (its run_started names it) and a resumed run write on to it.
 */
export class SessionRecorder {
  private pending: EngineEvent[] = [];
  private unwritten: { id: string; events: StoredEvent[]; blobs: string[] }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly metas = new Map<string, SessionMeta>();
  /** Bytes of whole command outputs each session keeps, once an output needed to know. */
  private readonly wholeOutputs = new Map<string, number>();
  /** Which session each run writes to. */
  readonly runs = new RunSessions();
  private readonly flushMs: number;
  readonly stats: RecorderStats = { batches: [] };

  constructor(
    private readonly store: SessionStore,
    private readonly options: RecorderOptions = {},
  ) {
    this.flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  }

  /** Queues `event` for writing; returns the session it belongs to. */
  record(event: EngineEvent): string {
    const session = this.runs.learn(event);
    this.pending.push(event);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    return session;
  }

  /** Writes what is pending now; resolves when it is written (or reported as failed). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.chain = this.chain.then(() => this.write(batch));
    return this.chain;
  }

  /** Tries the writes that failed again (after the user freed space). */
  retry(): Promise<void> {
    return this.flush();
  }

  /** Forgets what it knows of a session (it was deleted). */
  forget(id: string): void {
    this.metas.delete(id);
    this.wholeOutputs.delete(id);
    this.runs.forgetSession(id);
    this.unwritten = this.unwritten.filter((write) => write.id !== id);
  }

  private async write(batch: EngineEvent[]): Promise<void> {
    const started = performance.now();
    let prepared = started;
    try {
      for (const event of batch) await this.add(event);
      prepared = performance.now();
      while (this.unwritten.length > 0) {
        const next = this.unwritten[0];
        const meta = next && this.metas.get(next.id);
        if (!next || !meta) {
          this.unwritten.shift();
          continue;
        }
        const same = this.unwritten.filter((w) => w.id === next.id);
        await this.store.append({ meta, events: same.flatMap((w) => w.events), blobs: same.flatMap((w) => w.blobs) });
        this.unwritten = this.unwritten.filter((w) => w.id !== next.id);
      }
    } catch (error) {
      this.options.onError?.(error);
    }
    if (batch.length > 0) {
      this.stats.batches.push({ events: batch.length, ms: performance.now() - started, prepareMs: prepared - started });
      this.options.onStored?.(batch);
    }
  }

  /** Bounds one event into the unwritten queue and updates its session's metadata. */
  private async add(event: EngineEvent): Promise<void> {
    const id = this.runs.of(event.runId);
    let meta = this.metas.get(id) ?? (await this.store.getSession(id)) ?? null;
    // A run that starts a session makes its metadata; one that continues a session (still stored) adds to it.
    if (event.type === 'run_started' && (meta === null || id === event.runId)) meta = metaFromStart(event, id);
    if (!meta) return; // An event of a run this store never saw start: nothing to attach it to.
    const bounded = await boundEvent(event, this.store, async (bytes) => {
      if (bytes > (await this.wholeOutputRoom(id))) return false;
      this.wholeOutputs.set(id, (this.wholeOutputs.get(id) ?? 0) + bytes);
      return true;
    });
    const blobs = [...(await referencedBlobs([bounded.event], this.store))];
    // What the session takes: its events, the long texts they moved out, and its first workspace.
    const snapshotBytes = event.type === 'workspace_snapshot' && event.reason === 'run_start' ? event.bytes : 0;
    const bytes = JSON.stringify(bounded.event).length + bounded.blobBytes + snapshotBytes;
    this.metas.set(id, metaAfter(meta, event, bytes));
    const last = this.unwritten.at(-1);
    if (last?.id === id) {
      last.events.push(bounded.event);
      last.blobs.push(...blobs);
    } else this.unwritten.push({ id, events: [bounded.event], blobs });
  }

  /**
   * How many more bytes of whole command output the session may keep. Counted from its stored
   * events the first time an output is too long for its event (a session may have been written by
   * an earlier page or process); the events this recorder holds unwritten then have none.
   */
  private async wholeOutputRoom(id: string): Promise<number> {
    let used = this.wholeOutputs.get(id);
    if (used === undefined) {
      used = 0;
      for (const stored of await this.store.loadEvents(id)) {
        if (stored.type !== 'command_output' || typeof stored.fullOutput !== 'string') continue;
        // Sessions stored before outputs were counted do not say how long they are.
        used += typeof stored.fullOutputBytes === 'number' ? stored.fullOutputBytes : utf8Length((await this.store.getBlob(stored.fullOutput)) ?? '');
      }
      this.wholeOutputs.set(id, used);
    }
    return SESSION_FULL_OUTPUT_LIMIT_BYTES - used;
  }
}
