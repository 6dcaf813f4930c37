import { Engine } from '../../../src/engine/engine';
import { PATH_STATE_MARK } from '../../../src/engine/path-state';
import type { Scenario, ScriptedToolCall } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import type { Mode } from '../../../src/protocol/settings';
import type { ExecOptions } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/** Shared by the gate tests: a spying sandbox, scripted scenarios of tool calls, and a run that collects its events. */

/** A real virtual sandbox that records every command and write that reaches it (the path-state reset's own commands apart). */
export class SpySandbox extends VirtualSandbox {
  readonly reached: string[] = [];
  override async exec(command: string, options?: ExecOptions) {
    if (!command.includes(PATH_STATE_MARK)) this.reached.push(`exec ${command}`);
    return super.exec(command, options);
  }
  override async writeFile(path: string, content: string) {
    this.reached.push(`write ${path}`);
    return super.writeFile(path, content);
  }
  override async mkdir(path: string, options?: { recursive?: boolean }) {
    this.reached.push(`mkdir ${path}`);
    return super.mkdir(path, options);
  }
  override async remove(path: string, options?: { recursive?: boolean }) {
    this.reached.push(`remove ${path}`);
    return super.remove(path, options);
  }
}

export const call = (name: string, args: unknown): ScriptedToolCall => ({ name, args });
export const scenario = (...turns: ScriptedToolCall[][]): Scenario => ({
  name: 'gate-test',
  title: 'gate test',
  description: 'gate test',
  defaultTask: 't',
  turns: [...turns.map((toolCalls) => ({ text: '', toolCalls })), { text: 'finished' }],
});

export async function runScenario(s: Scenario, options: { mode?: Mode; policy?: unknown; allowDestructive?: boolean; files?: Record<string, string> } = {}) {
  const sandbox = new SpySandbox({ files: options.files ?? STARTER_PROJECT });
  const engine = new Engine({ sandbox });
  const result = await engine.run({
    task: 't',
    mode: options.mode ?? 'plan_exec',
    model: new ScriptedModel(s),
    maxIterations: 40,
    policy: options.policy,
    // What reaches the sandbox is the model's commands only: the engine's own final check is tested in final-check.test.ts.
    finalCheck: false,
    ...(options.allowDestructive ? { allowDestructive: true } : {}),
  });
  const events = engine.session.events as EngineEvent[];
  const ofType = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  const results = ofType('tool_result');
  return { sandbox, result, events, ofType, results };
}

export const refusalOf = (output: string) => JSON.parse(output) as { error: string; tool: string; phase: string; kind: string; reason: string; hint: string };

export function runPlanExec(s: Scenario, policy?: unknown) {
  return runScenario(s, { policy });
}
