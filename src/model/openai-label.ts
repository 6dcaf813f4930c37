/** The host part of an endpoint URL, for labels; never the full URL (it may carry a pasted key). */
export function endpointHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return 'the endpoint';
  }
}

export function openAiLabel(model: string, baseUrl: string): string {
  return `${model} @ ${endpointHost(baseUrl)}`;
}
