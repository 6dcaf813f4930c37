/**
 * The one depth limit: how many parts a path may have below the workspace root ("a/b/c.txt"
 * has 3), or below "/" for a path outside the workspace. Every walk (the file tools, the
 * gate's before/after comparison, snapshots) reads this deep, and nothing may create a path
 * deeper (the file tools, the virtual sandbox's file system), so no walk misses a file. It
 * also bounds the cost of a path: each of its parts may be a link to follow.
 */
export const MAX_PATH_DEPTH = 64;

/** How many parts `relative` has ("" and "." have none; "a//b/" has 2). */
export function pathDepth(relative: string): number {
  let depth = 0;
  for (const part of relative.split('/')) if (part !== '' && part !== '.') depth++;
  return depth;
}

/** What every refusal of a too-deep path says, after the path: "deeper than 64 folders below /workspace, …". */
export function tooDeepMessage(below: string): string {
  return `deeper than ${MAX_PATH_DEPTH} folders below ${below}, the deepest a path may go here`;
}
