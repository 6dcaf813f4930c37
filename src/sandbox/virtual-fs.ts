import type { CpOptions, FileContent, InMemoryFs, MkdirOptions } from 'just-bash';
import { YieldingFs } from './cooperative-yield';
import { resolveRealPath } from './real-path';
import { DEVICE_PATHS } from './virtual-devices';

type WriteOptions = Parameters<InMemoryFs['writeFile']>[2];

/**
 * The virtual sandbox's file system: just-bash's in-memory one with yield points, plus
 * two fixes. Writes and mkdir follow symbolic links in parent directories (just-bash
 * stores them under the literal path, where no read finds them again), and writes to
 * device files vanish instead of piling up in them.
 */
export class VirtualFs extends YieldingFs {
  override async writeFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    const target = await this.landing(path);
    if (!DEVICE_PATHS.has(target)) await super.writeFile(target, content, options);
  }

  override async appendFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    const target = await this.landing(path);
    if (!DEVICE_PATHS.has(target)) await super.appendFile(target, content, options);
  }

  override async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    await super.mkdir(await this.landing(path), options);
  }

  override async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const target = await this.landing(dest);
    // Still fails for a missing source, like `cp missing /dev/null`.
    if (DEVICE_PATHS.has(target)) await this.stat(src);
    else await super.cp(src, target, options);
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
}
