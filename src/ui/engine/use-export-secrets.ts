import { useEffect } from 'react';
import { messageOf } from '../../protocol/error-message';
import type { EngineClient, ProblemListener } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';

/**
 * Tells the worker the keys and base URLs in Settings (the WebContainer API key in use too) as soon
 * as it answers and whenever they change: a download or share made after a reload, before any run,
 * redacts them too, and so does the log of every later run.
 */
export function useExportSecrets(
  client: EngineClient,
  workerReady: boolean,
  model: PageSettings['model'],
  webcontainerApiKey: string,
  addProblem: ProblemListener,
): void {
  const { apiKey, baseUrl, summaryBaseUrl } = model;
  useEffect(() => {
    if (!workerReady) return;
    client
      .rememberSecrets({ apiKey, baseUrl, summaryBaseUrl, webcontainerApiKey })
      .catch((error: unknown) => addProblem(`Exports may not hide the API key: the engine did not take it (${messageOf(error)}).`));
  }, [client, workerReady, apiKey, baseUrl, summaryBaseUrl, webcontainerApiKey, addProblem]);
}
