import { Bash } from 'just-bash';
import type { SandboxInfo } from '../engine/events';
import type { DirEntry, ExecOptions, ExecResult, Sandbox } from './port';
import { SandboxError } from './port';

export interface VirtualSandboxOptions {
  /** Initial files, keyed by path relative to the workspace root. */
  files?: Record<string, string>;
  workdir?: string;
  reason?: string;
}

const DEFAULT_WORKDIR = '/workspace';

/**
 * The offline sandbox: just-bash's interpreter and in-memory file system.
 * just-bash starts every exec from a fresh cwd and environment, so this adapter
 * carries both across commands itself.
 */
export class VirtualSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  private readonly bash: Bash;
  private currentCwd: string;
  private env: Record<string, string> = {};

  constructor(options: VirtualSandboxOptions = {}) {
    this.workdir = options.workdir ?? DEFAULT_WORKDIR;
    this.info = {
      kind: 'virtual',
      label: 'Virtual sandbox',
      reason: options.reason ?? 'works offline, no setup needed',
    };
    const files: Record<string, string> = {};
    for (const [path, content] of Object.entries(options.files ?? {})) {
      files[`${this.workdir}/${path.replace(/^\/+/, '')}`] = content;
    }
    this.bash = new Bash({ files, cwd: this.workdir });
    this.currentCwd = this.workdir;
  }

  async readFile(path: string): Promise<string> {
    await this.requireType(path, 'file');
    return this.bash.fs.readFile(path);
  }

  async writeFile(path: string, content: string): Promise<void> {
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    await this.bash.fs.mkdir(parent, { recursive: true });
    await this.bash.fs.writeFile(path, content);
  }

  exists(path: string): Promise<boolean> {
    return this.bash.fs.exists(path);
  }

  async stat(path: string): Promise<{ type: 'file' | 'dir'; size: number } | null> {
    if (!(await this.bash.fs.exists(path))) return null;
    const s = await this.bash.fs.stat(path);
    return { type: s.isDirectory ? 'dir' : 'file', size: s.size };
  }

  async listDir(path: string): Promise<DirEntry[]> {
    await this.requireType(path, 'dir');
    const names = await this.bash.fs.readdir(path);
    const entries: DirEntry[] = [];
    for (const name of names) {
      const s = await this.stat(`${path.replace(/\/$/, '')}/${name}`);
      if (s) entries.push(s.type === 'file' ? { name, type: 'file', size: s.size } : { name, type: 'dir' });
    }
    return entries;
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    await this.bash.fs.mkdir(path, { recursive: options.recursive ?? false });
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    if (!(await this.bash.fs.exists(path))) throw new SandboxError(`no such file or directory: ${path}`, 'ENOENT');
    await this.bash.fs.rm(path, { recursive: options.recursive ?? false });
  }

  async cwd(): Promise<string> {
    return this.currentCwd;
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    const started = performance.now();
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, options.timeoutMs)
        : undefined;
    try {
      const result = await this.bash.exec(command, {
        cwd: options.cwd ?? this.currentCwd,
        env: { ...this.env, ...options.env },
        signal: controller.signal,
      });
      if (options.cwd === undefined && result.env.PWD) this.currentCwd = result.env.PWD;
      this.rememberEnv(result.env);
      if (result.stdout) options.onOutput?.({ stream: 'stdout', data: result.stdout });
      if (result.stderr) options.onOutput?.({ stream: 'stderr', data: result.stderr });
      const aborted = controller.signal.aborted;
      return {
        exitCode: aborted ? (timedOut ? 124 : 130) : result.exitCode,
        stdout: result.stdout,
        stderr: result.stderr,
        timedOut,
        aborted: aborted && !timedOut,
        durationMs: performance.now() - started,
        cwd: this.currentCwd,
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async dispose(): Promise<void> {}

  /** Keeps exported variables the command set, minus the shell's own bookkeeping. */
  private rememberEnv(env: Record<string, string>): void {
    const skip = new Set(['PWD', 'OLDPWD', '?', 'IFS', 'OPTIND', 'SHELLOPTS', 'BASHOPTS']);
    const next: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) if (!skip.has(key)) next[key] = value;
    this.env = next;
  }

  private async requireType(path: string, type: 'file' | 'dir'): Promise<void> {
    const s = await this.stat(path);
    if (!s) throw new SandboxError(`no such file or directory: ${path}`, 'ENOENT');
    if (s.type !== type) {
      throw new SandboxError(`${path} is a ${s.type === 'dir' ? 'directory' : 'file'}`, type === 'file' ? 'EISDIR' : 'ENOTDIR');
    }
  }
}
