import { EngineEventSchema, EVENT_SCHEMA_VERSION, type EngineEvent, type EventPayload } from '../../../src/engine/events';

/** Stamps payloads the way the session does and checks them against the schema. */
export function eventLog(runId: string, payloads: EventPayload[], firstSeq = 0): EngineEvent[] {
  return payloads.map((payload, index) =>
    EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: firstSeq + index, ts: 1_700_000_000_000 + index, runId }),
  );
}

export const runStarted = (task: string): EventPayload => ({
  type: 'run_started',
  task,
  mode: 'react',
  model: { kind: 'scripted', label: 'Demo (scripted)', name: 'demo' },
  sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'chosen in Settings' },
  maxIterations: 30,
});
