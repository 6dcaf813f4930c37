import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ModelInfo } from '../protocol/events';
import { endpointHost, hostedModelLabel } from '../protocol/model-label';
import { abortableSleep, abortedError, throwIfAborted } from './abortable-sleep';
import { createOpenAiClient } from './openai-client';
import { backoffMs, classifyFailure } from './openai-failure';
import { RequestParameters } from './openai-request';
import { StreamAccumulator } from './openai-stream';
import { toWireMessages, toWireTools } from './openai-wire';
import { isTransportCode, type Model, ModelError, type ModelRequest, type ModelResponse } from './port';
import { DEFAULT_REPLY_LIMITS, type ReplyLimits, ReplyTimer } from './reply-timer';

export interface OpenAiModelOptions {
  /** e.g. "https://api.openai.com/v1" or "http://localhost:11434/v1". */
  baseUrl: string;
  /** May be empty: local servers (Ollama, LM Studio) need none. */
  apiKey: string;
  model: string;
  /** Extra attempts after the first on 429, 5xx and network errors. Default 3. */
  maxRetries?: number;
  /** Overrides the "<model> @ <host>" label. */
  label?: string;
  fetch?: typeof fetch;
  /** First backoff delay; doubles per attempt. Default 1000 ms. */
  retryBaseDelayMs?: number;
  /** Upper bound for any wait, including a server's retry-after. Default 30 s. */
  retryMaxDelayMs?: number;
  /** Idle timeout and total limit per reply; defaults 60 s and 10 min. */
  limits?: Partial<ReplyLimits>;
  /** Sent as `temperature` (never to reasoning models); absent: the provider's default. */
  temperature?: number;
  /** Sent as `max_tokens` (`max_completion_tokens` to reasoning models), clipped to the model's known limit; absent: none. */
  maxOutputTokens?: number;
}

/** An OpenAI-compatible chat-completions endpoint, streamed. */
export class OpenAiModel implements Model {
  readonly info: ModelInfo;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly apiKey: string;
  private readonly host: string;
  private readonly maxRetries: number;
  private readonly retryBaseDelayMs: number;
  private readonly retryMaxDelayMs: number;
  private readonly limits: ReplyLimits;
  /** stream_options, temperature and max tokens, as this provider takes them (learnt from its refusals). */
  private readonly parameters: RequestParameters;

  constructor(options: OpenAiModelOptions) {
    this.model = options.model;
    this.apiKey = options.apiKey;
    this.host = endpointHost(options.baseUrl);
    this.maxRetries = Math.max(0, options.maxRetries ?? 3);
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 1000;
    this.retryMaxDelayMs = options.retryMaxDelayMs ?? 30_000;
    this.limits = { ...DEFAULT_REPLY_LIMITS, ...options.limits };
    this.parameters = new RequestParameters(options.model, {
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    });
    this.info = { kind: 'openai', name: options.model, label: options.label ?? hostedModelLabel(options.model, options.baseUrl) };
    this.client = createOpenAiClient(options);
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    throwIfAborted(request.signal);
    const body: ChatCompletionCreateParamsStreaming = {
      model: this.model,
      messages: toWireMessages(request.messages),
      stream: true,
      // OpenAI rejects an empty tools array.
      ...(request.tools.length > 0 ? { tools: toWireTools(request.tools) } : {}),
    };
    /** Whether every attempt so far failed at the transport (no 429, no answer refusing the request). */
    let transportOnly = true;
    for (let attempt = 0; ; attempt++) {
      const accumulator = new StreamAccumulator();
      try {
        return await this.attemptWithParameters(body, request, accumulator);
      } catch (err) {
        const failure = classifyFailure(err, { host: this.host, apiKey: this.apiKey, signal: request.signal, position: accumulator.position() });
        transportOnly &&= isTransportCode(failure.error.code);
        // Text already shown to the user cannot be taken back, so such a stream is not replayed.
        const mayRetry = failure.retry && attempt < this.maxRetries && !accumulator.emittedText;
        if (!mayRetry) {
          if (attempt > 0 && failure.error.code !== 'aborted') {
            failure.error.message += ` (gave up after ${attempt + 1} attempts)`;
          }
          failure.error.transportOnly = transportOnly;
          throw failure.error;
        }
        const delayMs = Math.min(this.retryMaxDelayMs, failure.retryAfterMs ?? backoffMs(attempt + 1, this.retryBaseDelayMs, this.retryMaxDelayMs));
        request.onRetry?.({ attempt: attempt + 1, maxAttempts: this.maxRetries, delayMs, reason: failure.reason });
        await abortableSleep(delayMs, request.signal);
      }
    }
  }

  /** One attempt; a parameter the provider refuses (HTTP 400 naming it) is changed and the request sent again at once. */
  private async attemptWithParameters(
    base: ChatCompletionCreateParamsStreaming,
    request: ModelRequest,
    accumulator: StreamAccumulator,
  ): Promise<ModelResponse> {
    for (;;) {
      try {
        return await this.attempt({ ...base, ...this.parameters.params() }, request, accumulator);
      } catch (error) {
        if (this.parameters.adaptTo(error) === null) throw error;
      }
    }
  }

  private async attempt(body: ChatCompletionCreateParamsStreaming, request: ModelRequest, accumulator: StreamAccumulator): Promise<ModelResponse> {
    const timer = new ReplyTimer(this.limits, request.signal);
    try {
      const stream = await this.client.chat.completions.create(body, { signal: timer.signal });
      for await (const chunk of stream) {
        timer.touch();
        accumulator.add(chunk, request.onTextDelta, request.onToolCallStart);
      }
      // The SDK ends the iteration quietly when the signal fires mid-stream.
      if (timer.expired) throw timer.error(this.host);
      if (request.signal?.aborted) throw abortedError();
      if (accumulator.cutOff()) {
        throw new ModelError(
          `the stream from ${this.host} ended in the middle of ${accumulator.position() ?? 'a tool call'}, without a finish_reason`,
          'network',
          true,
        );
      }
      return accumulator.result();
    } catch (error) {
      if (timer.expired && !request.signal?.aborted) throw timer.error(this.host);
      throw error;
    } finally {
      timer.dispose();
    }
  }
}
