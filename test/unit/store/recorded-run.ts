import { Engine } from '../../../src/engine/engine';
import type { ChatMessage, Model, ModelRequest } from '../../../src/model/port';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import type { Mode } from '../../../src/protocol/settings';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';

/** A scripted model that keeps each request's messages, exactly as serialised for the wire. */
export class SpyModel implements Model {
  readonly requests: string[] = [];
  private readonly inner: ScriptedModel;
  constructor(scenario: string) {
    this.inner = new ScriptedModel(getScenario(scenario));
  }
  get info() {
    return this.inner.info;
  }
  complete(request: ModelRequest) {
    this.requests.push(JSON.stringify(request.messages satisfies ChatMessage[]));
    return this.inner.complete(request);
  }
}

export interface RecordedRun {
  engine: Engine;
  sandbox: VirtualSandbox;
  store: MemoryStore;
  model: SpyModel;
  /** The engine's own log (full texts). */
  events: EngineEvent[];
  sessionId: string;
  status: string;
}

/** Runs a scenario with a store behind it, as the worker and the CLI do, and waits for every write. */
export async function recordedRun(scenario: string, mode: Mode, files: Record<string, string> = STARTER_PROJECT): Promise<RecordedRun> {
  const store = new MemoryStore();
  const sandbox = new VirtualSandbox({ files });
  const engine = new Engine({ sandbox, blobs: store });
  const recorder = new SessionRecorder(store, { flushMs: 5 });
  engine.session.subscribe((event) => recorder.record(event));
  const model = new SpyModel(scenario);
  const summary = await engine.run({ task: getScenario(scenario).defaultTask, mode, model, maxIterations: 40 });
  await recorder.flush();
  return { engine, sandbox, store, model, events: [...engine.session.events], sessionId: summary.runId, status: summary.status };
}

/** Every file under the sandbox's workspace, by relative path. */
export async function workspaceFiles(sandbox: VirtualSandbox): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await sandbox.listDir(dir)) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.type === 'dir') await walk(`${dir}/${entry.name}`, path);
      else out[path] = await sandbox.readFile(`${dir}/${entry.name}`);
    }
  };
  await walk(sandbox.workdir, '');
  return out;
}
