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
  turns: ScriptedTurn[];
}
