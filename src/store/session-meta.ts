import type { EngineEvent, EventOf } from '../protocol/events';
import type { SessionMeta, StoredEvent } from '../protocol/session-file';

/** A new stored session, from its first run's first event. */
export function metaFromStart(event: EventOf<'run_started'>, id: string = event.runId): SessionMeta {
  return {
    id,
    task: event.task,
    createdAt: event.ts,
    updatedAt: event.ts,
    status: 'running',
    mode: event.mode,
    model: event.model,
    sandbox: event.sandbox.kind,
    eventCount: 0,
    runs: 0,
    bytes: 0,
  };
}

/** The metadata once `event` (stored in `bytes`) is written. */
export function metaAfter(meta: SessionMeta, event: EngineEvent, bytes: number): SessionMeta {
  const status = event.type === 'run_finished' ? event.status : event.type === 'run_resumed' || event.type === 'run_started' ? 'running' : meta.status;
  // A session stored before sessions held several runs had one.
  const runs = event.type === 'run_started' ? (meta.runs ?? 1) + 1 : meta.runs;
  // The list shows the model and mode the session's latest run used.
  const latest = event.type === 'run_started' ? { model: event.model, mode: event.mode } : {};
  return {
    ...meta,
    ...latest,
    status,
    updatedAt: event.ts,
    eventCount: meta.eventCount + 1,
    bytes: meta.bytes + bytes,
    ...(runs === undefined ? {} : { runs }),
  };
}

/**
 * The metadata of a session from a link or a file, worked out here from its events: what the
 * file says of itself (status, dates, built-in, where it was forked from) is not trusted. It is
 * created now, its status is its last run's end (a run that never ended is "interrupted"), and it
 * is marked by where it came from, so it is only ever replayed.
 */
export function importedMeta(
  claimed: SessionMeta,
  events: readonly { stored: StoredEvent; event: EngineEvent }[],
  { id, from, now, blobBytes }: { id: string; from: 'link' | 'file'; now: number; blobBytes: number },
): SessionMeta {
  const first = events.find(({ event }) => event.type === 'run_started')?.event;
  let meta: SessionMeta =
    first?.type === 'run_started' ? metaFromStart(first, id) : { ...claimed, id, status: 'interrupted', eventCount: 0, runs: 0, bytes: 0 };
  for (const { stored, event } of events) meta = metaAfter(meta, event, JSON.stringify(stored).length);
  const { builtIn: _builtIn, forkedFrom: _forkedFrom, ...rest } = meta;
  const status = rest.status === 'running' ? 'interrupted' : rest.status;
  return { ...rest, createdAt: now, updatedAt: now, status, bytes: rest.bytes + blobBytes, importedFrom: from };
}
