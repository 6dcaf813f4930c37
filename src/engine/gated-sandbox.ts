import type { SandboxInfo } from '../protocol/events';
import type { DirEntry, ExecOptions, ExecResult, Sandbox } from '../sandbox/port';
import { type Gate, type GateDecision, PhaseViolationError } from './gate';
import { READ_ONLY_ENV } from './read-only-env';
import { captureTree, compareTrees, describeChanges, restoreTree } from './workspace-tree';

function enforce(decision: GateDecision): void {
  if (!decision.allowed && decision.refusal) throw new PhaseViolationError(decision.refusal);
}

/**
 * The only sandbox handle tools ever get. Reads pass through; every command and
 * every write asks the gate first, so a refused one never reaches the sandbox.
 * In a phase without writes, what a command did to the workspace is checked
 * afterwards too, and undone: static judgement cannot see inside a test script.
 * Such a phase also starts from a clean shell environment (nothing exported while
 * building carries over) and runs its commands with pagers and git hooks defused.
 */
export class GatedSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  /** The phase the shell state was last prepared for. */
  private shellPhase: string | null = null;

  constructor(
    private readonly inner: Sandbox,
    private readonly gate: Gate,
  ) {
    this.info = inner.info;
    this.workdir = inner.workdir;
  }

  readFile(path: string): Promise<string> {
    return this.inner.readFile(path);
  }

  exists(path: string): Promise<boolean> {
    return this.inner.exists(path);
  }

  stat(path: string): Promise<{ type: 'file' | 'dir'; size: number } | null> {
    return this.inner.stat(path);
  }

  listDir(path: string): Promise<DirEntry[]> {
    return this.inner.listDir(path);
  }

  realpath(path: string): Promise<string> {
    return this.inner.realpath(path);
  }

  cwd(): Promise<string> {
    return this.inner.cwd();
  }

  resetShellState(): Promise<void> {
    return this.inner.resetShellState();
  }

  async writeFile(path: string, content: string): Promise<void> {
    enforce(this.gate.checkWrite(path));
    return this.inner.writeFile(path, content);
  }

  async mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    enforce(this.gate.checkWrite(path));
    return this.inner.mkdir(path, options);
  }

  async remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    enforce(this.gate.checkWrite(path));
    return this.inner.remove(path, options);
  }

  async exec(command: string, options?: ExecOptions): Promise<ExecResult> {
    enforce(await this.gate.checkCommand(command, options?.cwd ?? (await this.inner.cwd())));
    const mayChange = this.gate.watchedEffects();
    if (!mayChange) return this.inner.exec(command, options);
    if (this.shellPhase !== this.gate.phase) {
      await this.inner.resetShellState();
      this.shellPhase = this.gate.phase;
    }
    const before = await captureTree(this.inner, this.workdir, mayChange);
    const result = await this.inner.exec(command, { ...options, env: { ...options?.env, ...READ_ONLY_ENV } });
    const changes = compareTrees(before, await captureTree(this.inner, this.workdir, mayChange));
    if (changes.length === 0) return result;
    await restoreTree(this.inner, this.workdir, before, changes);
    enforce(this.gate.refuseEffects(command, describeChanges(changes)));
    return result;
  }

  /** The engine owns the real sandbox's lifetime, not the tools. */
  async dispose(): Promise<void> {}
}
