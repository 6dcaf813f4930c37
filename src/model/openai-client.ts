import OpenAI from 'openai';
import { withSmallPieces } from './small-chunks';
import { splitEndpoint } from './split-endpoint';

/** The SDK refuses an empty key, but local servers ignore whatever is sent. */
const PLACEHOLDER_KEY = 'no-key';

/** The one way this app builds an SDK client for an OpenAI-compatible endpoint (runs, model lists, connection tests). */
export function createOpenAiClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }): OpenAI {
  const { baseURL, defaultQuery } = splitEndpoint(options.baseUrl);
  return new OpenAI({
    baseURL,
    ...(defaultQuery ? { defaultQuery } : {}),
    apiKey: options.apiKey.length > 0 ? options.apiKey : PLACEHOLDER_KEY,
    // Never pick these up from the Node environment (CLI): the settings are the only source.
    organization: null,
    project: null,
    dangerouslyAllowBrowser: true,
    // Retries are the caller's, so they are reported and abortable.
    maxRetries: 0,
    logLevel: 'off',
    // Looked up on each request, so a fetch replaced after construction (tests) is still the one used.
    fetch: withSmallPieces(() => options.fetch ?? globalThis.fetch),
  });
}
