/**
 * The file explorer's model: a tree built once from the workspace's paths, and the flat list of
 * rows it shows (only open folders are walked, so a closed folder of 10,000 files costs nothing
 * to show), a filter, and the WAI-ARIA tree pattern's keys as moves on those rows.
 */

/** What the run did to a file, as its badge says. */
export type Badge = 'new' | 'edited' | 'deleted';

export interface TreeNode {
  name: string;
  /** Workspace-relative; "" for the root. */
  path: string;
  kind: 'dir' | 'file';
  /** Folders first, then files, each by name. Empty for files. */
  children: TreeNode[];
  badge: Badge | null;
  /** Files with a badge at or under this node. */
  changed: number;
}

export interface TreeRow {
  node: TreeNode;
  /** 1 for the root's children (aria-level). */
  level: number;
  expanded: boolean;
  /** Position among its siblings, from 1, and their count (aria-posinset, aria-setsize). */
  posInSet: number;
  setSize: number;
  /** Index of the parent's row, or -1 at the top. */
  parent: number;
}

/**
 * The tree of `paths` and of the changed files (a deleted file is no longer among the paths, a
 * file created since the listing not yet): each changed file carries its badge.
 */
export function buildTree(paths: Iterable<string>, changes: ReadonlyMap<string, Badge> = new Map()): TreeNode {
  const root = dir('', '');
  const folders = new Map<string, TreeNode>([['', root]]);
  const add = (path: string, badge: Badge | null): void => {
    const parts = path.split('/');
    let parent = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const folderPath = parts.slice(0, i + 1).join('/');
      let folder = folders.get(folderPath);
      if (!folder) {
        folder = dir(parts[i] ?? '', folderPath);
        folders.set(folderPath, folder);
        parent.children.push(folder);
      }
      parent = folder;
    }
    parent.children.push({ name: parts.at(-1) ?? path, path, kind: 'file', children: [], badge, changed: 0 });
  };
  const seen = new Set<string>();
  for (const path of paths) {
    if (path === '' || seen.has(path) || folders.has(path)) continue;
    seen.add(path);
    add(path, changes.get(path) ?? null);
  }
  for (const [path, badge] of changes) if (!seen.has(path) && !folders.has(path) && path !== '') add(path, badge);
  settle(root);
  return root;
}

const dir = (name: string, path: string): TreeNode => ({ name, path, kind: 'dir', children: [], badge: null, changed: 0 });

const byKindThenName = (a: TreeNode, b: TreeNode): number => (a.kind !== b.kind ? (a.kind === 'dir' ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Sorts every folder's children and counts the changed files under each folder (one pass, no recursion). */
function settle(root: TreeNode): void {
  const order: TreeNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as TreeNode;
    order.push(node);
    for (const child of node.children) if (child.kind === 'dir') stack.push(child);
  }
  for (const folder of order.reverse()) {
    folder.children.sort(byKindThenName);
    folder.changed = folder.children.reduce((sum, child) => sum + (child.kind === 'dir' ? child.changed : child.badge ? 1 : 0), 0);
  }
}

/** Folder paths whose subtree holds a file whose path contains `filter` (case-insensitive), and those files. */
function matching(root: TreeNode, filter: string): Set<string> {
  const needle = filter.toLowerCase();
  const kept = new Set<string>();
  const walk = (node: TreeNode): boolean => {
    let any = false;
    for (const child of node.children) {
      const hit = child.kind === 'dir' ? walk(child) : child.path.toLowerCase().includes(needle);
      if (hit) {
        kept.add(child.path);
        any = true;
      }
    }
    return any;
  };
  walk(root);
  return kept;
}

/**
 * The rows shown: the children of every open folder, depth first. With a filter, only files whose
 * path contains it and the folders that hold them, every such folder open.
 */
export function visibleRows(root: TreeNode, expanded: ReadonlySet<string>, filter = ''): TreeRow[] {
  const kept = filter.trim() === '' ? null : matching(root, filter.trim());
  const rows: TreeRow[] = [];
  const walk = (node: TreeNode, level: number, parent: number): void => {
    const children = kept ? node.children.filter((child) => kept.has(child.path)) : node.children;
    children.forEach((child, index) => {
      const open = child.kind === 'dir' && (kept !== null || expanded.has(child.path));
      rows.push({ node: child, level, expanded: open, posInSet: index + 1, setSize: children.length, parent });
      if (open) walk(child, level + 1, rows.length - 1);
    });
  };
  walk(root, 1, -1);
  return rows;
}

/** What a key does on the row at `index`: move the focus, open or close a folder, or open a file. */
export type TreeMove =
  { kind: 'focus'; index: number } | { kind: 'expand'; path: string } | { kind: 'collapse'; path: string } | { kind: 'open'; path: string };

/** The WAI-ARIA tree pattern's keys (arrows, Home, End, Enter, Space); null for any other key. */
export function keyMove(rows: readonly TreeRow[], index: number, key: string): TreeMove | null {
  const row = rows[index];
  if (!row) return rows.length > 0 && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key) ? { kind: 'focus', index: 0 } : null;
  const last = rows.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: Math.min(index + 1, last) };
    case 'ArrowUp':
      return { kind: 'focus', index: Math.max(index - 1, 0) };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: last };
    case 'ArrowRight':
      if (row.node.kind !== 'dir') return null;
      if (!row.expanded) return { kind: 'expand', path: row.node.path };
      return rows[index + 1]?.parent === index ? { kind: 'focus', index: index + 1 } : null;
    case 'ArrowLeft':
      if (row.node.kind === 'dir' && row.expanded) return { kind: 'collapse', path: row.node.path };
      return row.parent >= 0 ? { kind: 'focus', index: row.parent } : null;
    case 'Enter':
    case ' ':
      if (row.node.kind === 'file') return { kind: 'open', path: row.node.path };
      return row.expanded ? { kind: 'collapse', path: row.node.path } : { kind: 'expand', path: row.node.path };
    default:
      return null;
  }
}

/** The rows a scrolled viewport shows (with `overscan` rows either side): [first, end). */
export function windowOf(rowCount: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = 8): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return [first, Math.max(first, end)];
}

/** The folders holding `path`, so revealing a file opens them: "a/b/c.ts" gives "a", "a/b". */
export function foldersOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
