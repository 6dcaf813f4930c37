import { type ApprovalKind, type AskBefore, asksBefore } from '../protocol/ask-before';
import { APPROVAL_LIMITS, type ApprovalDecision, type EngineEvent, type ToolCall } from '../protocol/events';
import { fail, type Tool, type ToolFailure } from '../tools/tool';
import { approvalKindOf, type ApprovalRequest, describeCall } from './approval-request';
import type { Gate, Refusal } from './gate';
import type { RunContext } from './run-context';
import { refusalResult } from './tool-executor';

export type { ApprovalRequest } from './approval-request';

/** The user's answer to an approval request. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  reason?: string;
  via: 'page' | 'terminal';
}

/** Where approval requests go (the page, a terminal). `decide` waits for the answer and rejects when `signal` aborts. */
export interface ApprovalChannel {
  decide(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer>;
}

type Recorded = { decision: ApprovalDecision; reason?: string };

/**
 * "Ask before" for one run: which calls wait for the user, what was decided (a resumed run reads
 * its log, so a decided call is never asked again and "approve all" holds), and the waiting itself.
 * Without a channel nobody can be asked, and calls run as with "nothing".
 */
export class Approvals {
  private readonly approvedAll = new Set<ApprovalKind>();
  private readonly decided = new Map<string, Recorded>();

  constructor(
    readonly askBefore: AskBefore,
    private readonly channel: ApprovalChannel | null,
    earlier: readonly EngineEvent[] = [],
  ) {
    for (const event of earlier) if (event.type === 'approval_decided') this.remember(event.callId, event.kind, event);
  }

  /**
   * Before a call of `tool` reaches the sandbox: null when it may run (no asking, approved now or
   * earlier); otherwise its result: the gate's refusal (checked before anyone is asked), the denial
   * the model reads, or a stop while waiting.
   */
  async beforeCall(call: ToolCall, tool: Tool, args: unknown, run: RunContext): Promise<ToolFailure | null> {
    const kind = approvalKindOf(tool.kind);
    if (kind === null || !this.channel || !asksBefore(this.askBefore, kind)) return null;
    const recorded = this.decided.get(call.id);
    if (recorded) return recorded.decision === 'denied' ? denial(kind, recorded.reason) : null;
    if (this.approvedAll.has(kind)) return null;
    const refusal = await gateRefusal(run.gate, kind, args, run);
    if (refusal) return refusalResult(refusal);
    const request = describeCall(call.id, tool.name, kind, args);
    const { emit, signal } = run.scope;
    emit({ type: 'approval_requested', ...request });
    let answer: ApprovalAnswer;
    try {
      answer = await this.channel.decide(request, signal);
    } catch (error) {
      if (signal.aborted) return fail('cancelled', 'The run was stopped while waiting for approval.');
      throw error;
    }
    const reason = answer.reason?.trim().slice(0, APPROVAL_LIMITS.reason);
    const recordedAnswer = { decision: answer.decision, ...(reason ? { reason } : {}) };
    emit({ type: 'approval_decided', callId: call.id, kind, ...recordedAnswer, via: answer.via });
    this.remember(call.id, kind, recordedAnswer);
    return answer.decision === 'denied' ? denial(kind, reason) : null;
  }

  private remember(callId: string, kind: ApprovalKind, recorded: Recorded): void {
    this.decided.set(callId, { decision: recorded.decision, ...(recorded.reason ? { reason: recorded.reason } : {}) });
    if (recorded.decision === 'approved_all') this.approvedAll.add(kind);
  }
}

/** What the model reads when the user said no: not a failure of the run, a result like any other. */
function denial(kind: ApprovalKind, reason: string | undefined): ToolFailure {
  const what = kind === 'command' ? 'command' : 'edit';
  const why = reason ? `: ${reason}` : ' (no reason given).';
  return fail(
    'denied_by_user',
    `The user denied this ${what}${why}\nIt did not run. Do not repeat it as it was: follow the user's reason, or ask them (ask_human) when it is unclear.`,
  );
}

/**
 * The gate judges the call first, so nobody is asked to approve what the rules refuse: a command
 * by its words, an edit by whether the phase allows writes. (The gate records the refusal on the call.)
 */
async function gateRefusal(gate: Gate, kind: ApprovalKind, args: unknown, run: RunContext): Promise<Refusal | null> {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  if (kind === 'edit') return typeof record.path === 'string' ? (gate.checkWrite(record.path).refusal ?? null) : null;
  if (typeof record.command !== 'string') return null;
  return (await gate.checkCommand(record.command, await run.scope.sandbox.cwd())).refusal ?? null;
}
