import { InMemoryFs, type ScriptNode, type StatementNode, type TransformPlugin, type WordNode } from 'just-bash';
import { forEachNodeBottomUp } from './ast-objects';

/**
 * just-bash runs a script as one long chain of promise continuations, so a
 * busy loop (`while true; do :; done`) never lets a timer or a message from
 * the page run: an AbortSignal can only be aborted once the loop has ended.
 * We therefore add a cheap probe, `[ ! -e YIELD_PROBE_PATH ]`, at the top of
 * every loop iteration; the file system answers it and, every few
 * milliseconds, first gives the event loop a turn. That is when a timeout or
 * a Stop lands, and just-bash then cancels at the next statement.
 */
export const YIELD_PROBE_PATH = '/dev/.sandbox-yield-point';

/** Gives the event loop a turn at most this often while a script runs. */
const YIELD_INTERVAL_MS = 10;

/** What a write of a stopped command throws; the sandbox drops the lines that quote it. */
export const INTERRUPTED_MESSAGE = 'EINTR: the command was stopped';

// Captured at load time: just-bash's defense-in-depth blocks the global
// setTimeout while a script runs, and this file system is host code.
const hostSetTimeout: typeof setTimeout = globalThis.setTimeout.bind(globalThis);

type Fs = InMemoryFs;

/**
 * just-bash's in-memory file system plus the yield point described above. Every other
 * operation is a yield point too, for the walks of just-bash's own commands (`find`,
 * `grep -r`, `ls -R`, `cp -r`): one command that never returns to the interpreter. While
 * a command runs (`interruptWith`), once it was stopped (Stop or its time limit) folders
 * list empty and writes fail, so a walk ends at its next step rather than when it is done.
 */
export class YieldingFs extends InMemoryFs {
  private lastYield = Date.now();
  private pendingTurn: Promise<void> | null = null;
  private stopped: (() => boolean) | null = null;

  /**
   * While a command runs: `stopped` says whether it was stopped (Stop, or past its time limit;
   * asked at every operation, so a deadline holds even when timers are slow to fire). Null once it has ended.
   */
  interruptWith(stopped: (() => boolean) | null): void {
    this.stopped = stopped;
  }

  /** Whether the running command was stopped (or is past its time limit); for commands that never touch the file system while busy. */
  isStopped(): boolean {
    return this.stopped?.() ?? false;
  }

  /**
   * Runs `work` once the event loop had a turn in the last few milliseconds; throws instead
   * once the running command was stopped. Commands run operations side by side (find lists
   * sibling folders at once): they share one turn, and each checks the clock again right
   * before its work, in the same step, so the work between two turns stays short.
   */
  protected async guarded<T>(work: () => Promise<T>, write = false): Promise<T> {
    // First, and again after a turn: a stopped walk unwinds without waiting for turns.
    if (this.stopped?.()) return this.afterStop(work, write);
    while (Date.now() - this.lastYield >= YIELD_INTERVAL_MS) {
      this.pendingTurn ??= new Promise<void>((resolve) =>
        hostSetTimeout(() => {
          this.lastYield = Date.now();
          this.pendingTurn = null;
          resolve();
        }, 0),
      );
      await this.pendingTurn;
    }
    if (this.stopped?.()) return this.afterStop(work, write);
    return work();
  }

  /**
   * Once stopped, a write fails and a read is answered at once: just-bash leaves the promise of
   * a command it stopped unawaited, so a read failing then would be a rejection nobody handles.
   * Listings come back empty (below), which is what ends the walk.
   */
  private afterStop<T>(work: () => Promise<T>, write: boolean): Promise<T> {
    if (write) throw new Error(INTERRUPTED_MESSAGE);
    return work();
  }

  override exists(path: string): Promise<boolean> {
    // The loops' probe never throws: just-bash itself cancels at the next statement.
    if (path === YIELD_PROBE_PATH) return this.guarded(async () => false);
    return this.guarded(() => super.exists(path));
  }

  override stat(path: string): ReturnType<Fs['stat']> {
    return this.guarded(() => super.stat(path));
  }

  override lstat(path: string): ReturnType<Fs['lstat']> {
    return this.guarded(() => super.lstat(path));
  }

  // A stopped walk finds every folder empty, so it ends at once without failing (see afterStop).
  override readdir(path: string): ReturnType<Fs['readdir']> {
    return this.guarded(() => (this.stopped?.() ? Promise.resolve([]) : super.readdir(path)));
  }

