import type { Sandbox } from '../../sandbox/port';
import { formatCount, plural } from '../../tools/output';
import { walk } from '../../tools/walk';
import { WorkspaceIgnore } from '../../tools/workspace-ignore';
import { renderTemplate, TREE_CUT, TREE_EMPTY, TREE_FOLDER, TREE_LISTED, TREE_MORE, TREE_SCAN_CAPPED, TREE_SUMMARISED, WORKSPACE_TREE_LAYER } from '../prompts';

/**
 * The workspace's files as a small tree for the system prompt, so the model starts oriented instead
 * of spending its first step on list_files. A small workspace is listed in full; a larger one keeps
 * the top levels and shows deeper folders as file counts, within a character budget (about 2,000 tokens).
 */

/** Characters the tree layer may take: a tree runs 3.5 characters a token (o200k) with plain names, 2 with hashed ones, so about 1,300 to 2,200 tokens. */
export const TREE_MAX_CHARS = 4_400;
/** The walk stops after this many entries; counts are then lower bounds (and the layer says so). */
export const TREE_MAX_SCANNED = 20_000;
/** A summarised tree shows at most this many entries of one folder. */
export const TREE_MAX_PER_FOLDER = 60;

/** One walked entry: a workspace-relative path, `/`-separated, in walk order (folders first, code-point order). */
export interface ListedEntry {
  path: string;
  type: 'file' | 'dir';
  /** A symbolic link (never entered): where it leads, workspace-relative. */
  link?: string;
}

export interface WorkspaceListing {
  entries: ListedEntry[];
  /** The cap the walk stopped at (its counts are then lower bounds), or null when it saw everything. */
  cappedAt: number | null;
}

export interface TreeOptions {
  maxChars?: number;
  maxPerFolder?: number;
}

/**
 * Walks the workspace as list_files does (paced, so Stop gets in; symbolic links never entered),
 * leaving out what the file tools ignore: node_modules, .git, build output and caches by name, and
 * whatever the .gitignore files say. Null when the walk was stopped.
 */
export async function listWorkspace(sandbox: Sandbox, signal?: AbortSignal, maxEntries = TREE_MAX_SCANNED): Promise<WorkspaceListing | null> {
  const ignore = new WorkspaceIgnore(sandbox);
  const walking = walk(sandbox, sandbox.workdir, { signal, ignore: async (path, type) => (await ignore.reason(path, type)) !== null });
  const entries: ListedEntry[] = [];
  let cappedAt: number | null = null;
  for await (const entry of walking) {
    if (entries.length >= maxEntries) {
      cappedAt = maxEntries;
      break;
    }
    entries.push({ path: entry.relative, type: entry.type, ...(entry.linkTarget === undefined ? {} : { link: entry.linkTarget }) });
  }
  return walking.report.aborted ? null : { entries, cappedAt };
}

/** The tree layer of the system prompt for the workspace as it is now; null when the walk was stopped. */
export async function loadWorkspaceTree(sandbox: Sandbox, signal?: AbortSignal): Promise<string | null> {
  const listing = await listWorkspace(sandbox, signal);
  return listing ? renderWorkspaceTree(listing) : null;
}

interface Folder {
  name: string;
  depth: number;
  children: Node[];
  /** Files below it, at any depth. */
  files: number;
  /** Folders below it, at any depth. */
  folders: number;
}

/** A leaf is a file or a symbolic link to a folder (shown, never entered). */
type Node = { kind: 'folder'; folder: Folder } | { kind: 'leaf'; label: string; file: boolean };

/** The layer text: the listing in full when it fits `maxChars`, else summarised to fit. */
export function renderWorkspaceTree(listing: WorkspaceListing, options: TreeOptions = {}): string {
  const maxChars = options.maxChars ?? TREE_MAX_CHARS;
  const maxPerFolder = options.maxPerFolder ?? TREE_MAX_PER_FOLDER;
  const root = buildTree(listing.entries);
  const files = plural(root.files, 'file');
  const capped = listing.cappedAt === null ? '' : `, ${renderTemplate(TREE_SCAN_CAPPED, { limit: formatCount(listing.cappedAt) })}`;
  const layer = (summary: string, lines: string[]) =>
    renderTemplate(WORKSPACE_TREE_LAYER, { summary: summary + capped, tree: lines.length === 0 ? TREE_EMPTY : lines.join('\n') });

  const full = layer(renderTemplate(TREE_LISTED, { files }), fullLines(root));
  if (full.length <= maxChars && listing.cappedAt === null) return full;
  const summary = renderTemplate(TREE_SUMMARISED, { files, folders: plural(root.folders, 'folder') });
  const overhead = layer(summary, []).length - TREE_EMPTY.length;
  return cut(layer(summary, summaryLines(root, maxChars - overhead, maxPerFolder)), maxChars);
}

function buildTree(entries: readonly ListedEntry[]): Folder {
  const root: Folder = { name: '', depth: 0, children: [], files: 0, folders: 0 };
  const folders = new Map<string, Folder>([['', root]]);
  for (const entry of entries) {
    const slash = entry.path.lastIndexOf('/');
    const parent = folders.get(slash === -1 ? '' : entry.path.slice(0, slash));
    // Walk order puts a folder before what it holds; an orphan (not expected) is left out.
    if (!parent) continue;
    const name = entry.path.slice(slash + 1);
    if (entry.type === 'dir' && entry.link === undefined) {
      const folder: Folder = { name, depth: parent.depth + 1, children: [], files: 0, folders: 0 };
      folders.set(entry.path, folder);
      parent.children.push({ kind: 'folder', folder });
      for (const above of ancestors(folders, entry.path)) above.folders++;
      continue;
    }
    const file = entry.type === 'file';
    const label = entry.link === undefined ? name : file ? `${name} → ${entry.link}` : `${name}/ → ${entry.link}/`;
    parent.children.push({ kind: 'leaf', label, file });
    if (file) for (const above of ancestors(folders, entry.path)) above.files++;
  }
  return root;
}

