import type { TimelineEntry } from '../state/reducer';

/** An entry's words as plain text: the agent's text as written, anything else as its fields. */
export function entryPlainText(entry: TimelineEntry): string {
  if (entry.kind === 'assistant') return entry.text;
  try {
    return JSON.stringify(entry, null, 2);
  } catch {
    return `(a ${entry.kind} entry)`;
  }
}
