import type { ModelInfo, ToolCall } from '../protocol/events';
import { INTERRUPTED_CALL_RESULT } from '../protocol/interrupted-call';
import { abortableSleep, throwIfAborted } from './abortable-sleep';
import { type ChatMessage, type Model, ModelError, type ModelRequest, type ModelResponse } from './port';
import type { Scenario, ScriptedTurn } from './scenario';
import { modelTurnsIn } from './turns';

export interface ScriptedModelOptions {
  /** Pause before each streamed text chunk, so the UI visibly streams. Default 0. */
  delayMs?: number;
}

/** The suffix of a call id the scripted model sends again after it was interrupted. */
const AGAIN = '_again';

/**
 * Replays a scenario: turn N answers the conversation's Nth model turn, counted from the
 * messages (so a run resumed from its log goes on where it was). Calls that came back
 * interrupted are sent again first, as a model would, so a resumed demo ends as it would have.
 */
export class ScriptedModel implements Model {
  readonly info: ModelInfo;
  readonly plays: string;
  private readonly delayMs: number;

  constructor(
    private readonly scenario: Scenario,
    options: ScriptedModelOptions = {},
  ) {
    this.delayMs = Math.max(0, options.delayMs ?? 0);
    const label = scenario.name === 'demo' ? 'Demo (scripted)' : `Demo (scripted): ${scenario.name}`;
    this.info = { kind: 'scripted', name: scenario.name, label };
    this.plays = scenario.defaultTask;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    throwIfAborted(request.signal);
    const again = interruptedCalls(request.messages);
    if (again.length > 0) return { text: '', toolCalls: again.map((call) => ({ ...call, id: `${call.id}${AGAIN}` })), finishReason: 'tool_calls' };
    const turnNumber = turnsSoFar(request.messages) + 1;
    const { turns, key } = this.turnsFor(request);
    const turn = turns[turnNumber - 1];
    if (!turn) {
      const whose = key === null ? '' : ` for ${key}`;
      throw new ModelError(`scripted scenario '${this.scenario.name}' has no turn ${turnNumber}${whose}`, 'scenario_exhausted', false);
    }
    const text = turn.text ?? '';
    for (const chunk of splitIntoChunks(text)) {
      if (this.delayMs > 0) await abortableSleep(this.delayMs, request.signal);
      throwIfAborted(request.signal);
      request.onTextDelta?.(chunk);
    }
    throwIfAborted(request.signal);
    const toolCalls = toToolCalls(turn, key === null ? `${turnNumber}` : `${key.replace(':', '')}_${turnNumber}`);
    await this.announce(turn, request);
    return { text, toolCalls, finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop' };
  }

  /** The turns to play: a role's own ("role:round") when an orchestrator role asks, else the scenario's. */
  private turnsFor(request: ModelRequest): { turns: readonly ScriptedTurn[]; key: string | null } {
    if (!request.role) return { turns: this.scenario.turns, key: null };
    const key = `${request.role.name}:${request.role.round}`;
    return { turns: this.scenario.roles?.[key] ?? [], key };
  }

  /** Tells the caller each tool call as a streaming model would: its name, then its path; paced like the text. */
  private async announce(turn: ScriptedTurn, request: ModelRequest): Promise<void> {
    if (!request.onToolCallStart) return;
    for (const [index, call] of (turn.toolCalls ?? []).entries()) {
      request.onToolCallStart({ index, name: call.name });
      const path = pathOf(call.args);
      if (path === undefined) continue;
      if (this.delayMs > 0) await abortableSleep(this.delayMs, request.signal);
      throwIfAborted(request.signal);
      request.onToolCallStart({ index, name: call.name, path });
    }
    if (this.delayMs > 0 && (turn.toolCalls ?? []).length > 0) await abortableSleep(this.delayMs, request.signal);
    throwIfAborted(request.signal);
  }
}

function pathOf(args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null || !('path' in args)) return undefined;
  return typeof args.path === 'string' && args.path !== '' ? args.path : undefined;
}

/** Model turns so far (turns.ts), not counting calls sent again after an interruption. */
function turnsSoFar(messages: readonly ChatMessage[]): number {
  return modelTurnsIn(messages, (reply) => !reply.toolCalls.some((call) => call.id.endsWith(AGAIN)));
}

/** The calls of the last reply whose results say they were interrupted. */
function interruptedCalls(messages: readonly ChatMessage[]): ToolCall[] {
  const lastReply = messages.findLastIndex((m) => m.role === 'assistant');
  const reply = messages[lastReply];
  if (!reply || reply.role !== 'assistant') return [];
  const interrupted = new Set(
    messages
      .slice(lastReply + 1)
      .filter((m) => m.role === 'tool' && m.content === INTERRUPTED_CALL_RESULT)
      .map((m) => (m.role === 'tool' ? m.toolCallId : '')),
  );
  return reply.toolCalls.filter((call) => interrupted.has(call.id));
}

/** Word-sized pieces that join back to exactly the input. */
export function splitIntoChunks(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

/** `turn` names the turn in the call ids ("3", or "coder2_3" for a role's): ids stay unique in the run's log. */
function toToolCalls(turn: ScriptedTurn, turnId: string): ToolCall[] {
  return (turn.toolCalls ?? []).map((call, i) => ({
    id: `call_${turnId}_${i}`,
    name: call.name,
    arguments: call.rawArguments ?? JSON.stringify(call.args ?? {}),
  }));
}
