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

// Captured at load time: just-bash's defense-in-depth blocks the global
// setTimeout while a script runs, and this file system is host code.
const hostSetTimeout: typeof setTimeout = globalThis.setTimeout.bind(globalThis);

/** just-bash's in-memory file system plus the yield point described above. */
export class YieldingFs extends InMemoryFs {
  private lastYield = Date.now();

  override async exists(path: string): Promise<boolean> {
    if (path !== YIELD_PROBE_PATH) return super.exists(path);
    if (Date.now() - this.lastYield >= YIELD_INTERVAL_MS) {
      await new Promise<void>((resolve) => hostSetTimeout(resolve, 0));
      this.lastYield = Date.now();
    }
    return false;
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
