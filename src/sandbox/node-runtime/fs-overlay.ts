import type { IFileSystem } from 'just-bash';
import { collapseSegments, parentOf } from '../paths';

/** Folders of the virtual machine itself, never part of a program's files. */
const SYSTEM_ROOTS = ['/dev', '/proc', '/sys', '/bin', '/usr/bin'];

type Entry = { type: 'file'; data: Uint8Array } | { type: 'dir' };
type Change = { op: 'write'; path: string; data: Uint8Array } | { op: 'mkdir'; path: string } | { op: 'remove'; path: string; recursive: boolean };

export interface OverlayStat {
  type: 'file' | 'dir';
  size: number;
}

/** An error with a Node-like errno code in front of its message ("ENOENT: …"). */
export function fsError(code: string, message: string, syscall: string, path: string): Error {
  return new Error(`${code}: ${message}, ${syscall} '${path}'`);
}

function isSystemPath(path: string): boolean {
  return SYSTEM_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
}

/**
 * The sandbox's files as a QuickJS program sees them. QuickJS calls its host synchronously and
 * just-bash's file system is asynchronous, so the files are read once before the program starts;
 * the program's reads and writes go to this copy, and its changes are written back, in order,
 * when it ends (or is stopped), so the Editor and the snapshots see them.
 */
export class FsOverlay {
  private readonly entries = new Map<string, Entry>();
  private readonly changes: Change[] = [];

  private constructor() {
    this.entries.set('/', { type: 'dir' });
  }

  static async load(fs: IFileSystem): Promise<FsOverlay> {
    const overlay = new FsOverlay();
    for (const path of fs.getAllPaths()) {
      if (isSystemPath(path) || path === '/') continue;
      try {
        const stat = await fs.stat(path);
        if (stat.isDirectory) overlay.entries.set(path, { type: 'dir' });
        else if (stat.isFile) overlay.entries.set(path, { type: 'file', data: await fs.readFileBuffer(path) });
      } catch {
        // A dangling link or an entry removed meanwhile: the program does not see it.
      }
    }
    return overlay;
  }

  /** No files at all: for a program that reads none (the warm-up run of node-preload.ts). */
  static empty(): FsOverlay {
    return new FsOverlay();
  }

  /** Paths of every file, for a quick look (is there TypeScript?) before the program starts. */
  filePaths(): string[] {
    return [...this.entries].filter(([, entry]) => entry.type === 'file').map(([path]) => path);
  }

  stat(path: string): OverlayStat | null {
    const entry = this.entries.get(collapseSegments(path));
    if (!entry) return null;
    return entry.type === 'dir' ? { type: 'dir', size: 0 } : { type: 'file', size: entry.data.byteLength };
  }

  readFile(path: string): Uint8Array {
    const target = collapseSegments(path);
    const entry = this.entries.get(target);
    if (!entry) throw fsError('ENOENT', 'no such file or directory', 'open', path);
    if (entry.type === 'dir') throw fsError('EISDIR', 'illegal operation on a directory', 'read', path);
    return entry.data;
  }

  readText(path: string): string {
    return new TextDecoder().decode(this.readFile(path));
  }

  readdir(path: string): string[] {
    const target = collapseSegments(path);
    const entry = this.entries.get(target);
    if (!entry) throw fsError('ENOENT', 'no such file or directory', 'scandir', path);
    if (entry.type !== 'dir') throw fsError('ENOTDIR', 'not a directory', 'scandir', path);
    const prefix = target === '/' ? '/' : `${target}/`;
    const names: string[] = [];
    for (const key of this.entries.keys()) {
      if (key.startsWith(prefix) && key !== target && !key.slice(prefix.length).includes('/')) names.push(key.slice(prefix.length));
    }
    return names.sort();
  }

  writeFile(path: string, data: Uint8Array): void {
    const target = collapseSegments(path);
    const parent = this.entries.get(parentOf(target));
    if (!parent) throw fsError('ENOENT', 'no such file or directory', 'open', path);
    if (parent.type !== 'dir') throw fsError('ENOTDIR', 'not a directory', 'open', path);
    if (this.entries.get(target)?.type === 'dir') throw fsError('EISDIR', 'illegal operation on a directory', 'open', path);
    this.entries.set(target, { type: 'file', data });
    this.changes.push({ op: 'write', path: target, data });
  }

  mkdir(path: string, recursive: boolean): void {
    const target = collapseSegments(path);
    const existing = this.entries.get(target);
    if (existing) {
      if (recursive && existing.type === 'dir') return;
      throw fsError('EEXIST', 'file already exists', 'mkdir', path);
    }
    const parent = this.entries.get(parentOf(target));
    if (!parent) {
      if (!recursive) throw fsError('ENOENT', 'no such file or directory', 'mkdir', path);
      this.mkdir(parentOf(target), true);
    } else if (parent.type !== 'dir') throw fsError('ENOTDIR', 'not a directory', 'mkdir', path);
    this.entries.set(target, { type: 'dir' });
    this.changes.push({ op: 'mkdir', path: target });
  }

  /** unlink (files only), rmdir (empty folders only) or rm (either, with `recursive` for full folders). */
  remove(path: string, kind: 'unlink' | 'rmdir' | 'rm', recursive = false): void {
    const target = collapseSegments(path);
    const entry = this.entries.get(target);
    if (!entry) throw fsError('ENOENT', 'no such file or directory', kind, path);
    if (kind === 'unlink' && entry.type === 'dir') throw fsError('EISDIR', 'illegal operation on a directory', kind, path);
    if (kind === 'rmdir' && entry.type !== 'dir') throw fsError('ENOTDIR', 'not a directory', kind, path);
    const children = entry.type === 'dir' ? this.readdir(target) : [];
    if (children.length > 0 && !recursive) throw fsError('ENOTEMPTY', 'directory not empty', kind, path);
    for (const key of [...this.entries.keys()]) if (key === target || key.startsWith(`${target}/`)) this.entries.delete(key);
    this.changes.push({ op: 'remove', path: target, recursive: entry.type === 'dir' });
  }

  /** Writes the program's changes to the sandbox; returns one line per change that failed. */
  async flush(fs: IFileSystem): Promise<string[]> {
    const failures: string[] = [];
    for (const change of this.changes.splice(0)) {
      try {
        if (change.op === 'write') await fs.writeFile(change.path, change.data);
        else if (change.op === 'mkdir') await fs.mkdir(change.path, { recursive: true });
        else await fs.rm(change.path, { recursive: change.recursive, force: true });
      } catch (error) {
        failures.push(`${change.path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return failures;
  }
}
