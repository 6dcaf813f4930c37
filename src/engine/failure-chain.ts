import type { ChatMessage } from '../model/port';
import { messageOf } from '../protocol/error-message';
import { type EngineEvent, type EventPayload, parseArgumentsOrNull, type ToolCall } from '../protocol/events';
import { finishedCalls } from './finished-calls';
import { LoopDetector, type StepFacts } from './loop-detector';
import { isBlockerQuestion } from './loop-escalation';
import { RECOVERY_CRITIQUE, RECOVERY_REQUEST, renderTemplate } from './prompts';
import type { RunContext } from './run-context';

/** Recovery starts when the same tool fails this many times in a row. */
const FAILURES_IN_A_ROW = 3;
/** …or when this share of the step budget is used without a finish. */
const BUDGET_SHARE = 0.8;
/** More failed tool calls than this in a run is a blocker: the human is asked, or the run ends with needs_human. */
export const MAX_FAILED_CALLS = 10;

type Trigger = EventPayload<'recovery_started'>['trigger'];

/** What the loop does after a batch of calls: notes to send, a recovery to run, or the end. */
export interface ChainAdvice {
  notes: string[];
  recover: { trigger: Trigger; detail: string } | null;
  /** The loop goes on despite the warnings: the run ends with loop_detected. */
  escalate: string | null;
  /** Too many calls failed: someone watching is asked, else the run ends with needs_human. */
  blocker: { count: number; last: string } | null;
}

/**
 * The failure chain around the main loop: loop detection (nudge, then recovery, then the end),
 * recovery on repeated tool errors or a nearly spent step budget, at most `maxRecoveries` times.
 * Recovery asks the recovery model (the main one when none is set) for a critique of the last
 * steps and a revised plan, which goes back into the conversation as a user message.
 */
export class FailureChain {
  private readonly loops = new LoopDetector();
  private readonly failuresInARow = new Map<string, number>();
  private recoveries = 0;
  private budgetChecked = false;
  /** Failed tool calls since the run (or the last blocker question) began. */
  private failedCalls = 0;
  /** Without snapshots, the workspace is told apart by the number of edits that landed. */
  private edits = 0;

  constructor(
    private readonly run: RunContext,
    private readonly maxRecoveries = 1,
  ) {
    this.replay(run.log());
  }

  /**
   * A resumed run goes on counting from its log: the steps the loop detector remembers, failed
   * calls since the last blocker question, failures in a row, recoveries run and the budget check.
   */
  private replay(events: readonly EngineEvent[]): void {
    // The blocker question starts the count again.
    const counted = events.findLastIndex((e) => e.type === 'human_asked' && isBlockerQuestion(e.callId));
    for (const { call, result, workspace, index } of finishedCalls(events)) {
      this.loops.observe(this.stepOf(call.name, call.args, call.rawArguments, result, workspace));
      if (index > counted && this.countsAsFailed(result)) this.failedCalls++;
      this.countInARow(call.name, result.ok);
    }
    for (const event of events) {
      if (event.type !== 'recovery_started') continue;
      this.recoveries++;
      if (event.trigger === 'budget') this.budgetChecked = true;
    }
  }

  /** What the loop detector remembers of a finished call; an edit that landed changes the workspace it is told apart by when there are no snapshots. */
  private stepOf(
    tool: string,
    args: StepFacts['args'],
    rawArguments: string,
    result: EventPayload<'tool_result'>,
    workspace: string | null | undefined,
  ): StepFacts {
    if (this.run.tools.find((t) => t.name === tool)?.kind === 'edit' && result.ok) this.edits++;
    return { tool, args, rawArguments, resultText: result.output, ok: result.ok, workspaceDigest: workspace ?? `edits:${this.edits}` };
  }

  /** The tool's failures in a row, this call counted. */
  private countInARow(tool: string, ok: boolean): number {
    const failures = ok ? 0 : (this.failuresInARow.get(tool) ?? 0) + 1;
    this.failuresInARow.set(tool, failures);
    return failures;
  }

