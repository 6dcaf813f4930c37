/** The message of anything thrown: an Error's message, else the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The text as one sentence: a full stop added unless it already ends in one (or in "?" or "!"). */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.?!…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
