import type { ModelInfo } from '../protocol/events';
import { throwIfAborted } from './abortable-sleep';
import type { Model, ModelRequest, ModelResponse } from './port';

/**
 * The scripted scenarios' stand-in for a summary model: a scenario scripts the agent's turns,
 * not summaries, so this writes one from the request itself. It keeps the agent's calls and
 * the first line of each reply, which is deterministic and always labelled as scripted.
 */
export class ScriptedSummaryModel implements Model {
  readonly info: ModelInfo = { kind: 'scripted', name: 'summary', label: 'Scripted summary (stand-in)' };

  async complete(request: ModelRequest): Promise<ModelResponse> {
    throwIfAborted(request.signal);
    const prompt = request.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const steps = prompt.split('\n').filter((line) => line.startsWith('[call ') || line.startsWith('[agent] '));
    const shown = steps.slice(-30).map((line) => `- ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`);
    const dropped = steps.length - shown.length;
    const text = [
      `Scripted summary of ${steps.length} earlier step lines:`,
      ...(dropped > 0 ? [`- (${dropped} earlier lines not repeated)`] : []),
      ...shown,
    ].join('\n');
    return { text, toolCalls: [], finishReason: 'stop' };
  }
}