  override readdirWithFileTypes(path: string): ReturnType<Fs['readdirWithFileTypes']> {
    return this.guarded(() => (this.stopped?.() ? Promise.resolve([]) : super.readdirWithFileTypes(path)));
  }

  override readFile(...args: Parameters<Fs['readFile']>): ReturnType<Fs['readFile']> {
    return this.guarded(() => super.readFile(...args));
  }

  override readFileBuffer(path: string): ReturnType<Fs['readFileBuffer']> {
    return this.guarded(() => super.readFileBuffer(path));
  }

  override readFileBytes(path: string): ReturnType<Fs['readFileBytes']> {
    return this.guarded(() => super.readFileBytes(path));
  }

  override writeFile(...args: Parameters<Fs['writeFile']>): Promise<void> {
    return this.guarded(() => super.writeFile(...args), true);
  }

  override appendFile(...args: Parameters<Fs['appendFile']>): Promise<void> {
    return this.guarded(() => super.appendFile(...args), true);
  }

  override mkdir(...args: Parameters<Fs['mkdir']>): Promise<void> {
    return this.guarded(() => super.mkdir(...args), true);
  }

  override rm(...args: Parameters<Fs['rm']>): Promise<void> {
    return this.guarded(() => super.rm(...args), true);
  }

  override cp(...args: Parameters<Fs['cp']>): Promise<void> {
    return this.guarded(() => super.cp(...args), true);
  }

  override mv(...args: Parameters<Fs['mv']>): Promise<void> {
    return this.guarded(() => super.mv(...args), true);
  }

  override symlink(...args: Parameters<Fs['symlink']>): Promise<void> {
    return this.guarded(() => super.symlink(...args), true);
  }

  override link(...args: Parameters<Fs['link']>): Promise<void> {
    return this.guarded(() => super.link(...args), true);
  }
}

const injected = new WeakSet<StatementNode>();

function literal(value: string): WordNode {
  return { type: 'Word', parts: [{ type: 'Literal', value }] };
}

function probeStatement(): StatementNode {
  const statement: StatementNode = {
    type: 'Statement',
    pipelines: [
      {
        type: 'Pipeline',
        negated: false,
        commands: [
          {
            type: 'SimpleCommand',
            assignments: [],
            name: literal('['),
            args: ['!', '-e', YIELD_PROBE_PATH, ']'].map(literal),
            redirections: [],
          },
        ],
      },
    ],
    operators: [],
    background: false,
  };
  injected.add(statement);
  return statement;
}

function literalText(word: unknown): string | null {
  if (!word || typeof word !== 'object') return null;
  const parts = (word as { parts?: unknown }).parts;
  if (!Array.isArray(parts)) return null;
  let text = '';
  for (const part of parts) {
    const p = part as { type?: unknown; value?: unknown };
    if ((p.type === 'Literal' || p.type === 'SingleQuoted') && typeof p.value === 'string') text += p.value;
    else return null;
  }
  return text;
}

/** `set -x`, `set -o xtrace`, `bash -x …`: the probe would show up in the trace, so leave such scripts alone. */
function enablesTracing(node: Record<string, unknown>): boolean {
  if (node.type !== 'SimpleCommand') return false;
  const name = literalText(node.name);
  if (name !== 'set' && name !== 'bash' && name !== 'sh') return false;
  const args = Array.isArray(node.args) ? node.args.map(literalText) : [];
  return args.some((arg) => arg === 'xtrace' || (arg !== null && /^-[a-zA-Z]*x/.test(arg)));
}

function containsTracing(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsTracing);
  if (!node || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  return enablesTracing(record) || Object.values(record).some(containsTracing);
}

function insertProbes(ast: ScriptNode): void {
  forEachNodeBottomUp(ast, (record) => {
    // While/until: first in the condition, so `$?` in the body is untouched.
    const list =
      record.type === 'While' || record.type === 'Until' ? record.condition : record.type === 'For' || record.type === 'CStyleFor' ? record.body : undefined;
    if (Array.isArray(list) && !injected.has(list[0] as StatementNode)) list.unshift(probeStatement());
  });
}

/** The just-bash transform plugin that adds the yield probe to every loop. */
export const loopYieldPlugin: TransformPlugin = {
  name: 'loop-yield-points',
  transform({ ast }: { ast: ScriptNode }) {
    if (!containsTracing(ast)) insertProbes(ast);
    return { ast };
  },
};
