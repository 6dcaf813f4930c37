import type { SandboxInfo } from '../protocol/events';
import type { DirEntry, ExecOptions, ExecResult, Sandbox } from '../sandbox/port';
import { type EffectWatch, type Gate, type GateDecision, PhaseViolationError } from './gate';
import { resetPathState } from './path-state';
import { READ_ONLY_ENV } from './read-only-env';
import { damageBetween, exceedsLimits } from './workspace-damage';
import { beyondLimit, captureOutside, captureTree, compareTrees, describeChanges, restoreTree, type TreeChange, type WorkspaceTree } from './workspace-tree';

const fromRoot = (path: string) => `/${path}`;

/** "modified README.md; created /tmp/, /tmp/y outside the workspace". */
function describeReach(inside: readonly TreeChange[], outside: readonly TreeChange[]): string {
  const away = outside.map((change) => ({ ...change, path: fromRoot(change.path) }));
  return [...(inside.length > 0 ? [describeChanges(inside)] : []), ...(away.length > 0 ? [`${describeChanges(away)} outside the workspace`] : [])].join('; ');
}

function enforce(decision: GateDecision): void {
  if (!decision.allowed && decision.refusal) throw new PhaseViolationError(decision.refusal);
}

/**
 * The only sandbox handle tools ever get. Reads pass through; every command and
 * every write asks the gate first, so a refused one never reaches the sandbox.
 * What a command did is checked afterwards too, since words alone cannot tell
 * what a script or a loop over `find` does. In a phase without writes, any change
 * to the workspace, or outside it where the sandbox can read there, is undone (what cannot be is
 * named) and refused; such a phase also starts from a clean
 * shell environment (nothing exported while building carries over) and runs its
 * commands with pagers and git hooks defused. Under `not_destructive` (building,
 * guarded react mode), a command that removes, empties or replaces more files than
 * the policy allows is undone and refused, and shell state that changes how later
 * commands resolve paths or start is reset after every command.
 */
