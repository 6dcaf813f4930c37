import { messageOf } from '../protocol/error-message';
import type { SandboxInfo } from '../protocol/events';
import { normalizeAbsolutePath, parentOf, relativeTo, resolvePath } from './paths';
import type { DirEntry, ExecOptions, ExecResult, OutsideReach, PreviewSource, Sandbox, SandboxErrorCode } from './port';
import { SANDBOX_ERROR_CODES, SandboxError, SandboxUnavailableError } from './port';
import { carryEnv, type Interruption, interruptionExitCode, interruptionNotice } from './shell-state';
import { LineEndNormalizer, MarkerSplitter, stripTerminalEscapes } from './terminal-output';
import type { MountTree, WebContainerDirEntLike, WebContainerLike, WebContainerProcessLike } from './webcontainer-like';
import { DEFAULT_OUTSIDE_LIMITS, outsideByNode, type OutsideLimits } from './webcontainer-outside';
import { previewsOf } from './webcontainer-previews';
import { realpathByNode } from './webcontainer-realpath';
import { markerSeparator, newEndMarker, parseTrailer, wrapCommand } from './webcontainer-shell';

export interface WebContainerSandboxOptions {
  reason?: string;
  /** Size of the pseudo-terminal commands run in. */
  terminal?: { cols: number; rows: number };
  /** How long to wait for the rest of the output once the process exited. */
  drainTimeoutMs?: number;
  /** How long to wait for a killed process to go quiet before giving up on it. */
  killGraceMs?: number;
  /** Bounds of the walk outside the workspace (`outside`); the defaults otherwise. */
  outsideLimits?: Partial<OutsideLimits>;
}

type Stat = { type: 'file' | 'dir'; size: number };

const textEncoder = new TextEncoder();

/**
 * The sandbox on a booted WebContainer: real Node.js and npm in the page.
 * Output streams as it arrives, all of it as "stdout" (a pseudo-terminal
 * merges stdout and stderr). Streamed chunks keep terminal colours; the
 * returned `stdout` has escape sequences removed. cwd and exported variables
 * persist across exec calls (see webcontainer-shell.ts for how).
 */
