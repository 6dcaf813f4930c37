import { REDACTED, redactSecrets } from '../protocol/redact-secrets';

/** Things that look like API keys even when partly masked, e.g. "sk-proj-abc***xyz" (OpenAI, OpenRouter, ...). */
const KEY_LIKE = /\bsk-[A-Za-z0-9_*.-]{5,}[A-Za-z0-9_*]/g;

/**
 * Removes a secret (and anything key-shaped) from text that may reach the user,
 * the event log or a thrown error. Servers sometimes echo the key back in error bodies.
 */
export function redactSecret(text: string, secret: string): string {
  return redactSecrets(text, [secret]).replace(KEY_LIKE, REDACTED);
}