export class GatedSandbox implements Sandbox {
  readonly info: SandboxInfo;
  readonly workdir: string;
  /** The phase the shell state was last prepared for. */
  private shellPhase: string | null = null;
  /** Whether the path state was reset since the rules last came to watch for damage. */
  private pathStateReset = false;
  /**
   * The workspace as the last checked command left it (read with `skip`), kept so the next
   * command starts from it instead of reading every file again. Writes through this handle
   * keep it up to date or drop it; a phase boundary try (commands and checkpoints outside
   * the gate) drops it. A process left running in the background could still change files
   * unseen; they would then count as the next command's changes.
   */
  private seen: { tree: WorkspaceTree; skip: (path: string) => boolean; tries: number } | null = null;

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
    const seen = this.seen;
    this.seen = null;
    await this.inner.writeFile(path, content);
    this.seen = seen;
    this.noteWrite(path, content);
  }

  async mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    enforce(this.gate.checkWrite(path));
    this.seen = null;
    return this.inner.mkdir(path, options);
  }

  async remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    enforce(this.gate.checkWrite(path));
    this.seen = null;
    return this.inner.remove(path, options);
  }

  async exec(command: string, options?: ExecOptions): Promise<ExecResult> {
    enforce(await this.gate.checkCommand(command, options?.cwd ?? (await this.inner.cwd())));
    const watch = this.gate.effectWatch();
    if (watch?.rule !== 'not_destructive') this.pathStateReset = false;
    if (!watch) {
      this.seen = null;
      return this.inner.exec(command, options);
    }
    return watch.rule === 'no_writes' ? this.execWithoutWrites(command, options, watch.mayChange) : this.execNotDestructive(command, options, watch);
  }

  private async execWithoutWrites(command: string, options: ExecOptions | undefined, mayChange: (path: string) => boolean): Promise<ExecResult> {
    if (this.shellPhase !== this.gate.phase) {
      await this.inner.resetShellState();
      this.shellPhase = this.gate.phase;
    }
    const before = await this.treeBefore(mayChange);
    // What the comparison cannot read, it cannot vouch for: no command runs over such a tree.
    const unreadable = beyondLimit(before);
    if (unreadable.length > 0) enforce(this.gate.refuseUncheckable(command, unreadable));
    const outsideBefore = await captureOutside(this.inner);
    const unreadOutside = beyondLimit(outsideBefore?.tree ?? new Map()).map(fromRoot);
    if (unreadOutside.length > 0) enforce(this.gate.refuseUncheckable(command, unreadOutside, 'outside'));
    const result = await this.inner.exec(command, { ...options, env: { ...options?.env, ...READ_ONLY_ENV } });
    const after = await captureTree(this.inner, this.workdir, mayChange);
    // Written below the limit by this command: emptied, since the restore cannot see what is there.
    for (const path of beyondLimit(after)) await this.emptyFolder(`${this.workdir}/${path}`);
    const changes = compareTrees(before, after);
    if (changes.length > 0) await restoreTree(this.inner, this.workdir, before, changes);
    const outside = outsideBefore ? compareTrees(outsideBefore.tree, (await captureOutside(this.inner))?.tree ?? new Map()) : [];
    const stuck = outsideBefore && outside.length > 0 ? await outsideBefore.putBack(outside) : [];
    this.remember(before, mayChange);
    if (changes.length > 0 || outside.length > 0) enforce(this.gate.refuseEffects(command, describeReach(changes, outside), stuck.map(fromRoot)));
    return result;
  }

  private async execNotDestructive(
    command: string,
    options: ExecOptions | undefined,
    watch: Extract<EffectWatch, { rule: 'not_destructive' }>,
  ): Promise<ExecResult> {
    // State left from before these rules applied (an earlier phase or run) is not this command's doing.
    if (!this.pathStateReset) {
      await resetPathState(this.inner);
      this.pathStateReset = true;
    }
    const before = await this.treeBefore(watch.skip);
    const result = await this.inner.exec(command, options);
    const after = await captureTree(this.inner, this.workdir, watch.skip);
    const state = await resetPathState(this.inner);
    const damage = damageBetween(before, after);
    if (exceedsLimits(damage, watch.limits)) {
      await restoreTree(this.inner, this.workdir, before, compareTrees(before, after));
      this.remember(before, watch.skip);
      enforce(this.gate.refuseDamage(command, damage));
    }
    this.remember(after, watch.skip);
    if (state) enforce(this.gate.refuseShellState(command, state));
    return result;
  }

  /** The workspace before a command: as the last checked command left it, when nothing since can have changed it unseen. */
  private async treeBefore(skip: (path: string) => boolean): Promise<WorkspaceTree> {
    const seen = this.seen;
    this.seen = null;
    if (seen && seen.skip === skip && seen.tries === this.gate.boundaryTries) return seen.tree;
    return captureTree(this.inner, this.workdir, skip);
  }

  private remember(tree: WorkspaceTree, skip: (path: string) => boolean): void {
    this.seen = { tree, skip, tries: this.gate.boundaryTries };
  }

  /** A tool rewrote a file the last capture holds: the capture follows; anything else drops it. */
  private noteWrite(path: string, content: string): void {
    const prefix = `${this.workdir}/`;
    const rel = path.startsWith(prefix) ? path.slice(prefix.length) : null;
    const entry = rel === null ? undefined : this.seen?.tree.get(rel);
    if (rel !== null && entry?.kind === 'file' && !entry.link) this.seen?.tree.set(rel, { kind: 'file', content });
    else this.seen = null;
  }

  private async emptyFolder(path: string): Promise<void> {
    for (const entry of await this.inner.listDir(path)) await this.inner.remove(`${path}/${entry.name}`, { recursive: true });
  }

  /** The engine owns the real sandbox's lifetime, not the tools. */
  async dispose(): Promise<void> {}
}
