import { expect } from 'vitest';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import type { ResumeOptions } from '../../../src/engine/run-options';
import type { Model, ModelRequest, ModelResponse } from '../../../src/model/port';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf, ModelInfo } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

/** A request as the model saw it: who asked, the tools offered, the messages as text. */
export interface SeenRequest {
  role: string | null;
  tools: string[];
  text: string;
}

/** A scripted model that keeps every request it answers (under another name and kind when `info` says so). */
export class RecordingModel implements Model {
  readonly requests: SeenRequest[] = [];
  private readonly inner: ScriptedModel;

  constructor(
    scenario: Scenario,
    private readonly ownInfo?: ModelInfo,
  ) {
    this.inner = new ScriptedModel(scenario);
  }

  get info(): ModelInfo {
    return this.ownInfo ?? this.inner.info;
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

/** The demo's log cut right after the first tool result of `role` ("coder:2"): the run was interrupted mid-role. */
export function cutInside(events: readonly EngineEvent[], role: string): EngineEvent[] {
  const start = events.findIndex((event) => event.type === 'role_started' && `${event.role}:${event.round}` === role);
  expect(start).toBeGreaterThan(-1);
  const firstResult = events.findIndex((event, i) => i > start && event.type === 'tool_result');
  return events.slice(0, firstResult + 1);
}

/** Resumes on a fresh engine, as the page does after a reload and the CLI with --resume; `options` as the caller gives them. */
export async function resumeFresh(
  events: EngineEvent[],
  store: MemoryStore,
  options: Partial<ResumeOptions> = {},
): Promise<{ after: EngineEvent[]; model: RecordingModel }> {
  const sandbox = new VirtualSandbox({ files: (await workspaceAt(events, store)) ?? STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  const model = new RecordingModel(getScenario('orchestrator-demo'));
  await engine.resume({ events, model, reason: 'reloaded', ...options });
  const lastSeq = events.at(-1)?.seq ?? -1;
  return { after: engine.session.events.filter((event) => event.seq > lastSeq), model };
}
