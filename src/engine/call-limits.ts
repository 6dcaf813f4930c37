import { type EventPayload, parseArgumentsOrNull, type ToolCall } from '../protocol/events';
import { ARGUMENTS_TOO_LONG, CALL_LIMIT, renderTemplate } from './prompts';
import type { RunContext } from './run-context';
import { executeToolCall } from './tool-executor';

/** A reply may make at most this many tool calls; the rest are not run (and not recorded). */
export const MAX_TOOL_CALLS_PER_REPLY = 50;
/** A call's arguments may be at most this long (characters of JSON text); longer ones are refused unread. */
export const MAX_ARGUMENT_CHARS = 1024 * 1024;
/** How much of refused arguments the log and the conversation keep. */
const KEPT_START_CHARS = 200;

/** A reply's tool calls within the limits, as the log records them and the loop runs them. */
export interface BoundedCalls {
  /** The first MAX_TOOL_CALLS_PER_REPLY calls, oversized arguments replaced by a short stand-in. */
  calls: ToolCall[];
  /** How many calls the reply asked for. */
  asked: number;
  /** Calls whose arguments were over the limit (the objects in `calls`), with their real length. */
  oversized: ReadonlyMap<ToolCall, number>;
}

/**
 * Applies the limits before anything is recorded or parsed: the log, the page and the next
 * request then never carry a 10 MB argument or a thousand calls, only what was run.
 */
export function boundToolCalls(calls: readonly ToolCall[]): BoundedCalls {
  const oversized = new Map<ToolCall, number>();
  const kept = calls.slice(0, MAX_TOOL_CALLS_PER_REPLY).map((call) => {
    if (call.arguments.length <= MAX_ARGUMENT_CHARS) return call;
    const stand = { ...call, arguments: JSON.stringify({ omitted: `${call.arguments.length} characters`, start: call.arguments.slice(0, KEPT_START_CHARS) }) };
    oversized.set(stand, call.arguments.length);
    return stand;
  });
  return { calls: kept, asked: calls.length, oversized };
}

/** Notices for the log: what the limits left out of this reply. */
export function limitNotices(bounded: BoundedCalls): EventPayload<'notice'>[] {
  const notices: EventPayload<'notice'>[] = [];
  if (bounded.asked > bounded.calls.length) {
    notices.push({
      type: 'notice',
      level: 'warning',
      message: `The model asked for ${bounded.asked} tool calls in one reply; only the first ${MAX_TOOL_CALLS_PER_REPLY} are run (the limit per reply).`,
    });
  }
  for (const [call, size] of bounded.oversized) {
    notices.push({
      type: 'notice',
      level: 'warning',
      message: `A ${call.name} call's arguments were ${count(size)} characters long (the limit is ${count(MAX_ARGUMENT_CHARS)}); it was refused without being read.`,
    });
  }
  return notices;
}

/** What the model is told after the batch when calls were left out; null when none were. */
export function callLimitNote(bounded: BoundedCalls): string | null {
  const dropped = bounded.asked - bounded.calls.length;
  if (dropped <= 0) return null;
  return renderTemplate(CALL_LIMIT, { asked: String(bounded.asked), limit: String(MAX_TOOL_CALLS_PER_REPLY), dropped: String(dropped) });
}

/** Runs one call of a bounded reply: an oversized one is recorded and refused, the others run as usual. */
export async function executeBoundedCall(call: ToolCall, bounded: BoundedCalls, run: RunContext): Promise<{ event: EventPayload<'tool_result'> }> {
  const size = bounded.oversized.get(call);
  if (size === undefined) return executeToolCall(call, run);
  const { emit } = run.scope;
  emit({ type: 'tool_call', callId: call.id, name: call.name, args: parseArgumentsOrNull(call.arguments), rawArguments: call.arguments });
  const event: EventPayload<'tool_result'> = {
    type: 'tool_result',
    callId: call.id,
    name: call.name,
    ok: false,
    errorKind: 'invalid_arguments',
    output: renderTemplate(ARGUMENTS_TOO_LONG, { tool: call.name, size: count(size), limit: count(MAX_ARGUMENT_CHARS) }),
    durationMs: 0,
  };
  emit(event);
  return { event };
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
