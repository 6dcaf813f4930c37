import type { ChatMessage } from '../../model/port';
import { parseArgumentsOrNull, type ToolCall } from '../../protocol/events';
import { CUT_RESULT, GET_AGAIN, MASKED_RESULT, renderTemplate } from '../prompts';
import { callsById, recentTurnsStart } from './turns';

/** Results this short cost less than their placeholder: they stay. */
const WORTH_MASKING = 400;
const ARGS_SHOWN = 160;

/**
 * Tier 1: every tool result before the last `keep` turns is replaced by a one-line placeholder
 * naming the call, the size left out and how to get it again. Calls and results stay paired.
 * Returns a new array; the conversation itself is not changed (the request is a view of it).
 */
export function maskOldResults(messages: readonly ChatMessage[], keep: number): { messages: ChatMessage[]; masked: number } {
  const recent = recentTurnsStart(messages, keep);
  const calls = callsById(messages);
  let masked = 0;
  const out = messages.map((message, index): ChatMessage => {
    if (index >= recent || message.role !== 'tool' || message.content.length < WORTH_MASKING) return message;
    masked++;
    return { ...message, content: placeholder(message, calls.get(message.toolCallId)) };
  });
  return { messages: out, masked };
}

function placeholder(result: Extract<ChatMessage, { role: 'tool' }>, call: ToolCall | undefined): string {
  const rawArgs = call?.arguments ?? '';
  const args = rawArgs.length > ARGS_SHOWN ? `${rawArgs.slice(0, ARGS_SHOWN)}…` : rawArgs;
  return renderTemplate(MASKED_RESULT, { tool: result.name, args, size: sizeOf(result.content), again: howToGetAgain(result.name, rawArgs) });
}

function howToGetAgain(tool: string, rawArgs: string): string {
  if (tool === 'read_file') return renderTemplate(GET_AGAIN.read_file, { target: readTarget(parseArgumentsOrNull(rawArgs)) });
  if (tool in GET_AGAIN && tool !== 'other') return GET_AGAIN[tool as keyof typeof GET_AGAIN];
  return renderTemplate(GET_AGAIN.other, { tool });
}

/** "src/app.ts lines 1–80", "src/app.ts (symbol Shape.area)", or the path alone. */
function readTarget(args: unknown): string {
  if (typeof args !== 'object' || args === null) return 'the file';
  const record = args as Record<string, unknown>;
  const path = typeof record.path === 'string' ? record.path : 'the file';
  const symbol = typeof record.symbol === 'string' ? ` (symbol ${record.symbol})` : '';
  const start = typeof record.start_line === 'number' ? record.start_line : null;
  const end = typeof record.end_line === 'number' ? record.end_line : null;
  const lines = start !== null || end !== null ? ` lines ${start ?? 1}–${end ?? 'end'}` : '';
  return `${path}${symbol}${lines}`;
}

function sizeOf(text: string): string {
  const lines = text.split('\n').length;
  return `${text.length.toLocaleString('en-US')} characters, ${lines.toLocaleString('en-US')} lines`;
}

/**
 * A result still larger than its share of the window keeps its head and tail with a note between
 * (the cut is in characters, from a token share at about four characters a token).
 */
export function cutLargeResults(messages: readonly ChatMessage[], maxChars: number): { messages: ChatMessage[]; cut: number } {
  let cut = 0;
  const out = messages.map((message): ChatMessage => {
    if (message.role !== 'tool' || message.content.length <= maxChars) return message;
    cut++;
    const keep = Math.max(200, Math.floor(maxChars / 2) - 100);
    const head = message.content.slice(0, keep);
    const tail = message.content.slice(-keep);
    const removed = `${(message.content.length - 2 * keep).toLocaleString('en-US')} characters`;
    return { ...message, content: renderTemplate(CUT_RESULT, { head, tail, removed }) };
  });
  return { messages: out, cut };
}
