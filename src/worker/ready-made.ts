import { Engine } from '../engine/engine';
import { scenarioWorkspace } from '../engine/scenario-workspace';
import { scenarioMode } from '../model/scenario';
import { getScenario } from '../model/scenarios';
import { ScriptedModel } from '../model/scripted';
import type { SessionFile } from '../protocol/session-file';
import { LazyVirtualSandbox } from '../sandbox/lazy-virtual';
import type { PythonRuntime } from '../sandbox/python/python-runtime';
import { MemoryStore } from '../store/memory-store';
import { SessionRecorder } from '../store/recorder';
import { exportSession } from '../store/session-file';

/** The stored id of a scripted scenario's ready-made session. */
export function readyMadeId(scenario: string): string {
  return `ready-made-${scenario}`;
}

/**
 * A scripted scenario played once, headless and at full speed, on its own engine and sandbox
 * (the page's run is not touched), and recorded as a session to replay: no model needed. The
 * sandbox holds the scenario's project and, when given, the page's Python (python-demo needs it).
 */
export async function recordReadyMade(scenarioName: string, { python }: { python?: PythonRuntime } = {}): Promise<SessionFile> {
  const scenario = getScenario(scenarioName);
  if (scenario.liveOnly) throw new Error(`the scripted scenario "${scenario.name}" shows what happens live; it has no ready-made session`);
  const mode = scenarioMode(scenario);
  const store = new MemoryStore();
  const sandbox = new LazyVirtualSandbox({
    files: { ...scenarioWorkspace(scenario.name) },
    reason: 'ready-made sessions are recorded on the virtual sandbox',
    ...(python ? { python } : {}),
  });
  const engine = new Engine({ sandbox, blobs: store });
  const recorder = new SessionRecorder(store, { flushMs: 0 });
  engine.session.subscribe((event) => recorder.record(event));
  try {
    const { runId } = await engine.run({ task: scenario.defaultTask, mode, model: new ScriptedModel(scenario), maxIterations: 30 });
    await recorder.flush();
    const file = await exportSession(store, runId);
    const id = readyMadeId(scenario.name);
    return { ...file, session: { ...file.session, id, builtIn: true }, events: file.events.map((event) => ({ ...event, runId: id })) };
  } finally {
    await sandbox.dispose();
  }
}