export class WebContainerSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  /** The fs API cannot reach outside the workdir; the container's Node.js can (webcontainer-outside.ts). */
  readonly outside: OutsideReach;
  /** The container's servers, as it announces them. */
  readonly previews?: PreviewSource;
  private readonly terminal: { cols: number; rows: number };
  private readonly drainTimeoutMs: number;
  private readonly killGraceMs: number;
  private readonly running = new Set<WebContainerProcessLike>();
  private currentCwd: string;
  private previousCwd: string;
  private env: Record<string, string> = {};
  /** Why the container stopped working (a process died without an exit code); nothing runs in it after that. */
  private lost: string | null = null;

  constructor(
    private readonly container: WebContainerLike,
    options: WebContainerSandboxOptions = {},
  ) {
    this.workdir = normalizeAbsolutePath(container.workdir);
    this.info = {
      kind: 'webcontainer',
      label: 'WebContainer',
      reason: options.reason ?? 'real Node.js and npm in the browser',
    };
    this.terminal = options.terminal ?? { cols: 120, rows: 30 };
    this.drainTimeoutMs = options.drainTimeoutMs ?? 1000;
    this.killGraceMs = options.killGraceMs ?? 200;
    this.currentCwd = this.workdir;
    this.previousCwd = this.workdir;
    this.outside = this.guarded(outsideByNode(container, this.workdir, { ...DEFAULT_OUTSIDE_LIMITS, ...options.outsideLimits }));
    const previews = previewsOf(container);
    if (previews) this.previews = previews;
  }

  /** A container that died answers nothing truthfully any more, outside the workspace either. */
  private guarded(reach: OutsideReach): OutsideReach {
    const usable = () => {
      if (this.lost !== null) throw new SandboxUnavailableError(this.lost);
    };
    return {
      capture: async () => {
        usable();
        return reach.capture();
      },
      putBack: async (remove, restore) => {
        usable();
        return reach.putBack(remove, restore);
      },
    };
  }

  /** Writes files (paths relative to the workspace root) in one mount. */
  async mountFiles(files: Record<string, string>): Promise<void> {
    await this.container.mount(filesToMountTree(files));
  }

  async readFile(path: string): Promise<string> {
    const target = normalizeAbsolutePath(path);
    const rel = this.fsPath(target);
    try {
      return await this.container.fs.readFile(rel, 'utf-8');
    } catch (error) {
      throw await this.explain(error, target, 'file');
    }
  }

  async writeFile(path: string, content: string): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const rel = this.fsPath(target);
    if ((await this.statPath(target))?.type === 'dir') throw new SandboxError(`is a directory: ${target}`, 'EISDIR');
    await this.ensureDirectory(parentOf(target));
    try {
      await this.container.fs.writeFile(rel, content);
    } catch (error) {
      throw await this.explain(error, target, 'file');
    }
  }

  async exists(path: string): Promise<boolean> {
    return (await this.stat(path)) !== null;
  }

  stat(path: string): Promise<Stat | null> {
    return this.statPath(normalizeAbsolutePath(path));
  }

  async listDir(path: string): Promise<DirEntry[]> {
    const target = normalizeAbsolutePath(path);
    const rel = this.fsPath(target);
    let entries: WebContainerDirEntLike[];
    try {
      entries = await this.container.fs.readdir(rel, { withFileTypes: true });
    } catch (error) {
      throw await this.explain(error, target, 'dir');
    }
    const listed: DirEntry[] = [];
    for (const entry of entries) {
      if (!isLink(entry)) {
        listed.push({ name: entry.name, type: entry.isDirectory() ? 'dir' : 'file' });
        continue;
      }
      const pointee = await this.linkedStat(rel === '.' ? entry.name : `${rel}/${entry.name}`);
      listed.push({ name: entry.name, type: pointee?.type ?? 'file', symlink: true });
    }
    return listed;
  }

  async resetShellState(): Promise<void> {
    this.env = {};
  }

  /**
   * Answered from directory listings while no link is on the way; a path with a link in it
   * (or outside the workspace, where the fs API cannot look) asks the container's Node.js.
   */
  async realpath(path: string): Promise<string> {
    const target = normalizeAbsolutePath(path);
    const rel = relativeTo(this.workdir, target);
    if (rel !== null && !(await this.hasLinkOnTheWay(rel))) return target;
    return realpathByNode(this.container, target);
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const rel = this.fsPath(target);
    const existing = await this.statPath(target);
    if (existing) {
      if (options.recursive && existing.type === 'dir') return;
      throw new SandboxError(`already exists: ${target}`, 'EEXIST');
    }
    if (options.recursive) return this.ensureDirectory(target);
    const parent = await this.statPath(parentOf(target));
    if (!parent) throw await this.missingError(parentOf(target));
    if (parent.type !== 'dir') throw new SandboxError(`not a directory: ${parentOf(target)}`, 'ENOTDIR');
    try {
      await this.container.fs.mkdir(rel);
    } catch (error) {
      throw await this.explain(error, target, null);
    }
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const rel = this.fsPath(target);
    const existing = await this.statPath(target);
    if (!existing) throw await this.missingError(target);
    if (existing.type === 'dir' && !options.recursive) {
      throw new SandboxError(`is a directory (remove it with recursive: true): ${target}`, 'EISDIR');
    }
    try {
      await this.container.fs.rm(rel, { recursive: existing.type === 'dir' });
    } catch (error) {
      throw await this.explain(error, target, null);
    }
  }

  async cwd(): Promise<string> {
    return this.currentCwd;
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = performance.now();
    const explicitCwd = options.cwd === undefined ? undefined : resolvePath(this.currentCwd, options.cwd);
    const startCwd = explicitCwd ?? this.currentCwd;
    const finish = (exitCode: number, stdout: string, stderr: string, interruption?: Interruption): ExecResult => ({
      exitCode,
      stdout,
      stderr,
      timedOut: interruption === 'timeout',
      aborted: interruption === 'abort',
      durationMs: performance.now() - started,
      cwd: this.currentCwd,
    });
    const stopped = (kind: Interruption, stdout: string): ExecResult => {
      const notice = interruptionNotice(kind, options.timeoutMs);
      options.onOutput?.({ stream: 'stderr', data: notice });
      return finish(interruptionExitCode(kind), stdout, notice, kind);
    };
    if (options.signal?.aborted) return stopped('abort', '');
    if (this.lost !== null) throw new SandboxUnavailableError(this.lost);

    const marker = newEndMarker();
    let child: WebContainerProcessLike;
    try {
      child = await this.container.spawn('jsh', ['-c', wrapCommand(command, startCwd, marker)], {
        env: { ...this.env, ...options.env, OLDPWD: this.previousCwd },
        terminal: this.terminal,
      });
    } catch (error) {
      // jsh is built in: a container that cannot start it cannot run anything.
      throw new SandboxUnavailableError(`the WebContainer could not start a shell: ${messageOf(error)}`);
    }
    this.running.add(child);

    let interruption: Interruption | undefined;
    let onInterrupt = () => {};
    const interrupted = new Promise<null>((resolve) => (onInterrupt = () => resolve(null)));
    const interrupt = (kind: Interruption) => {
      if (interruption) return;
      interruption = kind;
      killQuietly(child);
      onInterrupt();
    };
    const onAbort = () => interrupt('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) interrupt('abort');
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => interrupt('timeout'), options.timeoutMs);

    const lineEnds = new LineEndNormalizer();
    const splitter = new MarkerSplitter(markerSeparator(marker));
    let output = '';
    const emit = (text: string) => {
      if (!text) return;
      output += text;
      options.onOutput?.({ stream: 'stdout', data: text });
    };
    const reader = child.output.getReader();
    const pumping = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        emit(splitter.push(lineEnds.push(value)));
      }
    })().catch(() => {});

    try {
      // A process that ends without an exit code died with the container (its worker crashed, it was torn down).
      const exited: Promise<{ code: number; died: string | null }> = child.exit.then(
        (code) => ({ code, died: null }),
        (error: unknown) => ({ code: 1, died: messageOf(error) }),
      );
      const ended = await Promise.race([exited, interrupted]);
      const exitCode = ended?.code ?? null;
      await settleWithin(pumping, interruption ? this.killGraceMs : this.drainTimeoutMs);
      reader.cancel().catch(() => {});
      emit(splitter.push(lineEnds.end()));
      emit(splitter.end());
      const stdout = stripTerminalEscapes(output);
      if (interruption) return stopped(interruption, stdout);
      if (ended && ended.died !== null) {
        this.lost = `the WebContainer stopped working while running a command: ${ended.died}`;
        throw new SandboxUnavailableError(this.lost);
      }

      const trailer = splitter.trailer === null ? null : parseTrailer(splitter.trailer);
      if (!trailer) return finish(exitCode ?? 1, stdout, '');
      if (explicitCwd === undefined && trailer.cwd !== this.currentCwd) {
        this.previousCwd = this.currentCwd;
        this.currentCwd = trailer.cwd;
      }
      if (trailer.env) this.env = carryEnv(this.env, options.env, trailer.env);
      return finish(trailer.exitCode, stdout, '');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      this.running.delete(child);
    }
  }

  /** Kills running commands and tears the WebContainer down. */
  async dispose(): Promise<void> {
    for (const child of this.running) killQuietly(child);
    this.running.clear();
    this.container.teardown?.();
  }

  /** WebContainer's fs API takes paths relative to its workdir and cannot reach outside it. */
  private fsPath(path: string): string {
    // Every fs call starts here: a container that died answers nothing truthfully any more.
    if (this.lost !== null) throw new SandboxUnavailableError(this.lost);
    const rel = relativeTo(this.workdir, path);
    if (rel === null) throw new SandboxError(`outside the WebContainer workspace ${this.workdir}: ${path}`, 'EINVAL');
    return rel;
  }

  private async statPath(path: string): Promise<Stat | null> {
    const rel = this.fsPath(path);
    if (rel === '.') return { type: 'dir', size: 0 };
    try {
      const entry = await this.direntOf(rel);
      if (!entry) return null;
      if (entry.isDirectory()) return { type: 'dir', size: 0 };
      if (isLink(entry)) return await this.linkedStat(rel);
      return { type: 'file', size: await this.sizeOf(rel) };
    } catch {
      return null;
    }
  }

  /** The listing entry for a workspace-relative path, or undefined when its parent has none. */
  private async direntOf(rel: string): Promise<WebContainerDirEntLike | undefined> {
    const cut = rel.lastIndexOf('/');
    const parent = cut === -1 ? '.' : rel.slice(0, cut);
    const name = rel.slice(cut + 1);
    return (await this.container.fs.readdir(parent, { withFileTypes: true })).find((e) => e.name === name);
  }

  /** The fs API has no stat: the size comes from the content. */
  private async sizeOf(rel: string): Promise<number> {
    return textEncoder.encode(await this.container.fs.readFile(rel, 'utf-8')).byteLength;
  }

  /** What a link points to, through the fs API (which follows links); null when it leads nowhere. */
  private async linkedStat(rel: string): Promise<Stat | null> {
    try {
      await this.container.fs.readdir(rel, { withFileTypes: true });
      return { type: 'dir', size: 0 };
    } catch {
      // Not a directory: maybe a file.
    }
    try {
      return { type: 'file', size: await this.sizeOf(rel) };
    } catch {
      return null;
    }
  }

  /** Whether a component of the workspace-relative path is a link (missing components are not). */
  private async hasLinkOnTheWay(rel: string): Promise<boolean> {
    if (rel === '.') return false;
    const parts = rel.split('/');
    for (let i = 1; i <= parts.length; i++) {
      let entry: WebContainerDirEntLike | undefined;
      try {
        entry = await this.direntOf(parts.slice(0, i).join('/'));
      } catch {
        return false;
      }
      if (!entry) return false;
      if (isLink(entry)) return true;
    }
    return false;
  }

  /**
   * Turns a failed fs call into a SandboxError, checking the path itself when
   * the error does not name a code. `expected` is what the call needed the path to be.
   */
  private async explain(error: unknown, path: string, expected: 'file' | 'dir' | null): Promise<SandboxError> {
    const code = errorCodeOf(error);
    if (code === 'ENOENT') return this.missingError(path);
    if (code && code !== 'EIO') return new SandboxError(`${code}: ${path}`, code);
    const s = await this.statPath(path);
    if (!s) return this.missingError(path);
    if (expected === 'file' && s.type === 'dir') return new SandboxError(`is a directory: ${path}`, 'EISDIR');
    if (expected === 'dir' && s.type === 'file') return new SandboxError(`not a directory: ${path}`, 'ENOTDIR');
    return new SandboxError(`${path}: ${messageOf(error)}`, 'EIO');
  }

  /** ENOTDIR when the nearest existing ancestor is a file, else ENOENT. */
  private async missingError(path: string): Promise<SandboxError> {
    for (let dir = parentOf(path); relativeTo(this.workdir, dir) !== null; dir = parentOf(dir)) {
      const s = await this.statPath(dir);
      if (s?.type === 'file') return new SandboxError(`not a directory: ${dir} (in ${path})`, 'ENOTDIR');
      if (s) break;
    }
    return new SandboxError(`no such file or directory: ${path}`, 'ENOENT');
  }

  private async ensureDirectory(path: string): Promise<void> {
    const s = await this.statPath(path);
    if (s?.type === 'dir') return;
    if (s) throw new SandboxError(`not a directory: ${path}`, 'ENOTDIR');
    const missing = await this.missingError(path);
    if (missing.code === 'ENOTDIR') throw missing;
    try {
      await this.container.fs.mkdir(this.fsPath(path), { recursive: true });
    } catch (error) {
      throw await this.explain(error, path, 'dir');
    }
  }
}

