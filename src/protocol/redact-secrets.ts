/** What a secret is replaced by wherever it is redacted: the log, snapshots, exports. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are ignored: scrubbing them would mangle ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/** The secrets worth redacting: long enough, each once, longest first (so a secret inside another goes with it). */
export function usableSecrets(secrets: Iterable<string>): string[] {
  return [...new Set([...secrets].filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/** Each secret as written and as it appears inside a JSON string (quotes, backslashes escaped), for searching JSON text. */
export function withJsonForms(secrets: readonly string[]): string[] {
  return [...secrets, ...secrets.map((secret) => JSON.stringify(secret).slice(1, -1))];
}

/** `text` with every occurrence of each secret replaced by the placeholder. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of usableSecrets(secrets)) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** Whether `text` holds any of the secrets. */
export function holdsSecret(text: string, secrets: Iterable<string>): boolean {
  return usableSecrets(secrets).some((secret) => text.includes(secret));
}

/** Each file's path and text redacted, for an export (a zip, a patch). */
export function redactFiles(files: Readonly<Record<string, string>>, secrets: Iterable<string>): Record<string, string> {
  const list = usableSecrets(secrets);
  if (list.length === 0) return { ...files };
  // fromEntries makes every path an own property, "__proto__" included.
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [redactSecrets(path, list), redactSecrets(text, list)]));
}
