import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { endSentence } from '../protocol/error-message';
import { abortedError } from './abortable-sleep';
import { ModelError } from './port';
import { redactSecret } from './redact';

/** What went wrong with one attempt and whether another attempt may help. */
export interface AttemptFailure {
  error: ModelError;
  retry: boolean;
  /** Server-requested wait (retry-after / retry-after-ms), in milliseconds. */
  retryAfterMs: number | undefined;
  /** Short reason for onRetry, without parentheses (the page puts it in a sentence), e.g. "rate limited, HTTP 429". */
  reason: string;
}

export interface FailureContext {
  host: string;
  /** Removed from every message. */
  apiKey: string;
  signal: AbortSignal | undefined;
  /** What the stream was in the middle of when it broke (a tool call), for the message. */
  position?: string | null;
}

export function classifyFailure(err: unknown, ctx: FailureContext): AttemptFailure {
  const clean = (text: string) => redactSecret(text, ctx.apiKey);
  const noRetry = (error: ModelError, reason: string): AttemptFailure => ({
    error,
    retry: false,
    retryAfterMs: undefined,
    reason,
  });

  if (ctx.signal?.aborted || err instanceof APIUserAbortError) return noRetry(abortedError(), 'cancelled');
  // A reply that ran out of time may come through on another attempt.
  if (err instanceof ModelError && err.code === 'timeout') return { error: err, retry: true, retryAfterMs: undefined, reason: 'timed out' };
  // A stream that ended before its reply did (openai.ts): the connection, not the server's answer, was at fault.
  if (err instanceof ModelError && err.code === 'network') return { error: err, retry: true, retryAfterMs: undefined, reason: 'network error, stream cut off' };
  // Our own stream validation failures: the same server would send the same thing again.
  if (err instanceof ModelError) return noRetry(err, err.code);

  if (err instanceof APIConnectionError) {
    const what = err instanceof APIConnectionTimeoutError ? 'timed out' : 'failed';
    const detail = clean(describeCause(err));
    const error = new ModelError(
      `${endSentence(`connection to ${ctx.host} ${what}${detail ? `: ${detail}` : ''}`)} ` +
        'Check the base URL, that the server is running, and that it allows requests from this page (CORS).',
      'network',
      true,
    );
    return { error, retry: true, retryAfterMs: undefined, reason: what === 'timed out' ? 'connection timed out' : 'network error' };
  }

  if (err instanceof APIError) {
    const status = err.status;
    const serverSays = clean(serverMessage(err));
    const suffix = serverSays ? `: ${serverSays}` : '';
    if (status === 401 || status === 403) {
      return noRetry(
        new ModelError(`${endSentence(`${ctx.host} rejected the credentials (HTTP ${status})${suffix}`)} Check the API key in Settings.`, 'auth', false),
        `auth, HTTP ${status}`,
      );
    }
    if (status === 429) {
      return {
        error: new ModelError(`${ctx.host} is rate limiting requests (HTTP 429)${suffix}`, 'rate_limited', true),
        retry: true,
        retryAfterMs: retryAfterMs(err.headers),
        reason: 'rate limited, HTTP 429',
      };
    }
    if (status === undefined || status >= 500) {
      const label = status === undefined ? 'reported an error mid-stream' : `had a server error (HTTP ${status})`;
      return {
        error: new ModelError(`${ctx.host} ${label}${suffix}`, 'server', true),
        retry: true,
        retryAfterMs: retryAfterMs(err.headers),
        reason: status === undefined ? 'server error in stream' : `server error, HTTP ${status}`,
      };
    }
    if (isContextOverflow(err.code, serverSays)) {
      return noRetry(
        new ModelError(`${ctx.host} says the request is longer than the model's context window${suffix}`, 'context_overflow', false),
        'context overflow',
      );
    }
    return noRetry(new ModelError(`${ctx.host} refused the request (HTTP ${status})${suffix}`, 'bad_response', false), `HTTP ${status}`);
  }

  if (err instanceof SyntaxError) {
    return noRetry(new ModelError(`${ctx.host} sent a stream chunk that is not valid JSON`, 'bad_response', false), 'malformed stream');
  }

  // The body stream broke after the headers arrived (socket closed, proxy reset...).
  const message = err instanceof Error ? clean(err.message) : 'unknown error';
  return {
    error: new ModelError(`the connection to ${ctx.host} broke while streaming${ctx.position ? ` ${ctx.position}` : ''}: ${message}`, 'network', true),
    retry: true,
    retryAfterMs: undefined,
    reason: 'network error, stream interrupted',
  };
}

/**
 * How providers say a request is longer than the model's window (HTTP 400/413): OpenAI's code,
 * and the wording of OpenAI, vLLM and OpenRouter ("maximum context length is N tokens"),
 * llama.cpp and Ollama ("exceeds the available context size", "input length exceeds the
 * context length"), LM Studio ("context length of only N tokens, which is not enough", "context
 * overflows"), and the "prompt is too long" / "too large for model" forms behind OpenRouter.
 */
const OVERFLOW_PATTERNS = [
  /context[_ ]length[_ ]exceeded/i,
  /maximum context length/i,
  /exceeds? (?:the )?(?:available |maximum )?context (?:size|length|window)/i,
  /context length of only \d+ tokens/i,
  /context (?:the )?overflows/i,
  /prompt is too long/i,
  /too large for model with \d+ maximum context length/i,
  /input (?:token count|length) .{0,40}exceeds/i,
  /reduce the length of the messages/i,
];

export function isContextOverflow(code: string | null | undefined, message: string): boolean {
  return code === 'context_length_exceeded' || OVERFLOW_PATTERNS.some((pattern) => pattern.test(message));
}

function serverMessage(err: APIError): string {
  const body: unknown = err.error;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return '';
}

function describeCause(err: Error): string {
  const cause: unknown = err.cause;
  if (cause instanceof Error) {
    const inner: unknown = cause.cause;
    const innerMessage = inner instanceof Error ? ` (${inner.message})` : '';
    return `${cause.message}${innerMessage}`;
  }
  return err.message;
}

/** retry-after-ms (milliseconds) wins over retry-after (seconds or an HTTP date). */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return undefined;
}

/** Exponential backoff with ±25% jitter, capped. `attempt` starts at 1. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  const jittered = exponential * (0.75 + 0.5 * random());
  return Math.round(Math.min(capMs, jittered));
}
