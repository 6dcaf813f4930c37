import type { EngineEvent, EventOf } from '../protocol/events';
import type { SessionMeta } from '../protocol/session-file';

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
