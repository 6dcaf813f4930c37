import { Bash } from 'just-bash';
import { messageOf } from '../protocol/error-message';
import type { SandboxInfo } from '../protocol/events';
import { INTERRUPTED_MESSAGE, loopYieldPlugin } from './cooperative-yield';
import { nodeCommand } from './node-runtime/node-command';
import { isNodeProjectFile, preloadNode } from './node-runtime/node-preload';
import { offlineVitestCommand } from './node-runtime/offline-vitest-command';
import { joinPath, normalizeAbsolutePath, parentOf, resolvePath } from './paths';
import type { DirEntry, ExecOptions, ExecResult, Sandbox } from './port';
import { SandboxError } from './port';
import { pythonCommands } from './python/python-command';
import type { PythonRuntime } from './python/python-runtime';
import { carryEnv, type Interruption, interruptionExitCode, interruptionNotice } from './shell-state';
import type { StopFlag } from './stop-flag';
import { deviceRedirectPlugin, stdinDeviceCommands } from './virtual-devices';
import { VirtualFs } from './virtual-fs';
import { virtualRuntimes, virtualSandboxInfo, virtualWorkdir } from './virtual-info';
import { npmCommand, npxCommand } from './virtual-npm';

const UTF8_KEEPING_BOM = new TextDecoder('utf-8', { ignoreBOM: true });

export interface VirtualSandboxOptions {
  /** Initial files, keyed by path relative to the workspace root. */
  files?: Record<string, string>;
  workdir?: string;
  reason?: string;
  /** Python for `python3` (a thread the composition root starts); without it there is no `python3`. */
  python?: PythonRuntime;
  /**
   * Ready `node` in the background when the workspace has a JavaScript or TypeScript project
   * (node-preload.ts), as `.py` files start Python. The page and the CLI ask for it.
   */
  preloadNode?: boolean;
  /**
   * The page's Stop, seen while a command holds this thread (a busy `node` program). It stands for
   * the abort of a command's `signal`, so it stops only commands that have one, as that abort would.
   */
  stopFlag?: StopFlag;
}

const isPythonFile = (path: string) => path.endsWith('.py');

type Stat = { type: 'file' | 'dir'; size: number };

/** A stopped walk may complain once per entry it could not read any more; the notice says it all. */
function withoutInterruptedLines(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !line.includes(INTERRUPTED_MESSAGE))
    .join('\n');
}

/**
 * The offline sandbox: just-bash's interpreter and in-memory file system.
 * just-bash starts every exec from a fresh cwd and environment, so this adapter
 * carries both across commands itself. Shell variables persist like in an
 * interactive shell (plain assignments too: just-bash does not say which ones
 * were exported, so they all reach later commands as environment variables).
 */
