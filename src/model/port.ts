import type { EventOf, ModelInfo, ToolCall } from '../protocol/events';
import type { RetryFacts } from '../protocol/retry-text';

export type UserMessageReason = EventOf<'user_message'>['reason'];
import type { ToolSpec } from '../protocol/tool-spec';

/** The model port: one turn of an OpenAI-style chat with tools. */
export type ChatMessage =
  | { role: 'system'; content: string }
  /** `reason`: why the engine sent it, when it was not the task (a nudge, a critique); models never see it. */
  | {
      role: 'user';
      content: string;
      reason?: UserMessageReason | 'context_summary';
      /** A summary of earlier turns (context compaction): how many model turns it stands for. */
      modelTurns?: number;
    }
  | { role: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string };

export type { ToolSpec } from '../protocol/tool-spec';

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal?: AbortSignal;
  /** Streamed text as it arrives. */
  onTextDelta?: (text: string) => void;
  /**
   * Told when the adapter waits before retrying (rate limit, server error): retry `attempt` of
   * `maxAttempts`, after `delayMs`; `reason` is short and has no parentheses ("network error").
   */
  onRetry?: (info: RetryFacts) => void;
  /**
   * Told as soon as a streamed tool call's function name is known, and again once its "path"
   * argument can be read from the partial arguments.
   */
  onToolCallStart?: (info: ToolCallStartInfo) => void;
  /** orchestrator mode: the role asking and its round (a scripted model plays that role's turns; endpoints ignore it). */
  role?: { name: string; round: number };
}

export interface ToolCallStartInfo {
  /** The call's position in the reply. */
  index: number;
  name: string;
  path?: string;
}

/** Tokens one reply took, as the provider reported them (the final usage chunk of a stream). */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens served from the provider's cache (prompt_tokens_details.cached_tokens). */
  cachedTokens?: number;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  /** Absent when the provider reported none (the scripted model, servers without stream usage). */
  usage?: ModelUsage;
}

export interface Model {
  readonly info: ModelInfo;
  /** A scripted model plays a recorded run of this task and reads no other. */
  readonly plays?: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
}

/** A model failure the loop can report as structured data. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly code: 'aborted' | 'auth' | 'rate_limited' | 'server' | 'network' | 'bad_response' | 'timeout' | 'scenario_exhausted' | 'context_overflow',
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /**
   * Set by an adapter whose every attempt of the request failed at the transport (a 5xx, a network
   * error, a timeout): the endpoint is down, so asking it anything else (a recovery critique) is no use.
   */
  transportOnly = false;
}

/** The codes of a failure at the transport: the endpoint did not answer (or answered 5xx), as opposed to refusing the request. */
export function isTransportCode(code: ModelError['code']): boolean {
  return code === 'server' || code === 'network' || code === 'timeout';
}
