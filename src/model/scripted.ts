import type { ModelInfo, ToolCall } from '../protocol/events';
import { abortableSleep, throwIfAborted } from './abortable-sleep';
import { type Model, ModelError, type ModelRequest, type ModelResponse } from './port';
import type { Scenario, ScriptedTurn } from './scenario';

export interface ScriptedModelOptions {
  /** Pause before each streamed text chunk, so the UI visibly streams. Default 0. */
  delayMs?: number;
}

/** Replays a scenario: the Nth call returns turn N, whatever the conversation says. */
export class ScriptedModel implements Model {
  readonly info: ModelInfo;
  private readonly delayMs: number;
  private calls = 0;

  constructor(
    private readonly scenario: Scenario,
    options: ScriptedModelOptions = {},
  ) {
    this.delayMs = Math.max(0, options.delayMs ?? 0);
    const label = scenario.name === 'demo' ? 'Demo (scripted)' : `Demo (scripted): ${scenario.name}`;
    this.info = { kind: 'scripted', name: scenario.name, label };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    throwIfAborted(request.signal);
    this.calls += 1;
    const turnNumber = this.calls;
    const turn = this.scenario.turns[turnNumber - 1];
    if (!turn) {
      throw new ModelError(`scripted scenario '${this.scenario.name}' has no turn ${turnNumber}`, 'scenario_exhausted', false);
    }
    const text = turn.text ?? '';
    for (const chunk of splitIntoChunks(text)) {
      if (this.delayMs > 0) await abortableSleep(this.delayMs, request.signal);
      throwIfAborted(request.signal);
      request.onTextDelta?.(chunk);
    }
    throwIfAborted(request.signal);
    const toolCalls = toToolCalls(turn, turnNumber);
    return { text, toolCalls, finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' };
  }
}

/** Word-sized pieces that join back to exactly the input. */
export function splitIntoChunks(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

function toToolCalls(turn: ScriptedTurn, turnNumber: number): ToolCall[] {
  return (turn.toolCalls ?? []).map((call, i) => ({
    id: `call_${turnNumber}_${i}`,
    name: call.name,
    arguments: call.rawArguments ?? JSON.stringify(call.args ?? {}),
  }));
}
