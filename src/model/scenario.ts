import type { Mode } from '../protocol/settings';

/** One scripted model reply. */
export interface ScriptedToolCall {
  name: string;
  args: unknown;
  /** Sent instead of JSON.stringify(args), e.g. deliberately broken JSON. */
  rawArguments?: string;
}

export interface ScriptedTurn {
  text?: string;
  toolCalls?: ScriptedToolCall[];
}

/** A deterministic conversation the scripted model replays, turn N on the Nth call. */
export interface Scenario {
  name: string;
  title: string;
  description: string;
  defaultTask: string;
  /** The project the scenario works on (paths relative to the workspace); absent: the starter project. */
  files?: Readonly<Record<string, string>>;
  turns: ScriptedTurn[];
  /**
   * orchestrator mode: each role's turns, keyed "role:round" ("planner:1", "coder:2", "reviewer:1"):
   * every role starts a fresh conversation, so its turns are counted from its own first one.
   */
  roles?: Readonly<Record<string, ScriptedTurn[]>>;
  /**
   * What it shows happens only live (Stop on a running command): it is never recorded as a
   * ready-made session, which would only wait out the command (or, for a busy node program,
   * hold the engine's thread for its whole time limit).
   */
  liveOnly?: boolean;
}

/** The mode a scenario was written for: its roles' turns play only in orchestrator mode, its name says plan_exec. */
export function scenarioMode(scenario: Pick<Scenario, 'name' | 'roles'>): Mode {
  if (scenario.roles !== undefined) return 'orchestrator';
  return scenario.name.startsWith('plan_exec') ? 'plan_exec' : 'react';
}
