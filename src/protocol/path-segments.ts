/**
 * What a `..` does when there is nothing left to climb out of:
 * - clamp: stays at the top, as in an absolute path ("/.." is "/");
 * - keep: stays in the result, as in a relative path ("../a" stays "../a");
 * - refuse: the path leaves its start, so the answer is null.
 */
export type AboveTop = 'clamp' | 'keep' | 'refuse';

/** Folds "", "." and ".." out of POSIX path segments: the one implementation for sandbox, tools and shell. */
export function foldSegments(segments: readonly string[], aboveTop: 'refuse'): string[] | null;
export function foldSegments(segments: readonly string[], aboveTop: 'clamp' | 'keep'): string[];
export function foldSegments(segments: readonly string[], aboveTop: AboveTop): string[] | null {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') out.push(segment);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (aboveTop === 'keep') out.push(segment);
    else if (aboveTop === 'refuse') return null;
  }
  return out;
}
