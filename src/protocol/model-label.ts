// The "model @ host" label an endpoint's model goes by: built in one place, read back in one place.

const SEPARATOR = ' @ ';

/** The host part of an endpoint URL, for labels; never the full URL (it may carry a pasted key). */
export function endpointHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return 'the endpoint';
  }
}

/** "gpt-4o-mini @ api.openai.com". */
export function hostedModelLabel(model: string, baseUrl: string): string {
  return `${model}${SEPARATOR}${endpointHost(baseUrl)}`;
}

/** The host a label names ("gpu-box:8000" from "llama @ gpu-box:8000"), or null when it names none. */
export function labelHost(label: string): string | null {
  const at = label.lastIndexOf(SEPARATOR);
  const host = at >= 0 ? label.slice(at + SEPARATOR.length).trim() : '';
  return host === '' ? null : host;
}
