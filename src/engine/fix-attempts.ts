import { classifyCommand } from '../shell';
import type { FinishedCall } from './finished-calls';
import { FIX_ATTEMPT_LINE, FIX_ATTEMPTS, renderTemplate, SAME_FAILURE } from './prompts';

/** A finished tool call, as the tool_result event (and the call's parsed arguments) has it. */
export interface FixCall {
  tool: string;
  /** Parsed arguments, or null when they were not JSON. */
  args: unknown;
  ok: boolean;
  errorKind?: string;
  output: string;
}

export interface FixAttempt {
  n: number;
  /** What was tried, e.g. "edit_file with search `…`" or "ran the tests after editing src/a.sh (…)". */
  tried: string;
  /** Why it failed: the first line of the error (for tests, the first line of the failure). */
  error: string;
}

export interface RepeatedFailure {
  /** "the failing test "…"" or "editing src/a.ts". */
  target: string;
  /** The attempt that just failed (3 or more). */
  attempt: number;
  /** The attempts before it, oldest first: at most the last `shown` of them. */
  earlier: FixAttempt[];
}

export interface FixAttemptOptions {
  /** The failed attempt from which a reminder is given; default 3. */
  remindFrom?: number;
  /** Earlier attempts listed at most; default 4. */
  shown?: number;
  /** Different attempts ending in the same failure before the failure chain recovers; default 3. */
  recoverAt?: number;
  /** …and before it escalates (asks the human, or ends the run); default 5, then every further one. */
  escalateAt?: number;
}

/** What the failure chain should do about a target that different fixes keep failing on. */
export interface SameFailure {
  action: 'recover' | 'escalate';
  /** The different attempts so far. */
  count: number;
  /** SAME_FAILURE: the target and the different attempts, each with why it failed. */
  detail: string;
}

/** The edit refusals that mean "that did not work, try again" rather than a wrong call. */
const EDIT_REFUSALS = new Set(['no_match', 'ambiguous', 'syntax_error', 'stale_read']);
const MAX_TEXT = 160;
const MAX_CHANGES_NAMED = 3;

interface Target {
  label: string;
  attempts: FixAttempt[];
  count: number;
  /** What told the attempts apart (the workspace's version, or the refused edit): one entry per different attempt. */
  tries: Set<string>;
  /** The first attempt of each different kind, for SAME_FAILURE. */
  different: FixAttempt[];
  /** 0, then 1 once the chain was told to recover, 2 once told to escalate. */
  fired: 0 | 1 | 2;
  /** An error target's commands: it is cleared when one of them succeeds. */
  commands: Set<string>;
}

/** At most this many different attempts are kept for SAME_FAILURE. */
const MAX_DIFFERENT = 10;

/**
 * Follows a failing target across attempts: the same failing test (run_tests' first failure, by
 * name, or by the failure's signature when no test is named), the same error of a failed command
 * (its signature: the first line that reads as an error, numbers masked) or the same file an edit is
 * refused on (no_match, ambiguous, syntax_error, stale_read). From the third failure on it hands
 * back the earlier attempts, so the engine can tell the model what it already tried. Attempts are
 * different when the workspace changed in between (for an edit: when the edit differs); after
 * `recoverAt` different attempts ending the same way `sameFailure` asks the chain to recover, after
 * `escalateAt` (and every further one) to escalate. A success on the target clears it: a passing
 * test run, a test run that no longer names the test, a write to the file that lands, the command
 * succeeding.
 */
export class FixAttemptTracker {
  private readonly remindFrom: number;
  private readonly shown: number;
  private readonly targets = new Map<string, Target>();
  /** Writes and commands since the last test run: what the next test run is trying. */
  private changes: string[] = [];
  private readonly recoverAt: number;
  private readonly escalateAt: number;
  /** Bumped by every write that lands and every command that may write: failures at different versions are different attempts. */
  private version = 0;
  private verdict: SameFailure | null = null;

  constructor(options: FixAttemptOptions = {}) {
    this.remindFrom = options.remindFrom ?? 3;
    this.shown = options.shown ?? 4;
    this.recoverAt = options.recoverAt ?? 3;
    this.escalateAt = options.escalateAt ?? 5;
  }

  /**
   * What the last observed call asks of the failure chain, if anything; taken once, so a later call
   * the tracker never sees (an unknown tool, say) does not bring it back.
   */
  takeSameFailure(): SameFailure | null {
    const verdict = this.verdict;
    this.verdict = null;
    return verdict;
  }

