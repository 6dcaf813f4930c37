import type { ChatMessage, Model, ModelRequest, ModelResponse } from '../../../src/model/port';

/**
 * Asks a model for its next turn the way the loop would, then adds the reply to the
 * conversation: an empty reply as a nudge, each tool call with a plain "ok" result.
 * The scripted model reads its turn number from the conversation, so tests keep one.
 */
export async function playTurn(model: Model, messages: ChatMessage[], request: Partial<ModelRequest> = {}): Promise<ModelResponse> {
  if (messages.length === 0) messages.push({ role: 'system', content: 'system' }, { role: 'user', content: 'task' });
  const reply = await model.complete({ tools: [], ...request, messages: [...messages] });
  if (reply.text.trim() === '' && reply.toolCalls.length === 0) messages.push({ role: 'user', content: 'nudge', reason: 'empty_reply_nudge' });
  else messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
  for (const call of reply.toolCalls) messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: 'ok' });
  return reply;
}
