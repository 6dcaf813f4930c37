import { MAX_PATH_DEPTH } from '../protocol/path-depth';
import { joinPath, parentOf } from '../sandbox/paths';
import type { OutsideEntry, OutsideReach, Sandbox } from '../sandbox/port';

/**
 * What a command did to the workspace, seen from outside: the tree (folders and
 * file contents) before and after, compared. Static judgement cannot see what a
 * test script writes; this can, and it can put the files back.
 */

/**
 * `link`: the entry is a symbolic link (a linked folder is recorded, never walked into), and
 * `target` where it leads ("" for a loop), so a link pointed elsewhere is a change. `digest`
 * stands for a file's content where the capture does not hold it (a sandbox's own walk outside
 * the workspace), so the same comparison tells a change.
 */
export type TreeEntry =
  { kind: 'dir'; link?: true; target?: string; beyond?: true } | { kind: 'file'; content: string; digest?: string; link?: true; target?: string };
/** Workspace-relative path → entry. */
export type WorkspaceTree = Map<string, TreeEntry>;

export interface TreeChange {
  path: string;
  change: 'created' | 'modified' | 'deleted';
  kind: 'dir' | 'file';
}

/**
 * Reads the whole tree under `root`, except paths `skip` accepts (a folder is
 * skipped whole when `skip` accepts a file inside it, as "coverage/**" does). A
 * folder that holds only skipped paths counts as skipped too, so creating
 * node_modules/ just to hold node_modules/.cache/ is not a change.
 */
export async function captureTree(sandbox: Sandbox, root: string, skip: (path: string) => boolean): Promise<WorkspaceTree> {
  const leaves: WorkspaceTree = new Map();
  /** Folder → [entries listed in it, entries of it kept]. */
  const folders = new Map<string, { listed: number; kept: string[] }>();
  const pending: { dir: string; rel: string; depth: number }[] = [{ dir: root, rel: '', depth: 0 }];
  while (pending.length > 0) {
    const { dir, rel, depth } = pending.pop() as { dir: string; rel: string; depth: number };
    // A command may remove the root itself; the tree is then empty.
    const entries = depth === 0 && !(await sandbox.exists(dir)) ? [] : await sandbox.listDir(dir);
    const folder = { listed: entries.length, kept: [] as string[] };
    folders.set(rel, folder);
    for (const entry of entries) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (skip(path) || (entry.type === 'dir' && skip(`${path}/_`))) continue;
      folder.kept.push(path);
      const absolute = joinPath(dir, entry.name);
      const link = entry.symlink ? { link: true as const, target: await linkTarget(sandbox, absolute) } : {};
      if (entry.type === 'file') leaves.set(path, { kind: 'file', content: await readEntry(sandbox, absolute, entry.symlink === true), ...link });
      // A linked folder may lead anywhere (the root, its own parent): it is an entry, not a walk.
      else if (entry.symlink) leaves.set(path, { kind: 'dir', ...link });
      else if (depth + 1 < MAX_PATH_DEPTH) pending.push({ dir: absolute, rel: path, depth: depth + 1 });
      // A folder at the limit is read no further; one that holds something (a shell the sandbox cannot
      // bound, WebContainer's, made it) is marked, since nothing below it can be checked.
      else if ((await sandbox.listDir(absolute)).some((inside) => !skip(`${path}/${inside.name}`))) leaves.set(path, { kind: 'dir', beyond: true });
      else folders.set(path, { listed: 0, kept: [] });
    }
  }
  const tree: WorkspaceTree = new Map();
  const kept = new Map<string, boolean>();
  const keeps = (path: string): boolean => {
    const folder = folders.get(path);
    if (!folder) return leaves.has(path);
    let answer = kept.get(path);
    if (answer === undefined) {
      answer = folder.listed === 0 || folder.kept.some(keeps);
      kept.set(path, answer);
    }
    return answer;
  };
  for (const path of folders.keys()) if (path !== '' && keeps(path)) tree.set(path, { kind: 'dir' });
  for (const [path, entry] of leaves) tree.set(path, entry);
  return tree;
}

/** The folders at the depth limit that hold entries the capture could not read. */
export function beyondLimit(tree: WorkspaceTree): string[] {
  return [...tree].flatMap(([path, entry]) => (entry.kind === 'dir' && entry.beyond ? [path] : []));
}

/** Where a link really leads; "" for a loop. */
async function linkTarget(sandbox: Sandbox, path: string): Promise<string> {
  return sandbox.realpath(path).catch(() => '');
}

/** The file system outside the workspace as captured, and how to undo changes to it. */
export interface OutsideTree {
  /** Paths relative to "/". */
  tree: WorkspaceTree;
  /** Puts back what `changes` (from `tree` to a later capture) changed; returns the paths it could not put back. */
  putBack(changes: readonly TreeChange[]): Promise<string[]>;
}

/**
 * The file system outside the workspace, for a phase in which nothing may change: /tmp, a home
 * folder, /bin. Read through the sandbox's own walk where it offers one (`outside`: WebContainer's
 * fs API stops at the workspace, its Node.js does not), else through the file API; null when
 * neither reaches there.
 */
export async function captureOutside(sandbox: Sandbox): Promise<OutsideTree | null> {
  if (sandbox.outside) return captureByReach(sandbox.outside);
  try {
    await sandbox.listDir('/');
  } catch {
    return null;
  }
  const workspace = sandbox.workdir.slice(1);
  const tree = workspace === '' ? new Map() : await captureTree(sandbox, '/', (path) => path === workspace || path.startsWith(`${workspace}/`));
  return {
    tree,
    async putBack(changes) {
      await restoreTree(sandbox, '/', tree, changes);
      return [];
    },
  };
}

