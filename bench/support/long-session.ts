// Writes a session file of N events (the demo's turns repeated within one run, no streamed pieces) to stdout,
// for the browser bench to open and seek in. `tsx bench/support/long-session.ts [N]`
import { Engine } from '../../src/engine/engine';
import { getScenario } from '../../src/model/scenarios';
import { ScriptedModel } from '../../src/model/scripted';
import type { EngineEvent } from '../../src/protocol/events';
import type { SessionFile } from '../../src/protocol/session-file';
import type { Mode } from '../../src/protocol/settings';
import { STARTER_PROJECT } from '../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../src/sandbox/virtual';
import { boundEvent } from '../../src/store/bounded-event';
import { MemoryStore } from '../../src/store/memory-store';
import { SessionRecorder } from '../../src/store/recorder';
import { buildSessionFile } from '../../src/store/session-file';

/** The demo's log repeated (as further turns of one run) until it holds `count` events. */
export function longLog(events: readonly EngineEvent[], count: number): EngineEvent[] {
  const body = events.filter((e) => e.type !== 'run_started' && e.type !== 'run_finished');
  const out: EngineEvent[] = [events[0] as EngineEvent];
  for (let round = 0; out.length < count; round++) {
    for (const event of body) {
      if (out.length >= count) break;
      const copy = { ...event, seq: out.length } as EngineEvent;
      if ('callId' in copy) (copy as { callId: string }).callId = `${(copy as { callId: string }).callId}-${round}`;
      out.push(copy);
    }
  }
  return out;
}

/** A scripted scenario run with a store behind it, and that store. */
export async function recordScenario(scenario: string, mode: Mode) {
  const store = new MemoryStore();
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: store });
  const recorder = new SessionRecorder(store, { flushMs: 0 });
  engine.session.subscribe((event) => recorder.record(event));
  const model = new ScriptedModel(getScenario(scenario));
  const { runId } = await engine.run({ task: getScenario(scenario).defaultTask, mode, model, maxIterations: 40 });
  await recorder.flush();
  return { store, runId, events: [...engine.session.events] };
}

/** A session file of `count` replayed events: the demo's turns repeated within one run. */
export async function longSessionFile(count: number): Promise<SessionFile> {
  const { store, runId, events } = await recordScenario('demo', 'react');
  // The page drops streamed reply pieces from an opened file (a replay never shows them), so the
  // log is made of the other events: the page replays exactly `count`.
  const log = longLog(
    events.filter((event) => event.type !== 'model_delta'),
    count,
  );
  const stored = [];
  for (const event of log) stored.push((await boundEvent(event, store)).event);
  const meta = (await store.getSession(runId)) ?? undefined;
  if (!meta) throw new Error('the demo was not stored');
  return buildSessionFile(
    { ...meta, id: 'long-session', status: 'completed', eventCount: log.length },
    stored.map((e) => ({ ...e, runId: 'long-session' })),
    store,
  );
}

async function main() {
  process.stdout.write(JSON.stringify(await longSessionFile(Number(process.argv[2] ?? 2000))));
}

if (process.argv[1]?.endsWith('long-session.ts')) await main();
