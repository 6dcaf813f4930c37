/**
 * An endpoint URL as the SDK takes it: the SDK appends paths to `baseURL` as text, so a query
 * string in it (Azure's `?api-version=…`, a proxy's token) must travel as default query parameters.
 */
export function splitEndpoint(baseUrl: string): { baseURL: string; defaultQuery: Record<string, string> | null } {
  try {
    const url = new URL(baseUrl);
    if (url.search === '') return { baseURL: baseUrl, defaultQuery: null };
    const defaultQuery = Object.fromEntries(url.searchParams);
    url.search = '';
    return { baseURL: url.toString(), defaultQuery };
  } catch {
    return { baseURL: baseUrl, defaultQuery: null };
  }
}
