import { normalizeAbsolutePath } from './paths';
import { SandboxError } from './port';

/** Links followed for one path before it counts as a loop (Linux's MAXSYMLINKS). */
export const MAX_LINK_HOPS = 40;

/**
 * The target of `path` when it is a symbolic link, or null when it is anything else or
 * does not exist. Only the last component may be a link: callers pass resolved parents.
 */
export type ReadLink = (path: string) => Promise<string | null>;

/**
 * `realpath -m` over any file system that can read links: follows every link on the way
 * (relative targets from the link's directory), keeps missing components as written, and
 * throws ELOOP after MAX_LINK_HOPS links.
 */
export async function resolveRealPath(path: string, readLink: ReadLink): Promise<string> {
  let pending = normalizeAbsolutePath(path).split('/').filter(Boolean);
  let resolved: string[] = [];
  let hops = 0;
  while (pending.length > 0) {
    const [part, ...rest] = pending as [string, ...string[]];
    pending = rest;
    if (part === '.') continue;
    if (part === '..') {
      resolved.pop();
      continue;
    }
    const candidate = `/${[...resolved, part].join('/')}`;
    const target = await readLink(candidate);
    if (target === null) {
      resolved.push(part);
      continue;
    }
    if (++hops > MAX_LINK_HOPS) throw new SandboxError(`too many levels of symbolic links: ${path}`, 'ELOOP');
    if (target.startsWith('/')) resolved = [];
    pending = [...target.split('/').filter(Boolean), ...pending];
  }
  return `/${resolved.join('/')}`;
}
