/**
 * The parts of an endpoint URL that may hold a credential: its user name and password, its
 * query string and each query value. They are scrubbed from the log like the API key, so an
 * error message that quotes the URL cannot carry them into a stored or shared session.
 */
export function urlSecrets(baseUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return [];
  }
  const secrets = [url.username, url.password, url.search.slice(1)];
  for (const value of url.searchParams.values()) secrets.push(value);
  for (const secret of [...secrets]) {
    try {
      secrets.push(decodeURIComponent(secret));
    } catch {
      // Not percent-encoded text: the raw form is enough.
    }
  }
  return [...new Set(secrets.filter((secret) => secret !== ''))];
}

/** Everything of a model's settings that must never enter the log: the key and the URL's credentials. */
export function modelSecrets(model: { apiKey: string; baseUrl: string; summaryBaseUrl?: string }): string[] {
  return [...(model.apiKey ? [model.apiKey] : []), ...urlSecrets(model.baseUrl), ...(model.summaryBaseUrl ? urlSecrets(model.summaryBaseUrl) : [])];
}

/** The model's secrets and the WebContainer API key the page boots with: all that Settings hold that must never enter the log or an export. */
export function settingsSecrets(secrets: { apiKey: string; baseUrl: string; summaryBaseUrl?: string; webcontainerApiKey?: string }): string[] {
  const { webcontainerApiKey, ...model } = secrets;
  return [...modelSecrets(model), ...(webcontainerApiKey ? [webcontainerApiKey] : [])];
}

/**
 * The URL without the parts `urlSecrets` names (user name, password, query), for keeping where
 * settings are kept; the URL as given when it has none of them or is not a URL.
 */
export function withoutUrlSecrets(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  if (url.username === '' && url.password === '' && url.search === '') return baseUrl;
  url.username = '';
  url.password = '';
  url.search = '';
  return url.toString();
}
