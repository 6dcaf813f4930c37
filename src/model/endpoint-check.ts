import { APIError } from 'openai';
import { type ConnectionTest, MAX_LISTED_MODELS, type ModelListing } from '../protocol/endpoint-check';
import { endSentence, messageOf } from '../protocol/error-message';
import { endpointHost } from '../protocol/model-label';
import type { ModelSettings } from '../protocol/settings';
import { OpenAiModel } from './openai';
import { createOpenAiClient } from './openai-client';
import { classifyFailure } from './openai-failure';
import { redactSecret } from './redact';

/** Loaded on demand (it pulls in the `openai` SDK): the worker imports this module only when Settings asks. */

export interface EndpointCheckOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Default 15 s for the list, 30 s for the test's reply. */
  timeoutMs?: number;
}

type Endpoint = Pick<ModelSettings, 'baseUrl' | 'apiKey'>;

/** The models the endpoint lists at GET /models, or a sentence saying why it lists none (the model name can still be typed). */
export async function listEndpointModels(endpoint: Endpoint, options: EndpointCheckOptions = {}): Promise<ModelListing> {
  const host = endpointHost(endpoint.baseUrl);
  const client = createOpenAiClient({ ...endpoint, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const signal = withTimeout(options.signal, options.timeoutMs ?? 15_000);
  try {
    const ids = new Set<string>();
    for await (const model of client.models.list({ signal })) {
      if (typeof model.id === 'string' && model.id.trim() !== '') ids.add(model.id.trim());
      if (ids.size >= MAX_LISTED_MODELS) break;
    }
    if (ids.size === 0) return { ok: false, error: `${host} lists no models: type the model name.` };
    return { ok: true, models: [...ids].sort((a, b) => a.localeCompare(b)) };
  } catch (error) {
    if (error instanceof APIError && (error.status === 404 || error.status === 405)) {
      return { ok: false, error: `${host} has no model list (HTTP ${error.status} at /models): type the model name.` };
    }
    return { ok: false, error: failureText(error, host, endpoint.apiKey, signal) };
  }
}

/** One request for one token with the typed settings; the answer says how long it took, or exactly what failed. */
export async function testEndpoint(settings: ModelSettings, options: EndpointCheckOptions = {}): Promise<ConnectionTest> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const model = new OpenAiModel({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    maxRetries: 0,
    temperature: settings.temperature,
    maxOutputTokens: 1,
    limits: { idleTimeoutMs: Math.min(settings.idleTimeoutSeconds * 1000, timeoutMs), totalLimitMs: timeoutMs },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const started = Date.now();
  try {
    const reply = await model.complete({
      messages: [{ role: 'user', content: 'Reply with the single word OK.' }],
      tools: [],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const ms = Date.now() - started;
    const said = reply.text.trim().slice(0, 40);
    const details = [said === '' ? 'no text' : `“${said}”`, ...(reply.finishReason ? [`finish: ${reply.finishReason}`] : [])];
    return { ok: true, message: `Connected: ${model.info.label} answered in ${ms} ms (${details.join(', ')}).` };
  } catch (error) {
    return { ok: false, message: endSentence(`${model.info.label} did not answer: ${messageOf(error)}`) };
  }
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function failureText(error: unknown, host: string, apiKey: string, signal: AbortSignal): string {
  if (signal.aborted && signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError') {
    return `${host} did not list its models in time: check the base URL, or type the model name.`;
  }
  return redactSecret(classifyFailure(error, { host, apiKey, signal: undefined }).error.message, apiKey);
}
