import type { CpOptions, FileContent, InitialFiles, InMemoryFs, MkdirOptions } from 'just-bash';
import { MAX_PATH_DEPTH, pathDepth, tooDeepMessage } from '../protocol/path-depth';
import { YieldingFs } from './cooperative-yield';
import { joinPath, normalizeAbsolutePath, parentOf, relativeTo } from './paths';
import { SandboxError } from './port';
import { resolveRealPath } from './real-path';
import { DEVICE_PATHS, isMissingDevice } from './virtual-devices';

type WriteOptions = Parameters<InMemoryFs['writeFile']>[2];

/**
 * The virtual sandbox's file system: just-bash's in-memory one with yield points, plus
 * fixes. Writes and mkdir follow symbolic links in parent directories (just-bash
 * stores them under the literal path, where no read finds them again); writes to
 * device files vanish instead of piling up in them, and writes to devices the sandbox
 * does not have (/dev/tty, /dev/fd/5) fail instead of creating files; and nothing is
 * created deeper than MAX_PATH_DEPTH (below the workspace, or below "/" outside it),
 * whatever the command (mkdir -p, a redirection, cp, mv, tar, ln), so every walk sees it all.
 */
export class VirtualFs extends YieldingFs {
  constructor(
    files: InitialFiles,
    /** The workspace root, from which depth is counted for paths inside it. */
    private readonly workdir: string,
  ) {
    super(files);
  }

  override async writeFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    const target = await this.writable(path);
    if (!DEVICE_PATHS.has(target)) await super.writeFile(target, content, options);
  }

  override async appendFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    const target = await this.writable(path);
    if (!DEVICE_PATHS.has(target)) await super.appendFile(target, content, options);
  }

  override async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    await super.mkdir(await this.writable(path), options);
  }

  override async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const target = await this.writable(dest);
    // Still fails for a missing source, like `cp missing /dev/null`.
    if (DEVICE_PATHS.has(target)) await this.stat(src);
    else {
      await this.refuseDeepCopy(src, target);
      await super.cp(src, target, options);
    }
  }

  override async mv(src: string, dest: string): Promise<void> {
    const target = await this.writable(dest);
    await this.refuseDeepCopy(src, target);
    await super.mv(src, target);
  }

  override async symlink(target: string, linkPath: string): Promise<void> {
    await super.symlink(target, await this.writableEntry(linkPath));
  }

  override async link(existingPath: string, newPath: string): Promise<void> {
    await super.link(existingPath, await this.writableEntry(newPath));
  }

  /** Where a write to `path` lands once every link on the way is followed. */
  landing(path: string): Promise<string> {
    return resolveRealPath(path, (candidate) => this.linkTarget(candidate));
  }

  /** The link's target, or null for anything that is not a link (or does not exist). */
  async linkTarget(path: string): Promise<string | null> {
    try {
      if (!(await this.lstat(path)).isSymbolicLink) return null;
      return await this.readlink(path);
    } catch {
      return null;
    }
  }

  /** Where a write to `path` lands; throws when that is too deep or a device the sandbox lacks. */
  async writable(path: string): Promise<string> {
    // The path as written first: resolving the links of a path thousands of folders deep is slow in itself.
    this.refuseDeep(normalizeAbsolutePath(path));
    return this.refuseUnwritable(await this.landing(path));
  }

  /** The same for an entry made as it is (a link): its parent's links are followed, not its own. */
  private async writableEntry(path: string): Promise<string> {
    const absolute = normalizeAbsolutePath(path);
    this.refuseDeep(absolute);
    const name = absolute.slice(absolute.lastIndexOf('/') + 1);
    return this.refuseUnwritable(joinPath(await this.landing(parentOf(absolute)), name));
  }

  private refuseUnwritable(target: string): string {
    this.refuseDeep(target);
    if (isMissingDevice(target)) throw new SandboxError(`ENXIO: no such device or address, open '${target}'`, 'EINVAL');
    return target;
  }

  private refuseDeep(path: string, extra = 0): void {
    const inside = relativeTo(this.workdir, path);
    const below = inside === null ? '/' : this.workdir;
    if (pathDepth(inside ?? path) + extra > MAX_PATH_DEPTH) throw new SandboxError(`ENAMETOOLONG: ${tooDeepMessage(below)}`, 'EINVAL');
  }

  /** A folder copied or moved to `target` keeps its own depth below it. */
  private async refuseDeepCopy(src: string, target: string): Promise<void> {
    const prefix = `${await this.landing(src)}/`;
    let height = 0;
    for (const path of this.getAllPaths()) if (path.startsWith(prefix)) height = Math.max(height, pathDepth(path.slice(prefix.length)));
    if (height > 0) this.refuseDeep(target, height);
  }
}
