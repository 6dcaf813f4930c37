import { unifiedDiff } from '../protocol/diff';
import type { EventPayload } from '../protocol/events';

/** The file_changed event for a file going from `before` to `after` (null: absent), or null when nothing changed. */
export function fileChange(path: string, before: string | null, after: string | null): EventPayload<'file_changed'> | null {
  if (before === after) return null;
  const change = before === null ? 'created' : after === null ? 'deleted' : 'edited';
  return { type: 'file_changed', path, change, before, after, diff: unifiedDiff({ path, before, after }) };
}
