import type { DestructiveEffect } from './policy';
import type { WorkspaceTree } from './workspace-tree';

/**
 * What one command destroyed of the workspace's files, judged by effect rather than by
 * its words: a file removed (and not found again elsewhere in the workspace with the
 * same content, as a move leaves it), emptied, swapped for a link, or rewritten so that
 * little of it is left.
 */
export interface Damage {
  /** Files in the workspace before the command. */
  files: number;
  removed: string[];
  emptied: string[];
  replaced: string[];
}

/** A rewrite keeping fewer than this share of a file's distinct words replaces the file. */
const KEPT_WORDS_MIN = 0.25;

const blank = (text: string) => text.trim() === '';
const wordsOf = (text: string) => new Set(text.match(/[\p{L}\p{N}_]+/gu) ?? []);

/** True when `after` keeps too little of `before` to count as an edit of it. */
function rewritten(before: string, after: string): boolean {
  const old = wordsOf(before);
  if (old.size === 0) return false;
  const now = wordsOf(after);
  let kept = 0;
  for (const word of old) if (now.has(word)) kept++;
  return kept / old.size < KEPT_WORDS_MIN;
}

export function damageBetween(before: WorkspaceTree, after: WorkspaceTree): Damage {
  const damage: Damage = { files: 0, removed: [], emptied: [], replaced: [] };
  // Contents that appeared at new paths: a file found there again was moved, not lost.
  const arrived = new Map<string, number>();
  for (const [path, entry] of after) {
    if (entry.kind === 'file' && !entry.link && before.get(path)?.kind !== 'file') arrived.set(entry.content, (arrived.get(entry.content) ?? 0) + 1);
  }
  for (const [path, old] of before) {
    if (old.kind !== 'file') continue;
    damage.files++;
    const now = after.get(path);
    if (now?.kind !== 'file') {
      const moved = arrived.get(old.content) ?? 0;
      if (moved > 0) arrived.set(old.content, moved - 1);
      else damage.removed.push(path);
    } else if (now.link && !old.link) damage.replaced.push(path);
    else if (now.content === old.content) continue;
    else if (blank(now.content) && !blank(old.content)) damage.emptied.push(path);
    else if (rewritten(old.content, now.content)) damage.replaced.push(path);
  }
  for (const paths of [damage.removed, damage.emptied, damage.replaced]) paths.sort();
  return damage;
}

export const damagedCount = (damage: Damage) => damage.removed.length + damage.emptied.length + damage.replaced.length;

/** The most files one command may damage: `maxFraction` of them or `maxFiles`, whichever is fewer. */
export const damageLimit = (files: number, limits: DestructiveEffect) => Math.min(Math.floor(files * limits.maxFraction), limits.maxFiles);

export function exceedsLimits(damage: Damage, limits: DestructiveEffect): boolean {
  return damagedCount(damage) > damageLimit(damage.files, limits);
}

/** "removed 4 files (README.md, package.json, src/greet.sh and 1 more)". */
export function describeDamage(damage: Damage, shown = 3): string {
  const parts: string[] = [];
  for (const [verb, paths] of [
    ['removed', damage.removed],
    ['emptied', damage.emptied],
    ['replaced', damage.replaced],
  ] as const) {
    if (paths.length === 0) continue;
    const more = paths.length - shown;
    const list = paths.slice(0, shown).join(', ') + (more > 0 ? ` and ${more} more` : '');
    parts.push(`${verb} ${paths.length} ${paths.length === 1 ? 'file' : 'files'} (${list})`);
  }
  return parts.join(', ');
}