  observe(call: FixCall): RepeatedFailure | null {
    this.verdict = null;
    if (call.tool === 'run_tests') return this.testRun(call);
    if (call.tool === 'edit_file' || call.tool === 'create_file') return this.write(call);
    if (call.tool === 'run_command' && call.errorKind !== 'refused_by_gate') return this.command(call);
    return null;
  }

  /** A resumed run's tracker goes on from the calls its log records as finished. */
  replay(calls: readonly FinishedCall[]): this {
    for (const { call, result } of calls) {
      this.observe({ tool: call.name, args: call.args, ok: result.ok, ...(result.errorKind ? { errorKind: result.errorKind } : {}), output: result.output });
    }
    this.verdict = null;
    return this;
  }

  private command(call: FixCall): RepeatedFailure | null {
    const command = stringField(call.args, 'command');
    if (!command) return null;
    const tried = `ran \`${cut(firstLine(command), 80)}\`${this.changes.length === 0 ? '' : ` after ${this.describeChanges()}`}`;
    // The same command on an unchanged workspace is the same attempt; one that may change files makes what follows new (looking does not).
    const identity = `v${this.version}:${command}`;
    if (!classifyCommand(command).readonly) {
      this.changes.push(`running \`${cut(firstLine(command))}\``);
      this.version++;
    }
    if (call.ok) {
      for (const [key, target] of this.targets) if (target.commands.has(command)) this.targets.delete(key);
      return null;
    }
    if (call.errorKind !== 'command_failed') return null;
    const error = errorLine(call.output);
    if (error === null) return null;
    const key = `error:${signature(error)}`;
    return this.failed(key, `the error "${cut(error, 100)}"`, tried, error, identity, command);
  }

  private testRun(call: FixCall): RepeatedFailure | null {
    const tried = this.changes.length === 0 ? 'ran the tests with no change since the previous run' : `ran the tests after ${this.describeChanges()}`;
    this.changes = [];
    const failing = call.ok || call.errorKind !== 'tests_failed' ? null : firstFailure(call.output);
    // A test is keyed by its name; an unnamed failure by what it says.
    const current = failing ? `test:${failing.name === '' ? `~${signature(failing.reason)}` : failing.name}` : null;
    for (const key of [...this.targets.keys()]) {
      if (!key.startsWith('test:') || key === current) continue;
      const name = key.startsWith('test:~') ? '' : key.slice('test:'.length);
      // A test the run no longer names has stopped failing (or moved behind others); either way this target is done.
      if (call.ok || (failing && (name === '' || !call.output.includes(name)))) this.targets.delete(key);
    }
    if (!failing || !current) return null;
    const label = failing.name === '' ? 'the failing test suite' : `the failing test "${failing.name}"`;
    return this.failed(current, label, tried, failing.reason, `v${this.version}`);
  }

  private write(call: FixCall): RepeatedFailure | null {
    const path = normalisePath(stringField(call.args, 'path'));
    if (!path) return null;
    const key = `edit:${path}`;
    if (call.ok) {
      this.targets.delete(key);
      this.changes.push(call.tool === 'create_file' ? `creating ${path}` : `editing ${path} (${describeEdit(call.args)})`);
      this.version++;
      return null;
    }
    const refused = call.tool === 'edit_file' ? EDIT_REFUSALS.has(call.errorKind ?? '') : call.errorKind === 'syntax_error';
    if (!refused) return null;
    const tried =
      call.tool === 'create_file'
        ? `create_file with the whole file (${lineCount(stringField(call.args, 'content'))})`
        : `edit_file with ${describeEdit(call.args)}`;
    // A refused edit changes nothing: a different edit is a different attempt.
    return this.failed(key, `editing ${path}`, tried, editError(call.output), tried);
  }

  private failed(key: string, label: string, tried: string, error: string, identity: string, command?: string): RepeatedFailure | null {
    const target: Target = this.targets.get(key) ?? {
      label,
      attempts: [],
      count: 0,
      tries: new Set(),
      different: [],
      fired: 0,
      commands: new Set(),
    };
    if (command) target.commands.add(command);
    this.targets.set(key, target);
    target.count++;
    const earlier = target.attempts.slice(-this.shown);
    const attempt = { n: target.count, tried, error };
    target.attempts = [...earlier, attempt];
    if (!target.tries.has(identity)) {
      target.tries.add(identity);
      target.different = [...target.different, attempt].slice(-MAX_DIFFERENT);
      this.judge(target);
    }
    return target.count >= this.remindFrom ? { target: label, attempt: target.count, earlier } : null;
  }

