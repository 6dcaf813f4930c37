import { z } from 'zod';
import { SandboxError } from './port';
import { stripTerminalEscapes } from './terminal-output';
import type { WebContainerLike } from './webcontainer-like';

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

async function collect(output: ReadableStream<string>, timeoutMs: number): Promise<string | null> {
  const reader = output.getReader();
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), timedOut]);
      if (chunk === null) return null;
      if (chunk.done) return text;
      text += chunk.value;
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}

/** The real path of an absolute, normalised `path`, as the container's Node.js sees it. */
export async function realpathByNode(container: WebContainerLike, path: string): Promise<string> {
  const child = await container.spawn('node', ['-e', REALPATH_SCRIPT, path]);
  const output = await collect(child.output, REALPATH_TIMEOUT_MS);
  if (output === null) {
    child.kill();
    throw new SandboxError(`resolving ${path} took longer than ${REALPATH_TIMEOUT_MS / 1000} s`, 'EIO');
  }
  const line = stripTerminalEscapes(output)
    .split(/\r?\n/)
    .find((candidate) => candidate.startsWith(REALPATH_MARKER));
  let answer: unknown = null;
  try {
    answer = line === undefined ? null : JSON.parse(line.slice(REALPATH_MARKER.length));
  } catch {
    // Reported below as an unreadable answer.
  }
  const parsed = AnswerSchema.safeParse(answer);
  if (!parsed.success) throw new SandboxError(`could not resolve ${path}: Node.js gave no readable answer`, 'EIO');
  if ('path' in parsed.data) return parsed.data.path;
  if (parsed.data.error === 'ELOOP') throw new SandboxError(`too many levels of symbolic links: ${path}`, 'ELOOP');
  throw new SandboxError(`could not resolve ${path}: ${parsed.data.error}`, 'EIO');
}
