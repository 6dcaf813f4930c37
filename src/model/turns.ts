import type { ChatMessage } from './port';

/**
 * How many model turns a conversation holds: each reply, and each turn the conversation keeps
 * only through the engine's answer to it (an empty reply's nudge, a recovery critique), plus the
 * turns a summary of earlier ones stands for. `countReply` may leave a reply out (the scripted
 * model does not count a call it sends again).
 */
export function modelTurnsIn(
  messages: readonly ChatMessage[],
  countReply: (message: Extract<ChatMessage, { role: 'assistant' }>) => boolean = () => true,
): number {
  let turns = 0;
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (countReply(message)) turns++;
    } else if (message.role === 'user') {
      if (message.reason === 'empty_reply_nudge' || message.reason === 'recovery') turns++;
      else if (message.reason === 'context_summary') turns += message.modelTurns ?? 0;
    }
  }
  return turns;
}
