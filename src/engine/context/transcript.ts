import type { ChatMessage } from '../../model/port';

const TEXT_LIMIT = 1_200;
const RESULT_LIMIT = 1_500;

/**
 * Turns as plain text for a summary request: replies, calls with their arguments, results cut to
 * their head and tail, notes. Compact, so more history fits one request.
 */
export function transcriptOf(messages: readonly ChatMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'assistant':
        if (message.content.trim()) lines.push(`[agent] ${clip(message.content.trim(), TEXT_LIMIT)}`);
        for (const call of message.toolCalls) lines.push(`[call ${call.name}] ${clip(call.arguments, 400)}`);
        break;
      case 'tool':
        lines.push(`[result of ${message.name}] ${clip(message.content, RESULT_LIMIT)}`);
        break;
      case 'user':
        lines.push(message.reason === 'context_summary' ? `[earlier summary] ${message.content}` : `[note to the agent] ${clip(message.content, TEXT_LIMIT)}`);
        break;
      case 'system':
        break;
    }
  }
  return lines.join('\n');
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  return `${text.slice(0, half)} … [${text.length - 2 * half} characters left out] … ${text.slice(-half)}`;
}
