import type { IFileSystem } from 'just-bash';
import { joinPath, parentOf } from '../paths';
import { ChangeTracker } from './change-tracker';
import { isPythonCache, type PythonRunReply, type PythonRunRequest } from './python-protocol';

type Snapshot = Pick<PythonRunRequest, 'files' | 'dirs' | 'mirror'>;

/**
 * What Python's copy of the workspace holds, from the sandbox's side: each file as it was
 * when last sent to Python or taken back from it. A run sends only the files changed since
 * (every path goes, so Python drops what the sandbox no longer has); a new Python thread, an
 * interrupted run or a failed write-back starts over with everything.
 */
let mirrors = 0;

export class WorkspaceMirror {
  private readonly tracker = new ChangeTracker();
  /** Tells this sandbox's copy from another's in a shared Python thread. */
  readonly id = ++mirrors;

  constructor(readonly root: string) {}

  /** Forget everything: the next snapshot sends every file. */
  reset(): void {
    this.tracker.clear();
  }

  /** The workspace as the request carries it. */
  async snapshot(fs: IFileSystem): Promise<Snapshot> {
    const files: Snapshot['files'] = [];
    const dirs: string[] = [];
    const seen = new Set<string>();
    const visit = async (dir: string) => {
      for (const name of await fs.readdir(dir)) {
        const path = joinPath(dir, name);
        if (isPythonCache(path)) continue;
        const stat = await fs.lstat(path);
        if (stat.isDirectory) {
          dirs.push(path);
          await visit(path);
        } else if (stat.isFile) {
          seen.add(path);
          files.push({ path, data: await this.changedBytes(fs, path, stat.mtime.getTime(), stat.size) });
        }
      }
    };
    if (await fs.exists(this.root)) await visit(this.root);
    for (const path of this.tracker.paths()) if (!seen.has(path)) this.tracker.forget(path);
    return { files, dirs, mirror: this.id };
  }

  /** Writes what Python changed into the sandbox; on a failure the mirror starts over next time. */
  async apply(fs: IFileSystem, sent: Snapshot, reply: PythonRunReply): Promise<void> {
    try {
      const before = new Set(sent.dirs);
      const after = new Set(reply.dirs);
      for (const dir of sent.dirs) if (!after.has(dir) && (await fs.exists(dir))) await fs.rm(dir, { recursive: true, force: true });
      for (const dir of reply.dirs) if (!before.has(dir)) await fs.mkdir(dir, { recursive: true });
      for (const path of reply.removed) {
        this.tracker.forget(path);
        if (await fs.exists(path)) await fs.rm(path, { force: true });
      }
      for (const { path, data } of reply.writes) {
        await fs.mkdir(parentOf(path), { recursive: true });
        await fs.writeFile(path, data);
        const stat = await fs.stat(path);
        this.tracker.record(path, stat.mtime.getTime(), stat.size, data);
      }
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  /** The file's bytes when Python's copy may differ, else null. */
  private async changedBytes(fs: IFileSystem, path: string, mtimeMs: number, size: number): Promise<Uint8Array | null> {
    const verdict = this.tracker.verdict(path, mtimeMs, size);
    if (verdict === 'unchanged') return null;
    const bytes = await fs.readFileBuffer(path);
    if (verdict === 'compare' && this.tracker.sameBytes(path, mtimeMs, bytes)) return null;
    this.tracker.record(path, mtimeMs, size, bytes);
    return bytes;
  }
}
