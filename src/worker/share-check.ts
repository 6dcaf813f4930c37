import { holdsSecret, withJsonForms } from '../protocol/redact-secrets';
import { decodeSessionFromLink } from '../store/share-link';

/**
 * The Share dialog's last check: whether a session as it will travel holds a key. A link is
 * deflated, so its text never shows one; the check reads it as the receiving page will
 * (decoded, then as canonical JSON, so escaped characters match too). A link or file that
 * does not read back is treated as holding the key: it is not offered.
 */
export function linkHoldsSecret(encoded: string, secrets: readonly string[]): boolean {
  if (secrets.length === 0) return false;
  const decoded = decodeSessionFromLink(encoded);
  return !decoded.ok || jsonHoldsSecret(decoded.value, secrets);
}

/** The same check on a session file's text. */
export function fileHoldsSecret(text: string, secrets: readonly string[]): boolean {
  if (secrets.length === 0) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return true;
  }
  return jsonHoldsSecret(value, secrets);
}

/** A secret appears in JSON text as its string literal's inside (quotes and backslashes escaped). */
function jsonHoldsSecret(value: unknown, secrets: readonly string[]): boolean {
  return holdsSecret(JSON.stringify(value), withJsonForms(secrets));
}
