import { Engine, type RunOptions } from '../../../src/engine/engine';
import type { Model, ModelRequest, ModelResponse } from '../../../src/model/port';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

/** A request as the model saw it: who asked, the tools offered, the messages as text. */
export interface SeenRequest {
  role: string | null;
  tools: string[];
  text: string;
}

/** A scripted model that keeps every request it answers. */
export class RecordingModel implements Model {
  readonly requests: SeenRequest[] = [];
  private readonly inner: ScriptedModel;

  constructor(scenario: Scenario) {
    this.inner = new ScriptedModel(scenario);
  }

  get info() {
    return this.inner.info;
  }

  complete(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push({
      role: request.role ? `${request.role.name}:${request.role.round}` : null,
      tools: request.tools.map((tool) => tool.name),
      text: request.messages.map((message) => message.content).join('\n'),
    });
    return this.inner.complete(request);
  }
}

/** The orchestrator demo with some roles' turns replaced. */
export function demoWith(roles: Record<string, ScriptedTurn[]>): Scenario {
  const demo = getScenario('orchestrator-demo');
  return { ...demo, roles: { ...demo.roles, ...roles } };
}

/** Runs `scenario` in orchestrator mode on the starter project, its snapshots kept in `store`. */
export async function runOrchestrator(
  scenario: Scenario,
  options: Partial<RunOptions> = {},
  store = new MemoryStore(),
): Promise<{ events: EngineEvent[]; model: RecordingModel; sandbox: VirtualSandbox; store: MemoryStore }> {
  const model = new RecordingModel(scenario);
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  await engine.run({ task: scenario.defaultTask, mode: 'orchestrator', model, maxIterations: 20, ...options });
  return { events: [...engine.session.events], model, sandbox, store };
}

export const ofType = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T): EventOf<T>[] =>
  events.filter((event): event is EventOf<T> => event.type === type);

/** "planner:1", "coder:1", … in the order the roles started. */
export const rolesStarted = (events: readonly EngineEvent[]) => ofType(events, 'role_started').map((event) => `${event.role}:${event.round}`);