  /** Recover once at `recoverAt` different attempts; escalate at `escalateAt` and at every different attempt after it. */
  private judge(target: Target): void {
    const count = target.tries.size;
    const action = count >= this.escalateAt ? 'escalate' : count >= this.recoverAt && target.fired === 0 ? 'recover' : null;
    if (action === null) return;
    target.fired = action === 'escalate' ? 2 : 1;
    const attempts = target.different.map((a) => renderTemplate(FIX_ATTEMPT_LINE, { n: String(a.n), tried: a.tried, error: a.error })).join('; ');
    this.verdict = { action, count, detail: renderTemplate(SAME_FAILURE, { count: String(count), target: target.label, attempts }) };
  }

  private describeChanges(): string {
    // Writes first: they are the fix; commands are often only looking.
    const ordered = [...this.changes.filter((c) => !c.startsWith('running')), ...this.changes.filter((c) => c.startsWith('running'))];
    const named = ordered.slice(0, MAX_CHANGES_NAMED).join(', ');
    const more = ordered.length - MAX_CHANGES_NAMED;
    return more > 0 ? `${named} and ${more} more ${more === 1 ? 'change' : 'changes'}` : named;
  }
}

/** The text the engine appends to the failed result the model reads. */
export function renderRepeatedFailure(failure: RepeatedFailure): string {
  const earlier = failure.earlier.map((a) => renderTemplate(FIX_ATTEMPT_LINE, { n: String(a.n), tried: a.tried, error: a.error })).join('; ');
  return renderTemplate(FIX_ATTEMPTS, { attempt: String(failure.attempt), target: failure.target, earlier });
}

/** run_tests names its first failing test as "First failure (of N): NAME" (or "Failure 1 …" when it shows several). */
const FAILURE_HEADER = /^(?:First failure|Failure 1)(?: \(of [\d,]+\))?: (.+)$/m;

/** The first failing test's name ('' when the output named none) and why it failed. */
export function firstFailure(output: string): { name: string; reason: string } {
  const header = FAILURE_HEADER.exec(output);
  const fallback = cut(firstLine(output));
  if (!header) return { name: '', reason: fallback };
  const name = (header[1] ?? '').trim();
  const block = output.slice(header.index + header[0].length).split('\n\n')[0] ?? '';
  // The block usually opens by restating the test's name ("FAIL - greets by name"); the reason is what follows.
  const shortName = name.split(/: | > |::/).at(-1) ?? name;
  const lines = block
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '' && !line.includes(shortName));
  const [first, second] = lines;
  if (!first) return { name, reason: fallback };
  // "expected: …" says little without the "actual: …" line after it.
  const reason = /^expected\b/i.test(first) && second && /^(?:actual|received|got)\b/i.test(second) ? `${first} ${second}` : first;
  return { name, reason: cut(reason) };
}

/** The first line of a failed command's output that reads as an error (else its first line after the exit line); null for no output. */
function errorLine(output: string): string | null {
  // The run_command result opens with its exit line, which every failure shares, then "--- stdout ---" and "--- stderr ---" sections.
  const body = output
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== '(empty)' && !/^--- \w+ ---$/.test(line));
  const found = body.find((line) => /\b(?:error|exception|cannot|can't|not found|no such|undefined|failed|fatal)\b/i.test(line)) ?? body[0] ?? null;
  return found === null ? null : cut(found);
}

/** What stays the same when a failure comes back: numbers (lines, columns, counts, times) masked, whitespace and case folded. */
function signature(text: string): string {
  return text.toLowerCase().replace(/\d+/g, 'N').replace(/\s+/g, ' ').trim();
}

function editError(output: string): string {
  return cut(firstLine(output).replace(/^Could not edit .+?\. /, ''));
}

function describeEdit(args: unknown): string {
  const edits = isRecord(args) && Array.isArray(args.edits) ? args.edits : null;
  const search = edits ? stringField(edits[0], 'search') : stringField(args, 'search');
  const quoted = `search \`${cut(firstLine(search ?? '').trim(), 80)}\``;
  return edits && edits.length > 1 ? `${edits.length} edits, the first with ${quoted}` : quoted;
}

function lineCount(content: string | null): string {
  const lines = content === null ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  return `${lines} ${lines === 1 ? 'line' : 'lines'}`;
}

/** "./src//a.ts" → "src/a.ts"; absolute paths are kept as given. */
function normalisePath(path: string | null): string | null {
  if (path === null) return null;
  const clean = path
    .trim()
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/$/, '');
  return clean === '' ? null : clean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(value: unknown, field: string): string | null {
  if (!isRecord(value)) return null;
  const found = value[field];
  return typeof found === 'string' ? found : null;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

function cut(text: string, max = MAX_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
