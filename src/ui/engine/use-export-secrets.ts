import { useEffect } from 'react';
import { messageOf } from '../../protocol/error-message';
import type { EngineClient, ProblemListener } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';

/**
 * Tells the worker the key and base URLs in Settings as soon as it answers and whenever they change:
 * a download or share made after a reload, before any run, redacts them too.
 */
export function useExportSecrets(client: EngineClient, workerReady: boolean, model: PageSettings['model'], addProblem: ProblemListener): void {
  const { apiKey, baseUrl, summaryBaseUrl } = model;
  useEffect(() => {
    if (!workerReady) return;
    client
      .rememberSecrets({ apiKey, baseUrl, summaryBaseUrl })
      .catch((error: unknown) => addProblem(`Exports may not hide the API key: the engine did not take it (${messageOf(error)}).`));
  }, [client, workerReady, apiKey, baseUrl, summaryBaseUrl, addProblem]);
}
