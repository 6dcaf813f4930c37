import type { ChatMessage } from '../../model/port';
import type { ToolCall } from '../../protocol/events';

/**
 * A conversation's shape for compaction: the system prompt and the task message stay at the
 * front (index 0 and 1), then an earlier summary if there is one, then turns. A turn starts at
 * a reply and holds that reply's tool results and the notes after it, so cutting at turn starts
 * never leaves a result without its call.
 */
export const FIRST_TURN_INDEX = 2;

/** Indices of the replies (turn starts) from `from` on. */
export function replyIndices(messages: readonly ChatMessage[], from = FIRST_TURN_INDEX): number[] {
  const out: number[] = [];
  for (let i = from; i < messages.length; i++) if (messages[i]?.role === 'assistant') out.push(i);
  return out;
}

/** Where the last `keep` turns begin (messages.length when there are none to keep). */
export function recentTurnsStart(messages: readonly ChatMessage[], keep: number): number {
  const replies = replyIndices(messages);
  if (keep <= 0) return messages.length;
  return replies.length <= keep ? (replies[0] ?? messages.length) : (replies[replies.length - keep] ?? messages.length);
}

/** Each tool call by id, from the replies, to name a result's call. */
export function callsById(messages: readonly ChatMessage[]): Map<string, ToolCall> {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) if (message.role === 'assistant') for (const call of message.toolCalls) calls.set(call.id, call);
  return calls;
}

/** Providers refuse a result without its call, and a call without its result: true when neither occurs. */
export function hasNoOrphans(messages: readonly ChatMessage[]): boolean {
  const open = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (open.size > 0) return false;
      for (const call of message.toolCalls) open.add(call.id);
    } else if (message.role === 'tool') {
      if (!open.delete(message.toolCallId)) return false;
    }
  }
  return open.size === 0;
}
