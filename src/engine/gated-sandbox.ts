import type { SandboxInfo } from './events';
import type { DirEntry, ExecOptions, ExecResult, Sandbox } from '../sandbox/port';
import { PhaseViolationError, type Gate, type GateDecision } from './gate';

function enforce(decision: GateDecision): void {
  if (!decision.allowed && decision.refusal) throw new PhaseViolationError(decision.refusal);
}

/**
 * The only sandbox handle tools ever get. Reads pass through; every command and
 * every write asks the gate first, so a refused one never reaches the sandbox.
 */
export class GatedSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;

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

  cwd(): Promise<string> {
    return this.inner.cwd();
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
    if (this.gate.phase !== null) enforce(await this.gate.checkCommand(command, options?.cwd ?? (await this.inner.cwd())));
    return this.inner.exec(command, options);
  }

  /** The engine owns the real sandbox's lifetime, not the tools. */
  async dispose(): Promise<void> {}
}
