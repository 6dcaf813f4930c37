import { z } from 'zod';
import { SandboxError } from './port';
import type { WebContainerLike } from './webcontainer-like';
import { askNode } from './webcontainer-node';

/**
 * WebContainer's fs API cannot read a link's target (no lstat, readlink or realpath), so
 * a path with a link in it is resolved by its Node.js: `node -e REALPATH_SCRIPT PATH`.
 * The script does what resolveRealPath (real-path.ts) does, with the same limit of 40
 * links, and prints its answer as one JSON line after REALPATH_MARKER.
 */
export const REALPATH_MARKER = '__PHASEGATE_REALPATH__';

export const REALPATH_SCRIPT = `
const { lstat, readlink } = require('fs').promises;
async function resolve(input) {
  let pending = input.split('/').filter(Boolean);
  let resolved = [];
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift();
    if (part === '.') continue;
    if (part === '..') { resolved.pop(); continue; }
    const candidate = '/' + resolved.concat(part).join('/');
    let target = null;
    try { if ((await lstat(candidate)).isSymbolicLink()) target = await readlink(candidate); } catch {}
    if (target === null) { resolved.push(part); continue; }
    if (++hops > 40) return { error: 'ELOOP' };
    if (target.startsWith('/')) resolved = [];
    pending = target.split('/').filter(Boolean).concat(pending);
  }
  return { path: '/' + resolved.join('/') };
}
const say = (answer) => process.stdout.write('\\n${REALPATH_MARKER}' + JSON.stringify(answer) + '\\n');
resolve(process.argv[process.argv.length - 1]).then(say, (error) => say({ error: String(error) }));
`;

const AnswerSchema = z.union([z.object({ path: z.string().startsWith('/') }), z.object({ error: z.string() })]);

/** How long the Node.js answer may take before the lookup fails with EIO. */
const REALPATH_TIMEOUT_MS = 15_000;

/** The real path of an absolute, normalised `path`, as the container's Node.js sees it. */
export async function realpathByNode(container: WebContainerLike, path: string): Promise<string> {
  const answer = await askNode(container, {
    script: REALPATH_SCRIPT,
    args: [path],
    marker: REALPATH_MARKER,
    schema: AnswerSchema,
    timeoutMs: REALPATH_TIMEOUT_MS,
    what: `resolving ${path}`,
  });
  if ('path' in answer) return answer.path;
  if (answer.error === 'ELOOP') throw new SandboxError(`too many levels of symbolic links: ${path}`, 'ELOOP');
  throw new SandboxError(`could not resolve ${path}: ${answer.error}`, 'EIO');
}
