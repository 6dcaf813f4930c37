import { baseUrlProblem } from '../model/create-model';
import type { ConnectionTest, ModelListing } from '../protocol/endpoint-check';
import { endSentence } from '../protocol/error-message';
import { type ModelSettings, ModelSettingsSchema } from '../protocol/settings';
import { describeFirstIssue } from '../protocol/zod-issue';

/**
 * Settings' "List models" and "Test connection", on the settings as typed (not yet saved): checked
 * here, then sent from the worker like a run's requests. The SDK is loaded only when asked.
 */
export async function listModelsFor(input: unknown): Promise<ModelListing> {
  const settings = endpointSettings(input);
  if (typeof settings === 'string') return { ok: false, error: settings };
  const { listEndpointModels } = await import('../model/endpoint-check');
  return listEndpointModels(settings);
}

export async function testConnectionFor(input: unknown): Promise<ConnectionTest> {
  const settings = endpointSettings(input);
  if (typeof settings === 'string') return { ok: false, message: settings };
  const { testEndpoint } = await import('../model/endpoint-check');
  return testEndpoint(settings);
}

/** The settings, or what keeps them from reaching an endpoint. */
function endpointSettings(input: unknown): ModelSettings | string {
  const parsed = ModelSettingsSchema.safeParse(input);
  if (!parsed.success) return endSentence(`Invalid model settings: ${describeFirstIssue(parsed.error, 'settings')}`);
  if (parsed.data.provider === 'scripted') return 'The scripted demo has no endpoint: choose a provider first.';
  const problem = baseUrlProblem(parsed.data.baseUrl);
  return problem === null ? parsed.data : endSentence(problem.charAt(0).toUpperCase() + problem.slice(1));
}
