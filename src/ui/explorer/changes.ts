import { changedBy, type EngineEvent } from '../../protocol/events';
import type { Badge } from './tree-model';

/** The files the user saved in the Editor up to `count` events (marked apart from the runs' changes). */
export function userEditedFiles(log: readonly EngineEvent[], count = log.length): Set<string> {
  const paths = new Set<string>();
  const end = Math.min(count, log.length);
  for (let i = 0; i < end; i++) {
    const event = log[i];
    if (event?.type === 'file_changed' && changedBy(event) === 'user') paths.add(event.path);
  }
  return paths;
}

/**
 * Each file the session's runs changed up to `count` events, with its badge: "new" for a file that
 * was not there before its first change (edits keep it new), "edited", "deleted". A file created
 * and then deleted again has none: the workspace never showed it.
 */
export function changedFiles(log: readonly EngineEvent[], count = log.length): Map<string, Badge> {
  const badges = new Map<string, Badge>();
  const end = Math.min(count, log.length);
  for (let i = 0; i < end; i++) {
    const event = log[i];
    if (event?.type !== 'file_changed' || changedBy(event) === 'user') continue;
    const before = badges.get(event.path);
    if (event.change === 'created') badges.set(event.path, before === 'deleted' ? 'edited' : 'new');
    else if (event.change === 'edited') badges.set(event.path, before === 'new' ? 'new' : 'edited');
    else if (before === 'new') badges.delete(event.path);
    else badges.set(event.path, 'deleted');
  }
  return badges;
}
