import { messageOf } from '../protocol/error-message';

/**
 * What StackBlitz answers an address it does not serve WebContainer to: `/headless` is a 404 (no
 * key, or a key that does not allow this domain) or a 403. The released boot never surfaces it (the
 * iframe shows the error page and the boot never settles); a readable probe does, and a boot that
 * throws may carry it as a status or in its message.
 */
export type KeyRefusalStatus = 403 | 404;

function refusalStatus(value: unknown): KeyRefusalStatus | null {
  const status = typeof value === 'string' ? Number(value) : value;
  return status === 403 || status === 404 ? status : null;
}

const WORDING: readonly [RegExp, KeyRefusalStatus][] = [
  [/\b403\b|\bforbidden\b/i, 403],
  [/\b404\b|\bnot[ _-]?found\b/i, 404],
];

/**
 * The 403 or 404 an error from a boot carries: a `status`, `statusCode` or `response.status` field
 * (on the error or its `cause`), else the status code or its reason phrase in the message, however
 * the rest is worded. Null for anything else.
 */
export function keyRefusalOf(error: unknown, depth = 0): KeyRefusalStatus | null {
  if (error === null || error === undefined || depth > 3) return null;
  if (typeof error === 'object') {
    const fields = error as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } | null; cause?: unknown };
    const structured = refusalStatus(fields.status) ?? refusalStatus(fields.statusCode) ?? refusalStatus(fields.response?.status);
    if (structured !== null) return structured;
    const fromCause = keyRefusalOf(fields.cause, depth + 1);
    if (fromCause !== null) return fromCause;
  }
  const message = messageOf(error);
  for (const [pattern, status] of WORDING) if (pattern.test(message)) return status;
  return null;
}

/** The status line's reason when StackBlitz refused this address; it points to the README's Hosting section. */
export function keyRefusalReason(status: KeyRefusalStatus, keySet: boolean): string {
  const answered = `StackBlitz answered ${status}${keySet ? ' to the WebContainer API key in use' : ''}`;
  const needs = keySet ? 'this address needs a WebContainer API key that allows it' : 'this address needs a WebContainer API key';
  return `${answered}: ${needs} (Settings → WebContainer API key; see “Hosting” in the README)`;
}
