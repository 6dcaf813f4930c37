import type { Emit } from '../protocol/events';
import type { ChatMessage, Model, ToolSpec } from '../model/port';
import { ModelError } from '../model/port';
import type { Sandbox } from '../sandbox/port';
import { FileVersions } from '../tools/file-versions';
import type { PhaseControl, Tool } from '../tools/tool';
import type { Gate } from './gate';
import { executeToolCall } from './tool-executor';
import { messageOf } from '../protocol/error-message';

export interface LoopOptions {
  model: Model;
  tools: readonly Tool[];
  toolSpecs: ToolSpec[];
  /** The gated sandbox handle the tools get. */
  sandbox: Sandbox;
  gate: Gate;
  phases?: PhaseControl;
  /** Passed to the tools: refuse writes that add syntax errors. */
  refuseSyntaxErrors?: boolean;
  emit: Emit;
  signal: AbortSignal;
  systemPrompt: string;
  taskMessage: string;
  maxIterations: number;
}

export type LoopOutcome =
  | { status: 'completed'; summary: string; iterations: number }
  | { status: 'failed'; errorCode: string; reason: string; iterations: number }
  | { status: 'cancelled'; reason: string; iterations: number };

export const EMPTY_REPLY_NUDGE =
  'Your last reply was empty. Either call a tool to continue the task, or reply with a short summary if the task is done.';

const cancelled = (iterations: number): LoopOutcome => ({ status: 'cancelled', reason: 'stopped by the user', iterations });

/**
 * The ReAct loop: model turn → tool calls in order → results appended → repeat.
 * A text-only reply ends the run; limits and failures end it with a reason.
 */
export async function runReactLoop(options: LoopOptions): Promise<LoopOutcome> {
  const { model, emit, signal } = options;
  const fileVersions = new FileVersions();
  const messages: ChatMessage[] = [
    { role: 'system', content: options.systemPrompt },
    { role: 'user', content: options.taskMessage },
  ];
  let nudged = false;

  for (let iteration = 1; iteration <= options.maxIterations; iteration++) {
    if (signal.aborted) return cancelled(iteration - 1);
    emit({ type: 'iteration_started', iteration });

    let reply;
    try {
      reply = await model.complete({
        messages,
        tools: options.toolSpecs,
        signal,
        onTextDelta: (text) => emit({ type: 'model_delta', text }),
        onRetry: ({ attempt, delayMs, reason }) =>
          emit({ type: 'notice', level: 'warning', message: `Model request failed (${reason}); retry ${attempt} in ${Math.round(delayMs)} ms.` }),
      });
    } catch (error) {
      if (signal.aborted || (error instanceof ModelError && error.code === 'aborted')) return cancelled(iteration);
      const code = error instanceof ModelError ? error.code : 'unknown';
      const message = messageOf(error);
      return { status: 'failed', errorCode: `model_${code}`, reason: `The model request failed: ${message}`, iterations: iteration };
    }
    emit({ type: 'assistant_message', text: reply.text, toolCalls: reply.toolCalls });

    if (reply.toolCalls.length === 0 && reply.text.trim() === '') {
      if (nudged) {
        return { status: 'failed', errorCode: 'empty_reply', reason: 'The model sent an empty reply twice in a row.', iterations: iteration };
      }
      nudged = true;
      emit({ type: 'notice', level: 'warning', message: 'The model sent an empty reply; nudging it once.' });
      messages.push({ role: 'user', content: EMPTY_REPLY_NUDGE });
      continue;
    }
    nudged = false;
    messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
    if (reply.toolCalls.length === 0) return { status: 'completed', summary: reply.text, iterations: iteration };

    for (const call of reply.toolCalls) {
      if (signal.aborted) return cancelled(iteration);
      const { sandbox, gate, phases, refuseSyntaxErrors } = options;
      const { result } = await executeToolCall(call, options.tools, {
        sandbox,
        gate,
        fileVersions,
        emit,
        signal,
        ...(phases ? { phases } : {}),
        ...(refuseSyntaxErrors ? { refuseSyntaxErrors } : {}),
      });
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result.output });
    }
    if (signal.aborted) return cancelled(iteration);
  }
  return {
    status: 'failed',
    errorCode: 'max_iterations',
    reason: `Reached the limit of ${options.maxIterations} iterations before the task was finished.`,
    iterations: options.maxIterations,
  };
}
