import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION, type EventPayload } from '../../../src/protocol/events';

/** Stamps payloads the way the session does and checks them against the schema. */
export function eventLog(runId: string, payloads: EventPayload[], firstSeq = 0, msPerEvent = 1): EngineEvent[] {
  return payloads.map((payload, index) =>
    EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: firstSeq + index, ts: 1_700_000_000_000 + index * msPerEvent, runId }),
  );
}

export const runStarted = (task: string, mode: 'react' | 'plan_exec' = 'react'): EventPayload<'run_started'> => ({
  type: 'run_started',
  task,
  mode,
  model: { kind: 'scripted', label: 'Demo (scripted)', name: 'demo' },
  sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'chosen in Settings' },
  maxIterations: 30,
});
