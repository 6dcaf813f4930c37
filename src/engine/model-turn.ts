import type { ChatMessage, ModelResponse } from '../model/port';
import { ModelError } from '../model/port';
import type { EventPayload } from '../protocol/events';
import { ContextManager } from './context/context-manager';
import type { RunContext } from './run-context';

/**
 * One model turn as the loop asks for it: the request shaped by the context manager, the budget
 * checked against it, the reply streamed; a provider's "context too long" is compacted from the
 * log and sent once more (not a failed run). `lastRequest` is what the model was sent.
 */
export class ModelTurn {
  readonly context: ContextManager;
  lastRequest: ChatMessage[] = [];

  constructor(
    private readonly run: RunContext,
    private readonly say: (event: EventPayload) => void,
  ) {
    this.context = new ContextManager(run, run.log);
  }

  async ask(messages: ChatMessage[]): Promise<ModelResponse> {
    try {
      return await this.send(messages);
    } catch (error) {
      if (!(error instanceof ModelError && error.code === 'context_overflow') || this.run.scope.signal.aborted) throw error;
      this.run.scope.emit({
        type: 'notice',
        level: 'warning',
        message: 'The provider says the request is longer than the context window; compacting and retrying once.',
      });
      await this.context.afterOverflow(messages, this.say);
      return this.send(messages);
    }
  }

  /** The request for a side question (a recovery critique), shaped to fit like a turn's. */
  request(messages: ChatMessage[]): Promise<ChatMessage[]> {
    return this.context.prepare(messages, this.say);
  }

  private async send(messages: ChatMessage[]): Promise<ModelResponse> {
    const { emit, signal } = this.run.scope;
    this.lastRequest = await this.context.prepare(messages, this.say);
    this.run.usage.checkBudget(this.lastRequest, this.run.toolSpecs);
    return this.run.model.complete({
      messages: this.lastRequest,
      tools: this.run.toolSpecs,
      signal,
      onTextDelta: (text) => emit({ type: 'model_delta', text }),
      onRetry: ({ attempt, maxAttempts, delayMs, reason }) => emit({ type: 'model_retry', attempt, maxAttempts, delayMs: Math.round(delayMs), reason }),
      onToolCallStart: ({ index, name, path }) => emit({ type: 'tool_call_preparing', index, name, ...(path === undefined ? {} : { path }) }),
      ...(this.run.role ? { role: { name: this.run.role.name, round: this.run.role.round } } : {}),
    });
  }
}