  private countsAsFailed(result: EventPayload<'tool_result'>): boolean {
    return !result.ok && result.errorKind !== 'cancelled' && result.errorKind !== 'interrupted';
  }

  get canRecover(): boolean {
    return this.recoveries < this.maxRecoveries;
  }

  /** Before a model turn: most of the step budget gone without a finish. */
  beforeTurn(iteration: number): ChainAdvice['recover'] {
    if (this.budgetChecked || this.run.maxIterations < 5 || iteration <= Math.ceil(this.run.maxIterations * BUDGET_SHARE)) return null;
    this.budgetChecked = true;
    return { trigger: 'budget', detail: `${iteration - 1} of ${this.run.maxIterations} steps are used and the task is not finished.` };
  }

  /** After each call of a batch, with its recorded result. */
  observe(call: ToolCall, result: EventPayload<'tool_result'>, advice: ChainAdvice): void {
    const verdict = this.loops.observe(this.stepOf(call.name, parseArgumentsOrNull(call.arguments), call.arguments, result, this.run.snapshots?.latest));
    if (verdict.action !== 'none' && verdict.message !== null && verdict.pattern !== null) {
      this.run.scope.emit({
        type: 'loop_detected',
        key: verdict.key,
        count: verdict.count,
        pattern: verdict.pattern,
        action: verdict.action,
        message: verdict.message,
      });
      if (verdict.action === 'nudge') advice.notes.push(verdict.message);
      else if (verdict.action === 'recover' && this.canRecover) advice.recover ??= { trigger: 'loop_detected', detail: verdict.message };
      else advice.escalate ??= verdict.message;
    }
    // Different fixes that end in the same failure (fix-attempts.ts): recovery at the 3rd, escalation from the 5th.
    // With no recovery left, the 3rd goes by: only the 5th (and later) escalates.
    const same = this.run.fixes.takeSameFailure();
    if (same?.action === 'recover') {
      if (this.canRecover) advice.recover ??= { trigger: 'same_failure', detail: same.detail };
    } else if (same) advice.escalate ??= same.detail;
    if (this.countsAsFailed(result) && ++this.failedCalls > MAX_FAILED_CALLS) {
      advice.blocker ??= { count: this.failedCalls, last: `${call.name}, ${result.errorKind ?? 'failed'}` };
      this.failedCalls = 0;
    }
    const failures = this.countInARow(call.name, result.ok);
    if (failures === FAILURES_IN_A_ROW && this.canRecover) {
      advice.recover ??= { trigger: 'repeated_errors', detail: `${call.name} failed ${failures} times in a row.` };
    }
  }

  /** The recovery tier: a critique and a revised plan from the recovery model (or the main one), into the conversation. */
  async recover(trigger: Trigger, detail: string, messages: readonly ChatMessage[], say: (event: EventPayload) => void): Promise<void> {
    this.recoveries++;
    const { emit, signal } = this.run.scope;
    const model = this.run.recoveryModel ?? this.run.model;
    emit({ type: 'recovery_started', trigger, detail });
    let critique = '';
    try {
      const reply = await this.run.usage.complete('recovery', model, {
        messages: [...messages, { role: 'user', content: renderTemplate(RECOVERY_REQUEST, { detail }) }],
        tools: [],
        signal,
      });
      critique = reply.text.trim();
    } catch (error) {
      if (signal.aborted) throw error;
      emit({ type: 'notice', level: 'warning', message: `The recovery request failed: ${messageOf(error)}` });
    }
    emit({ type: 'recovery_finished', critique, ok: critique !== '', model: model.info.label });
    if (critique !== '') say({ type: 'user_message', text: renderTemplate(RECOVERY_CRITIQUE, { critique }), reason: 'recovery' });
  }
}

export function emptyAdvice(): ChainAdvice {
  return { notes: [], recover: null, escalate: null, blocker: null };
}
