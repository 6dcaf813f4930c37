import type { ChatMessage } from '../model/port';
import { modelTurnsIn } from '../model/turns';
import type { EngineEvent, EventPayload } from '../protocol/events';
import { FIRST_TURN_INDEX, replyIndices } from './context/turns';
import { CLARIFICATION_LINE, PREVIOUS_CLARIFICATIONS, renderTemplate, SUMMARY_MESSAGE } from './prompts';

/**
 * The conversation with the model is a fold over the log: the loop builds its messages with
 * `applyToConversation` from the events it records, and a resumed run folds the stored log
 * the same way, so both get the same messages, byte for byte.
 */
export function applyToConversation(messages: ChatMessage[], event: EventPayload | EngineEvent): void {
  switch (event.type) {
    case 'run_configured':
      // The first starts the conversation; a later one (the run goes on in another mode) replaces the system prompt only.
      if (messages.length === 0) messages.push({ role: 'system', content: event.systemPrompt }, { role: 'user', content: event.taskMessage });
      else messages[0] = { role: 'system', content: `${event.systemPrompt}${pinnedClarifications(messages[0]?.content ?? '')}` };
      return;
    case 'role_started': {
      // orchestrator: each role starts afresh from its own prompt and brief; the user's answers stay pinned.
      const pinned = pinnedClarifications(messages[0]?.role === 'system' ? messages[0].content : '');
      messages.length = 0;
      messages.push({ role: 'system', content: `${event.systemPrompt}${pinned}` }, { role: 'user', content: event.brief });
      return;
    }
    case 'human_answered':
      // The answer is also the tool's result; pinned in the system prompt, it outlives any rewrite of the conversation.
      if (messages[0]?.role === 'system') messages[0] = { role: 'system', content: withClarification(messages[0].content, event.question, event.answer) };
      return;
    case 'assistant_message':
      // An empty reply is not part of the conversation; the nudge that follows it is.
      if (event.text.trim() !== '' || event.toolCalls.length > 0) messages.push({ role: 'assistant', content: event.text, toolCalls: event.toolCalls });
      return;
    case 'user_message':
      messages.push({ role: 'user', content: event.text, reason: event.reason });
      return;
    case 'tool_result':
      messages.push({ role: 'tool', toolCallId: event.callId, name: event.name, content: event.output });
      return;
    case 'context_compacted':
      if (event.summary !== undefined && event.replacedReplies !== undefined) replaceBySummary(messages, event.summary, event.replacedReplies);
      return;
    default:
      return;
  }
}

/**
 * The oldest turns (an earlier summary with them) give way to one summary message after the task.
 * The cut falls at a reply, so no tool result loses its call; the message counts the model turns
 * it stands for, so a scripted model still knows which turn comes next.
 */
function replaceBySummary(messages: ChatMessage[], summary: string, replacedReplies: number): void {
  const replies = replyIndices(messages);
  const end = replies[replacedReplies] ?? messages.length;
  const removed = messages.splice(FIRST_TURN_INDEX, end - FIRST_TURN_INDEX);
  messages.splice(FIRST_TURN_INDEX, 0, {
    role: 'user',
    content: renderTemplate(SUMMARY_MESSAGE, { summary }),
    reason: 'context_summary',
    modelTurns: modelTurnsIn(removed),
  });
}

const HEADING = `\n\n${PREVIOUS_CLARIFICATIONS}`;

/** The pinned answers at the end of a system prompt ('' when there are none). */
function pinnedClarifications(systemPrompt: string): string {
  const at = systemPrompt.lastIndexOf(HEADING);
  return at === -1 ? '' : systemPrompt.slice(at);
}

function withClarification(systemPrompt: string, question: string, answer: string): string {
  const line = renderTemplate(CLARIFICATION_LINE, { question: oneLine(question), answer: oneLine(answer) });
  return `${systemPrompt}${systemPrompt.includes(HEADING) ? '' : HEADING}\n${line}`;
}

/** Keeps a pinned line a line: the heading is found again by its exact text. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

export function conversationOf(events: Iterable<EventPayload | EngineEvent>): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const event of events) applyToConversation(messages, event);
  return messages;
}
