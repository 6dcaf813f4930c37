import { APIError } from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { knownModel, maxOutputTokensFor } from '../protocol/model-windows';

/** Sampling settings a request carries (Settings → "Temperature", "Max output tokens"). */
export interface SamplingOptions {
  /** Left out when absent, and always for reasoning models (they accept only their default). */
  temperature?: number;
  /** Clipped to what the model allows when the table knows it; left out when absent. */
  maxOutputTokens?: number;
}

type ExtraParams = Pick<ChatCompletionCreateParamsStreaming, 'stream_options' | 'temperature' | 'max_tokens' | 'max_completion_tokens'>;

/**
 * The parameters an OpenAI-compatible request carries besides its messages and tools: stream usage
 * (`stream_options.include_usage`), the temperature and the max output tokens. Providers differ in
 * which they take, so a 400 that names one of them changes it for this model instance from then on
 * (`adaptTo`), and the request is sent again at once: without stream_options, without the
 * temperature, with `max_completion_tokens` for `max_tokens`, or with fewer (or no) output tokens
 * asked. Each change goes one way only, so a request is sent again only a few times at most.
 */
export class RequestParameters {
  private streamUsage = true;
  private temperature: number | undefined;
  private maxTokens: { param: 'max_tokens' | 'max_completion_tokens'; value: number } | undefined;

  constructor(model: string, sampling: SamplingOptions = {}) {
    const reasoning = knownModel(model)?.reasoning === true;
    if (sampling.temperature !== undefined && !reasoning) this.temperature = sampling.temperature;
    if (sampling.maxOutputTokens !== undefined) {
      // OpenAI's reasoning models refuse max_tokens and want max_completion_tokens.
      this.maxTokens = { param: reasoning ? 'max_completion_tokens' : 'max_tokens', value: maxOutputTokensFor(model, sampling.maxOutputTokens) };
    }
  }

  /** What to add to the request body as things stand. */
  params(): ExtraParams {
    return {
      ...(this.streamUsage ? { stream_options: { include_usage: true } } : {}),
      ...(this.temperature !== undefined ? { temperature: this.temperature } : {}),
      ...(this.maxTokens ? { [this.maxTokens.param]: this.maxTokens.value } : {}),
    };
  }

  /**
   * A provider's refusal of one of these parameters (HTTP 400 naming it): changes it and says how,
   * for the request to be sent again; null when the refusal is about something else.
   */
  adaptTo(error: unknown): string | null {
    if (!(error instanceof APIError) || error.status !== 400) return null;
    const message = error.message;
    if (this.streamUsage && /stream_options/i.test(message)) {
      this.streamUsage = false;
      return 'without stream_options';
    }
    if (this.temperature !== undefined && /temperature/i.test(message)) {
      this.temperature = undefined;
      return 'without a temperature';
    }
    const max = this.maxTokens;
    if (!max) return null;
    if (max.param === 'max_tokens' && (/unsupported parameter:?\s*'?max_tokens/i.test(message) || /use 'max_completion_tokens'/i.test(message))) {
      max.param = 'max_completion_tokens';
      return 'with max_completion_tokens';
    }
    if (!/max_(?:completion_)?tokens/i.test(message)) return null;
    const atMost = /at most (\d[\d,]*)/i.exec(message);
    const limit = atMost ? Number(atMost[1]?.replace(/,/g, '')) : Number.NaN;
    if (Number.isInteger(limit) && limit > 0 && limit < max.value) {
      max.value = limit;
      return `with ${max.param} ${limit}`;
    }
    if (/too large|too high|exceeds|must be (?:less|at most|<=)/i.test(message)) {
      this.maxTokens = undefined;
      return `without ${max.param}`;
    }
    return null;
  }
}