export class VirtualSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  private readonly bash: Bash;
  private readonly fs: VirtualFs;
  private currentCwd: string;
  private previousCwd: string;
  private env: Record<string, string> = {};
  private readonly python: PythonRuntime | undefined;
  private readonly readiesNode: boolean;
  private readonly stopFlag: StopFlag | undefined;

  constructor(options: VirtualSandboxOptions = {}) {
    this.workdir = virtualWorkdir(options.workdir);
    this.info = virtualSandboxInfo(options.reason, virtualRuntimes(options));
    const files: Record<string, string> = {};
    for (const [path, content] of Object.entries(options.files ?? {})) {
      files[resolvePath(this.workdir, path.replace(/^\/+/, ''))] = content;
    }
    this.fs = new VirtualFs(files, this.workdir);
    this.bash = new Bash({
      fs: this.fs,
      cwd: this.workdir,
      env: { HOME: this.workdir },
      customCommands: [
        npmCommand,
        npxCommand,
        nodeCommand(() => this.fs.isStopped()),
        offlineVitestCommand('vitest', () => this.fs.isStopped()),
        offlineVitestCommand('jest', () => this.fs.isStopped()),
        ...stdinDeviceCommands,
        ...(options.python ? pythonCommands(options.python, this.workdir) : []),
      ],
    });
    this.python = options.python;
    this.stopFlag = options.stopFlag;
    // Pyodide takes seconds to load: start as soon as the workspace has Python in it.
    if (Object.keys(files).some(isPythonFile)) this.python?.preload();
    this.readiesNode = options.preloadNode === true;
    if (this.readiesNode && Object.keys(files).some(isNodeProjectFile)) void preloadNode(Object.keys(files));
    this.bash.registerTransformPlugin(loopYieldPlugin);
    this.bash.registerTransformPlugin(deviceRedirectPlugin);
    this.currentCwd = this.workdir;
    this.previousCwd = this.workdir;
  }

  async readFile(path: string): Promise<string> {
    const target = normalizeAbsolutePath(path);
    await this.requireType(target, 'file');
    // just-bash's readFile drops a leading byte order mark; edits must keep it, like CRLF.
    return UTF8_KEEPING_BOM.decode(await this.bash.fs.readFileBuffer(target));
  }

  async writeFile(path: string, content: string): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const existing = await this.statPath(target);
    if (existing?.type === 'dir') throw new SandboxError(`is a directory: ${target}`, 'EISDIR');
    // Refused before any parent folder is made.
    await this.fs.writable(target);
    await this.ensureDirectory(parentOf(target));
    await this.bash.fs.writeFile(target, content);
    if (isPythonFile(target)) this.python?.preload();
    if (this.readiesNode && isNodeProjectFile(target)) void preloadNode([target]);
  }

  async exists(path: string): Promise<boolean> {
    return (await this.statPath(normalizeAbsolutePath(path))) !== null;
  }

  stat(path: string): Promise<Stat | null> {
    return this.statPath(normalizeAbsolutePath(path));
  }

  async listDir(path: string): Promise<DirEntry[]> {
    const target = normalizeAbsolutePath(path);
    await this.requireType(target, 'dir');
    // just-bash lists a linked directory only under its real path.
    const real = await this.fs.landing(target);
    const entries: DirEntry[] = [];
    for (const dirent of await this.fs.readdirWithFileTypes(real)) {
      const { name } = dirent;
      const s = await this.statPath(joinPath(real, name));
      const link = dirent.isSymbolicLink ? { symlink: true } : {};
      if (s?.type === 'dir') entries.push({ name, type: 'dir', ...link });
      else if (s) entries.push({ name, type: 'file', size: s.size, ...link });
      else if (dirent.isSymbolicLink) entries.push({ name, type: 'file', symlink: true });
    }
    return entries;
  }

  async resetShellState(): Promise<void> {
    this.env = {};
  }

  realpath(path: string): Promise<string> {
    return this.fs.landing(normalizeAbsolutePath(path));
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const existing = await this.statPath(target);
    if (existing) {
      if (options.recursive && existing.type === 'dir') return;
      throw new SandboxError(`already exists: ${target}`, 'EEXIST');
    }
    if (options.recursive) {
      await this.fs.writable(target);
      await this.ensureDirectory(target);
      return;
    }
    const parent = await this.statPath(parentOf(target));
    if (!parent) throw await this.missingError(parentOf(target));
    if (parent.type !== 'dir') throw new SandboxError(`not a directory: ${parentOf(target)}`, 'ENOTDIR');
    await this.bash.fs.mkdir(target);
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    const target = normalizeAbsolutePath(path);
    const existing = await this.statPath(target);
    if (!existing) throw await this.missingError(target);
    if (existing.type === 'dir' && !options.recursive) {
      throw new SandboxError(`is a directory (remove it with recursive: true): ${target}`, 'EISDIR');
    }
    // The entry itself goes (a link, not what it points to), found through its real parent.
    const entry = joinPath(await this.fs.landing(parentOf(target)), target.slice(target.lastIndexOf('/') + 1));
    await this.bash.fs.rm(entry, { recursive: existing.type === 'dir' });
  }

  async cwd(): Promise<string> {
    return this.currentCwd;
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = performance.now();
    const explicitCwd = options.cwd === undefined ? undefined : resolvePath(this.currentCwd, options.cwd);
    const startCwd = explicitCwd ?? this.currentCwd;
    const finish = (partial: Pick<ExecResult, 'exitCode' | 'stdout' | 'stderr'>, interruption?: Interruption): ExecResult => ({
      ...partial,
      timedOut: interruption === 'timeout',
      aborted: interruption === 'abort',
      durationMs: performance.now() - started,
      cwd: this.currentCwd,
    });

    // Raised by the page before its stop() message arrives: this command is one that message would abort.
    const stopRaised = () => options.signal !== undefined && this.stopFlag?.isRaised() === true;
    if (options.signal?.aborted || stopRaised()) {
      const notRun = finish({ exitCode: interruptionExitCode('abort'), stdout: '', stderr: interruptionNotice('abort', undefined) }, 'abort');
      this.report(notRun, options);
      return notRun;
    }
    if (explicitCwd !== undefined && (await this.statPath(explicitCwd))?.type !== 'dir') {
      const result = finish({ exitCode: 1, stdout: '', stderr: `cd: ${explicitCwd}: No such file or directory\n` });
      this.report(result, options);
      return result;
    }

    const controller = new AbortController();
    let interruption: Interruption | undefined;
    const interrupt = (kind: Interruption) => {
      if (interruption) return;
      interruption = kind;
      controller.abort();
    };
    const onAbort = () => interrupt('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => interrupt('timeout'), options.timeoutMs);
    // Asked by the file system at every operation and by a `node` program's interrupt handler: a busy
    // walk can keep the timer from firing on time, and a busy program keeps the signal's abort out.
    // Date.now: just-bash blocks performance.now while a script runs.
    const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
    const stopped = () => {
      if (Date.now() >= deadline) interrupt('timeout');
      else if (stopRaised()) interrupt('abort');
      return controller.signal.aborted;
    };
    try {
      const result = await this.runInBash(command, startCwd, options.env, controller.signal, stopped);
      if (interruption) {
        // The shell stays where it was before the command (just-bash reports its start state here).
        const stderr = withoutInterruptedLines(result.stderr.replace(/bash: execution aborted\n?$/, '')) + interruptionNotice(interruption, options.timeoutMs);
        const stopped = finish({ exitCode: interruptionExitCode(interruption), stdout: result.stdout, stderr }, interruption);
        this.report(stopped, options);
        return stopped;
      }
      if (explicitCwd === undefined) {
        this.currentCwd = result.env.PWD ?? this.currentCwd;
        this.previousCwd = result.env.OLDPWD ?? this.previousCwd;
      }
      this.env = carryEnv(this.env, options.env, result.env);
      const done = finish({ exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr });
      this.report(done, options);
      return done;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async dispose(): Promise<void> {}

  private async runInBash(
    command: string,
    cwd: string,
    oneOffEnv: Record<string, string> | undefined,
    signal: AbortSignal,
    stopped: () => boolean,
  ): Promise<{ exitCode: number; stdout: string; stderr: string; env: Record<string, string> }> {
    // PWD and OLDPWD go in explicitly: on errors and aborts just-bash answers
    // with the environment it started from, which then still names this cwd.
    const env = { ...this.env, ...oneOffEnv, PWD: cwd, OLDPWD: this.previousCwd };
    // A command's own walks (find, grep -r) end at their next file operation once it is stopped.
    this.fs.interruptWith(stopped);
    try {
      return await this.bash.exec(command, { cwd, env, signal });
    } catch (error) {
      const message = messageOf(error);
      return { exitCode: 1, stdout: '', stderr: `virtual sandbox: ${message}\n`, env };
    } finally {
      this.fs.interruptWith(null);
    }
  }

  /** just-bash cannot stream: the whole output arrives once the command ends. */
  private report(result: ExecResult, options: ExecOptions): void {
    if (result.stdout) options.onOutput?.({ stream: 'stdout', data: result.stdout });
    if (result.stderr) options.onOutput?.({ stream: 'stderr', data: result.stderr });
  }

  private async statPath(path: string): Promise<Stat | null> {
    if (!(await this.bash.fs.exists(path))) return null;
    try {
      const s = await this.bash.fs.stat(path);
      return { type: s.isDirectory ? 'dir' : 'file', size: s.size };
    } catch {
      return null;
    }
  }

  private async requireType(path: string, type: 'file' | 'dir'): Promise<void> {
    const s = await this.statPath(path);
    if (!s) throw await this.missingError(path);
    if (s.type === type) return;
    throw type === 'file' ? new SandboxError(`is a directory: ${path}`, 'EISDIR') : new SandboxError(`not a directory: ${path}`, 'ENOTDIR');
  }

  /** ENOTDIR when the nearest existing ancestor is a file (like POSIX), else ENOENT. */
  private async missingError(path: string): Promise<SandboxError> {
    for (let dir = parentOf(path); ; dir = parentOf(dir)) {
      const s = await this.statPath(dir);
      if (s) {
        return s.type === 'file'
          ? new SandboxError(`not a directory: ${dir} (in ${path})`, 'ENOTDIR')
          : new SandboxError(`no such file or directory: ${path}`, 'ENOENT');
      }
      if (dir === '/') return new SandboxError(`no such file or directory: ${path}`, 'ENOENT');
    }
  }

  /** mkdir -p, refusing to go through a file. */
  private async ensureDirectory(path: string): Promise<void> {
    const s = await this.statPath(path);
    if (s?.type === 'dir') return;
    if (s) throw new SandboxError(`not a directory: ${path}`, 'ENOTDIR');
    const error = await this.missingError(path);
    if (error.code === 'ENOTDIR') throw error;
    await this.bash.fs.mkdir(path, { recursive: true });
  }
}