async function captureByReach(reach: OutsideReach): Promise<OutsideTree> {
  const entries = new Map((await reach.capture()).map((entry) => [entry.path, entry]));
  const tree: WorkspaceTree = new Map([...entries].map(([path, entry]) => [path, treeEntryOf(entry)]));
  return {
    tree,
    async putBack(changes) {
      const remove = changes.filter((c) => c.change === 'created').map((c) => c.path);
      const restore = changes.flatMap((c) => (c.change === 'created' ? [] : (entries.get(c.path) ?? [])));
      // A folder the command filled past the walk's bound (read before, `beyond` after) is rebuilt
      // from the capture before, when all it held can be put back; otherwise it stays as it is.
      for (const folder of changes.filter((c) => c.change === 'modified' && c.kind === 'dir').map((c) => c.path)) {
        const held = [...entries.values()].filter((entry) => entry.path.startsWith(`${folder}/`));
        if (held.every(restorable)) {
          remove.push(folder);
          restore.push(...held);
        }
      }
      const failed = await reach.putBack(remove, restore);
      // One more look: what the put-back could not reach (past the walk's bounds, content not kept) is still different.
      const left = compareTrees(tree, (await captureByReach(reach)).tree).map((c) => c.path);
      return [...new Set([...failed, ...left])].sort();
    },
  };
}

function restorable(entry: OutsideEntry): boolean {
  return entry.kind === 'dir' || entry.link !== undefined || entry.content !== undefined;
}

function treeEntryOf(entry: OutsideEntry): TreeEntry {
  const link = entry.link === undefined ? {} : { link: true as const, target: entry.link };
  if (entry.kind === 'dir') return { kind: 'dir', ...link, ...(entry.beyond ? { beyond: true as const } : {}) };
  if (entry.link !== undefined) return { kind: 'file', content: '', ...link };
  return { kind: 'file', content: '', digest: entry.sha256 === undefined ? 'not a regular file' : `sha256 ${entry.sha256} ${entry.size ?? 0}` };
}

/** A file's content; a link that leads nowhere reads as empty. */
async function readEntry(sandbox: Sandbox, path: string, link: boolean): Promise<string> {
  if (!link) return sandbox.readFile(path);
  return sandbox.readFile(path).catch(() => '');
}

/** Every difference between two captures, in path order. */
export function compareTrees(before: WorkspaceTree, after: WorkspaceTree): TreeChange[] {
  const changes: TreeChange[] = [];
  for (const [path, entry] of after) {
    const old = before.get(path);
    if (!old) changes.push({ path, change: 'created', kind: entry.kind });
    else if (old.kind !== entry.kind || old.link !== entry.link || old.target !== entry.target) {
      changes.push({ path, change: 'deleted', kind: old.kind }, { path, change: 'created', kind: entry.kind });
    } else if (old.kind === 'dir' && entry.kind === 'dir' && old.beyond !== entry.beyond) {
      changes.push({ path, change: 'modified', kind: 'dir' });
    } else if (old.kind === 'file' && entry.kind === 'file' && (old.content !== entry.content || old.digest !== entry.digest)) {
      changes.push({ path, change: 'modified', kind: 'file' });
    }
  }
  for (const [path, entry] of before) if (!after.has(path)) changes.push({ path, change: 'deleted', kind: entry.kind });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Puts the tree back as it was before `changes`: new entries go, changed and deleted ones return. */
export async function restoreTree(sandbox: Sandbox, root: string, before: WorkspaceTree, changes: readonly TreeChange[]): Promise<void> {
  const created = changes.filter((c) => c.change === 'created');
  // Deepest first, so a folder is empty (or gone) before it is removed.
  for (const change of [...created].sort((a, b) => b.path.length - a.path.length)) {
    const absolute = joinPath(root, change.path);
    if (await sandbox.exists(absolute)) await sandbox.remove(absolute, { recursive: true });
  }
  const returning = changes.filter((c) => c.change !== 'created').sort((a, b) => a.path.length - b.path.length);
  for (const change of returning) {
    const absolute = joinPath(root, change.path);
    const entry = before.get(change.path);
    if (!entry) continue;
    // A link comes back as the link it was (written through, it would land in whatever it now points to).
    if (entry.link && change.change === 'deleted' && entry.target) await restoreLink(sandbox, absolute, entry.target);
    else if (entry.kind === 'dir') {
      await sandbox.mkdir(absolute, { recursive: true });
    } else {
      await sandbox.mkdir(parentOf(absolute), { recursive: true });
      await sandbox.writeFile(absolute, entry.content);
    }
  }
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The port has no call to make a link: the sandbox's shell makes it (a leftover at the path goes first). */
async function restoreLink(sandbox: Sandbox, absolute: string, target: string): Promise<void> {
  await sandbox.exec(`rm -f -- ${quote(absolute)}; ln -s -- ${quote(target)} ${quote(absolute)}`);
}

/** "modified README.md, deleted src/app.ts and 3 more". */
export function describeChanges(changes: readonly TreeChange[], shown = 5): string {
  const parts = changes.slice(0, shown).map((c) => `${c.change} ${c.path}${c.kind === 'dir' ? '/' : ''}`);
  const more = changes.length - shown;
  return more > 0 ? `${parts.join(', ')} and ${more} more` : parts.join(', ');
}
