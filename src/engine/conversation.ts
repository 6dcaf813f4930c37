import type { ChatMessage } from '../model/port';
import type { EngineEvent, EventPayload } from '../protocol/events';

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
      else messages[0] = { role: 'system', content: event.systemPrompt };
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
    default:
      return;
  }
}

export function conversationOf(events: Iterable<EventPayload | EngineEvent>): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const event of events) applyToConversation(messages, event);
  return messages;
}
