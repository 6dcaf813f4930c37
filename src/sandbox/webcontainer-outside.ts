import { z } from 'zod';
import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { OutsideEntriesSchema } from './outside-entry';
import type { OutsideEntry, OutsideReach } from './port';
import type { WebContainerLike } from './webcontainer-like';
import { askNode } from './webcontainer-node';

/**
 * WebContainer's fs API stops at its workdir, so what lies outside (/tmp, the home folder,
 * /bin) is read and put back by the container's Node.js: one `node -e` per capture, one per
 * put-back, each answering with one JSON line after its marker.
 */
export const OUTSIDE_MARKER = '__PHASEGATE_OUTSIDE__';

/** How far one capture goes; past a bound a folder is marked `beyond`, and its content is not kept past the budget. */
export interface OutsideLimits {
  /** Entries in all; a folder whose listing would pass this is marked `beyond`, not read. */
  entries: number;
  /** The largest file whose bytes are kept to be put back. */
  fileBytes: number;
  /** Bytes kept in all. */
  keptBytes: number;
}

export const DEFAULT_OUTSIDE_LIMITS: OutsideLimits = { entries: 20_000, fileBytes: 64 * 1024, keptBytes: 8 * 1024 * 1024 };

/** How long a walk or a put-back may take before it fails with EIO. */
const OUTSIDE_TIMEOUT_MS = 60_000;

/** argv: workdir, depth limit, entry bound, file bytes, kept bytes. Folders at the depth limit are not read, as in captureTree. */
const CAPTURE_SCRIPT = `
const { lstat, stat, readdir, readFile, readlink } = require('fs').promises;
const { createHash } = require('crypto');
const [workdir, maxDepth, maxEntries, fileBytes, keptBytes] = process.argv.slice(-5).map((v, i) => (i === 0 ? v : Number(v)));
const PSEUDO = ['/proc', '/dev', '/sys'];
async function capture() {
  const entries = [];
  let kept = 0;
  const pending = [{ dir: '/', depth: 0, record: null }];
  while (pending.length > 0) {
    const { dir, depth, record } = pending.pop();
    let names;
    try { names = (await readdir(dir)).sort(); } catch (error) {
      if (record === null) throw error;
      record.beyond = true;
      continue;
    }
    if (entries.length + names.length > maxEntries) {
      if (record === null) return { error: 'the root folder holds more entries than the walk reads' };
      record.beyond = true;
      continue;
    }
    for (const name of names) {
      const absolute = (dir === '/' ? '' : dir) + '/' + name;
      if (absolute === workdir || PSEUDO.includes(absolute)) continue;
      const path = absolute.slice(1);
      let info;
      try { info = await lstat(absolute); } catch { continue; }
      if (info.isSymbolicLink()) {
        let kind = 'file';
        try { if ((await stat(absolute)).isDirectory()) kind = 'dir'; } catch {}
        entries.push({ path, kind, link: await readlink(absolute) });
      } else if (info.isDirectory()) {
        const entry = { path, kind: 'dir' };
        entries.push(entry);
        if (depth + 1 < maxDepth) pending.push({ dir: absolute, depth: depth + 1, record: entry });
        else if ((await readdir(absolute).catch(() => ['?'])).length > 0) entry.beyond = true;
      } else if (info.isFile()) {
        const bytes = await readFile(absolute);
        const entry = { path, kind: 'file', sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
        if (bytes.length <= fileBytes && kept + bytes.length <= keptBytes) {
          entry.content = bytes.toString('base64');
          kept += bytes.length;
        }
        entries.push(entry);
      } else entries.push({ path, kind: 'file' });
    }
  }
  return { entries };
}
const say = (answer) => process.stdout.write('\\n${OUTSIDE_MARKER}' + JSON.stringify(answer) + '\\n');
capture().then(say, (error) => say({ error: String(error) }));
`;

/** argv: the plan as JSON ({ remove, restore }). Removals deepest first, then entries back shallowest first. */
const PUT_BACK_SCRIPT = `
const { rm, mkdir, writeFile, symlink } = require('fs').promises;
const { remove, restore } = JSON.parse(process.argv[process.argv.length - 1]);
const parentOf = (path) => path.slice(0, path.lastIndexOf('/')) || '/';
async function putBack() {
  const failed = [];
  for (const path of [...remove].sort((a, b) => b.length - a.length)) {
    try { await rm('/' + path, { recursive: true, force: true }); } catch { failed.push(path); }
  }
  for (const entry of [...restore].sort((a, b) => a.path.length - b.path.length)) {
    const absolute = '/' + entry.path;
    try {
      if (entry.link !== undefined) {
        await rm(absolute, { recursive: true, force: true });
        await symlink(entry.link, absolute);
      } else if (entry.kind === 'dir') await mkdir(absolute, { recursive: true });
      else {
        await mkdir(parentOf(absolute), { recursive: true });
        await writeFile(absolute, Buffer.from(entry.content, 'base64'));
      }
    } catch { failed.push(entry.path); }
  }
  return { failed };
}
const say = (answer) => process.stdout.write('\\n${OUTSIDE_MARKER}' + JSON.stringify(answer) + '\\n');
putBack().then(say, (error) => say({ error: String(error) }));
`;

const CaptureAnswerSchema = z.union([z.object({ entries: OutsideEntriesSchema }), z.object({ error: z.string() })]);
const PutBackAnswerSchema = z.union([z.object({ failed: z.array(z.string()) }), z.object({ error: z.string() })]);

/** The container's whole file system but `workdir` and the pseudo folders, read and put back by its Node.js. */
export function outsideByNode(container: WebContainerLike, workdir: string, limits: OutsideLimits): OutsideReach {
  const ask = <T>(script: string, args: string[], schema: z.ZodType<T>, what: string) =>
    askNode(container, { script, args, marker: OUTSIDE_MARKER, schema, timeoutMs: OUTSIDE_TIMEOUT_MS, what });
  return {
    async capture(): Promise<OutsideEntry[]> {
      const args = [workdir, MAX_PATH_DEPTH, limits.entries, limits.fileBytes, limits.keptBytes].map(String);
      const answer = await ask(CAPTURE_SCRIPT, args, CaptureAnswerSchema, 'reading outside the workspace');
      if ('error' in answer) throw new Error(`reading outside the workspace failed: ${answer.error}`);
      return answer.entries;
    },
    async putBack(remove: readonly string[], restore: readonly OutsideEntry[]): Promise<string[]> {
      const plan = JSON.stringify({
        remove,
        restore: restore.filter((entry) => entry.kind === 'dir' || entry.link !== undefined || entry.content !== undefined),
      });
      const answer = await ask(PUT_BACK_SCRIPT, [plan], PutBackAnswerSchema, 'putting back outside the workspace');
      if ('error' in answer) throw new Error(`putting back outside the workspace failed: ${answer.error}`);
      const skipped = restore.filter((entry) => entry.kind === 'file' && entry.link === undefined && entry.content === undefined).map((entry) => entry.path);
      return [...skipped, ...answer.failed];
    },
  };
}