/**
 * WebContainer lists a link as neither a file nor a directory (its entry type is the
 * link's, as in Node.js); so are sockets and FIFOs, which workspaces rarely hold.
 */
function isLink(entry: WebContainerDirEntLike): boolean {
  return !entry.isFile() && !entry.isDirectory();
}

/**
 * Builds WebContainer's mount tree from paths relative to the workspace root. Entries are read
 * and written as own properties, so a file or folder named "__proto__" is one like any other.
 */
export function filesToMountTree(files: Record<string, string>): MountTree {
  const root: MountTree = {};
  for (const [path, contents] of Object.entries(files)) {
    const segments = normalizeAbsolutePath(`/${path}`).split('/').filter(Boolean);
    const name = segments.pop();
    if (name === undefined) throw new SandboxError(`not a file path: ${JSON.stringify(path)}`, 'EINVAL');
    let dir = root;
    for (const segment of segments) {
      const node = ownEntry(dir, segment) ?? setEntry(dir, segment, { directory: {} });
      if (!('directory' in node)) throw new SandboxError(`${segment} is both a file and a directory in ${path}`, 'EINVAL');
      dir = node.directory;
    }
    const existing = ownEntry(dir, name);
    if (existing && 'directory' in existing) throw new SandboxError(`${path} is both a file and a directory`, 'EINVAL');
    setEntry(dir, name, { file: { contents } });
  }
  return root;
}

function ownEntry(dir: MountTree, name: string): MountTree[string] | undefined {
  return Object.hasOwn(dir, name) ? dir[name] : undefined;
}

function setEntry<E extends MountTree[string]>(dir: MountTree, name: string, entry: E): E {
  Object.defineProperty(dir, name, { value: entry, enumerable: true, writable: true, configurable: true });
  return entry;
}

/** The errno name of an fs error: its `code`, or the name its message starts with. */
export function errorCodeOf(error: unknown): SandboxErrorCode | null {
  const known = (value: unknown): SandboxErrorCode | null => SANDBOX_ERROR_CODES.find((code) => code === value) ?? null;
  if (error && typeof error === 'object' && 'code' in error) {
    const code = known((error as { code: unknown }).code);
    if (code) return code;
  }
  const match = /\b(E[A-Z]+)\b/.exec(messageOf(error));
  return match ? known(match[1]) : null;
}

function killQuietly(child: WebContainerProcessLike): void {
  try {
    child.kill();
  } catch {
    // Already gone.
  }
}

/** Waits for `promise`, but no longer than `ms`. */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