/** The folders holding `path`, nearest first, the root last. */
function ancestors(folders: ReadonlyMap<string, Folder>, path: string): Folder[] {
  const found: Folder[] = [];
  for (let at = parentPath(path); at !== null; at = parentPath(at)) {
    const folder = folders.get(at);
    if (folder) found.push(folder);
  }
  return found;
}

/** "a/b/c" → "a/b", "a" → "" (the root), "" → null. */
function parentPath(path: string): string | null {
  if (path === '') return null;
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

const indent = (depth: number) => '  '.repeat(Math.max(0, depth - 1));

function fullLines(root: Folder): string[] {
  const lines: string[] = [];
  const visit = (folder: Folder) => {
    for (const child of folder.children) {
      if (child.kind === 'leaf') lines.push(indent(folder.depth + 1) + child.label);
      else {
        lines.push(`${indent(child.folder.depth)}${child.folder.name}/`);
        visit(child.folder);
      }
    }
  };
  visit(root);
  return lines;
}

function collapsedLine(folder: Folder): string {
  return indent(folder.depth) + renderTemplate(TREE_FOLDER, { name: folder.name, files: plural(folder.files, 'file') });
}

/** "… and 240 more files", or "… and 3 more folders (12 files) and 240 more files": what a folder holds past the cap. */
function moreLine(folder: Folder, hidden: readonly Node[]): string {
  let files = 0;
  let folders = 0;
  let inFolders = 0;
  for (const node of hidden) {
    if (node.kind === 'folder') {
      folders++;
      inFolders += node.folder.files;
    } else if (node.file) files++;
  }
  const parts: string[] = [];
  if (folders > 0) parts.push(`${plural(folders, 'more folder')} (${plural(inFolders, 'file')})`);
  if (files > 0 || folders === 0) parts.push(plural(files, 'more file'));
  return indent(folder.depth + 1) + renderTemplate(TREE_MORE, { count: parts.join(' and ') });
}

/**
 * Whole levels are expanded, the shallowest first, while the lines fit the budget (the root always
 * is); of the first level that does not fit whole, the folders that still fit are expanded in
 * listing order, and the expansion stops there. An expanded folder shows up to `maxPerFolder` of
 * its entries, each folder among them as "name/ (N files)" unless it is expanded too.
 */
function summaryLines(root: Folder, budget: number, maxPerFolder: number): string[] {
  const expanded = new Set<Folder>([root]);
  const shown = (folder: Folder) => folder.children.slice(0, maxPerFolder);
  const lineCost = (line: string) => line.length + 1;
  const childCost = (node: Node, depth: number) => lineCost(node.kind === 'leaf' ? indent(depth) + node.label : collapsedLine(node.folder));
  const expansionCost = (folder: Folder) => {
    const hidden = folder.children.slice(maxPerFolder);
    let cost = shown(folder).reduce((sum, child) => sum + childCost(child, folder.depth + 1), 0);
    if (hidden.length > 0) cost += lineCost(moreLine(folder, hidden));
    // Its own line loses the count: "name/ (12 files)" becomes "name/".
    return folder === root ? cost : cost - (collapsedLine(folder).length - `${indent(folder.depth)}${folder.name}/`.length);
  };
  const foldersIn = (level: readonly Folder[]) => level.flatMap((folder) => shown(folder).flatMap((child) => (child.kind === 'folder' ? [child.folder] : [])));
  let used = expansionCost(root);
  for (let level = foldersIn([root]); level.length > 0; level = foldersIn(level)) {
    const cost = level.reduce((sum, folder) => sum + expansionCost(folder), 0);
    if (used + cost <= budget) {
      used += cost;
      for (const folder of level) expanded.add(folder);
      continue;
    }
    // The level that does not fit whole: its folders that still fit, in listing order, and no deeper.
    for (const folder of level) {
      const one = expansionCost(folder);
      if (used + one > budget) continue;
      used += one;
      expanded.add(folder);
    }
    break;
  }
  const lines: string[] = [];
  const visit = (folder: Folder) => {
    for (const child of shown(folder)) {
      if (child.kind === 'leaf') lines.push(indent(folder.depth + 1) + child.label);
      else if (!expanded.has(child.folder)) lines.push(collapsedLine(child.folder));
      else {
        lines.push(`${indent(child.folder.depth)}${child.folder.name}/`);
        visit(child.folder);
      }
    }
    const hidden = folder.children.slice(maxPerFolder);
    if (hidden.length > 0) lines.push(moreLine(folder, hidden));
  };
  visit(root);
  return lines;
}

/** The hard limit: only reached when names are so long that even the root's entries do not fit. */
function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const note = renderTemplate(TREE_CUT, { limit: formatCount(maxChars) });
  const room = maxChars - note.length - 1;
  const at = text.lastIndexOf('\n', room);
  return `${text.slice(0, at > 0 ? at : room)}\n${note}`;
}
