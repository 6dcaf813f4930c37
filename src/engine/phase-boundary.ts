import { messageOf } from '../protocol/error-message';
import type { Emit, Phase, PhaseCommandResult } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { plural } from '../tools/output';
import type { PhaseControl } from '../tools/tool';
import { describeFailedCheck, type FinalCheck } from './final-check';
import type { PhaseBoundary, PhaseGate, PhaseStay } from './gate';
import { describeOutcome, outputForModel, runPhaseCommand } from './phase-command';
import { describePhase } from './phase-prompt';
import { type RollbackOutcome, rollbackPhase } from './phase-rollback';
import type { PhasePolicy, Policy } from './policy';
import {
  BACK_TO_FIX,
  renderTemplate,
  ROLLBACK_COMMAND_PASSED,
  ROLLBACK_FAILED,
  ROLLBACK_RESTORED,
  VALIDATION_FAILED,
  VALIDATION_NEXT,
  VALIDATION_PASSED,
  VERIFICATION_CHECK_FAILED,
} from './prompts';
import type { WorkspaceSnapshots } from './snapshots';

/** Where a failed check on leaving verification sends the work: the phase that can change files. */
const FIX_PHASE: Phase = 'building';

export interface PhaseChecksOptions {
  policy: Policy;
  /** The real sandbox: validations and rollbacks are the policy's commands, not the model's, and run outside the gate. */
  sandbox: Sandbox;
  blobs: BlobStore | null;
  /** The run's snapshots (null when nothing is stored: no checkpoints, and a rollback has nothing to restore). */
  snapshots: WorkspaceSnapshots | null;
  emit: Emit;
  signal: AbortSignal;
  /** The checkpoint the current phase began at (the run's start for the first phase); null when none is stored. */
  phaseStart: () => string | null;
  /** The engine's own check (final-check.ts): verification is left only when it passes (absent or off: not checked). */
  finalCheck?: FinalCheck;
}

/**
 * The phase boundary of a plan_exec run, in this order: the phase's `validate` command (when it
 * has one) must pass, then the checkpoint the next phase starts from is recorded, and only then does
 * the gate move the phase. A failed validation leaves no checkpoint and no phase change; with
 * `rollbackOnFailure`, or a `rollback` command for the phase, the phase is rolled back too (not on an
 * auto-advance: the model never said it was done).
 */
export class PhaseChecks implements PhaseBoundary {
  constructor(private readonly options: PhaseChecksOptions) {}

  async cross({
    from,
    to,
    auto,
    callId,
  }: {
    from: Phase;
    to: Phase;
    auto: boolean;
    callId: string | null;
  }): Promise<{ ok: true; note: string | null } | PhaseStay> {
    const rules = this.options.policy.phases[from];
    let note: string | null = null;
    if (rules.validate !== null) {
      const stay = await this.validate(from, rules.validate, rules, auto, callId);
      if (stay) return stay;
      note = renderTemplate(VALIDATION_PASSED, { command: rules.validate });
    }
    if (from === 'verification' && this.options.finalCheck?.enabled) {
      const checked = await this.checkBeforeDelivery();
      if (!checked.ok) return checked;
      note = [note, checked.note].filter((part) => part !== null).join('; ');
    }
    await this.checkpoint(to);
    return { ok: true, note };
  }

  /** Null when the validation passed; otherwise why the phase stays, with the output and what the rollback did. */
  private async validate(phase: Phase, command: string, rules: PhasePolicy, auto: boolean, callId: string | null): Promise<PhaseStay | null> {
    const { emit, signal, policy } = this.options;
    const result = await runPhaseCommand(this.options.sandbox, command, rules.validateTimeoutMs, signal);
    emit({ type: 'phase_validation', phase, result });
    if (signal.aborted) return { ok: false, errorKind: 'cancelled', message: `The run was stopped while \`${command}\` ran; the phase stays ${phase}.` };
    if (result.passed) return null;
    // A phase that names a rollback command wants it run; rollbackOnFailure turns rollback on for every phase.
    const rollsBack = !auto && (policy.rollbackOnFailure || rules.rollback !== null);
    const rollback = rollsBack
      ? await rollbackPhase({
          phase,
          rules,
          sandbox: this.options.sandbox,
          blobs: this.options.blobs,
          checkpoint: this.options.phaseStart(),
          emit,
          signal,
        })
      : null;
    // The validation and the rollback may have changed files: the log keeps the workspace after this step, as after a command.
    await this.snapshot(() => this.options.snapshots?.take('step', callId ?? undefined));
    return { ok: false, errorKind: 'validation_failed', message: failureText(phase, result, rules.validateTimeoutMs, rollback) };
  }

  /**
   * Leaving verification needs the engine's check of the project's tests to pass, whatever the
   * model says; no tests found is said, not hidden. (Delivery's own validate is the check of a final
   * answer in delivery, after delivery did its work.) A failure sends the work back to building while
   * fix attempts remain, since verification cannot change files; then it ends the run.
   */
  private async checkBeforeDelivery(): Promise<{ ok: true; note: string | null } | PhaseStay> {
    const check = this.options.finalCheck as FinalCheck;
    const result = await check.run({ testsOnly: true });
    switch (result.outcome) {
      case 'passed':
      case 'skipped':
        return { ok: true, note: "the engine's check passed" };
      case 'no_tests':
        return { ok: true, note: 'no tests found: the engine could not check the work' };
      case 'cancelled':
        return { ok: false, errorKind: 'cancelled', message: 'The run was stopped while the engine checked the work; the phase stays verification.' };
      case 'failed': {
        if (check.fixAttempts >= check.maxFixAttempts) {
          return { ok: false, errorKind: 'verification_failed', message: describeFailedCheck(result, check.fixAttempts) };
        }
        check.fixAttempts++;
        const attempt = { attempt: String(check.fixAttempts), max: String(check.maxFixAttempts) };
        await this.checkpoint(FIX_PHASE);
        return {
          ok: false,
          errorKind: 'validation_failed',
          message: renderTemplate(VERIFICATION_CHECK_FAILED, {
            command: result.command,
            verdict: result.verdict,
            failures: result.text,
            phase: FIX_PHASE,
            ...attempt,
          }),
          back: { to: FIX_PHASE, reason: renderTemplate(BACK_TO_FIX, { command: result.command, phase: FIX_PHASE, ...attempt }) },
        };
      }
    }
  }

  private async checkpoint(phase: Phase): Promise<void> {
    await this.snapshot(() => this.options.snapshots?.checkpoint(phase));
  }

  /** A snapshot that cannot be stored is a warning, as for a step: the run goes on. */
  private async snapshot(take: () => Promise<unknown> | undefined): Promise<void> {
    try {
      await take();
    } catch (error) {
      this.options.emit({ type: 'notice', level: 'warning', message: `Could not save a workspace snapshot: ${messageOf(error)}` });
    }
  }
}

/** What the model reads when the validation failed: the outcome, the output (head and tail), the rollback, what to do. */
function failureText(phase: Phase, result: PhaseCommandResult, timeoutMs: number, rollback: RollbackOutcome | null): string {
  const lines = [
    renderTemplate(VALIDATION_FAILED, { phase, command: result.command, outcome: describeOutcome(result, timeoutMs), output: outputForModel(result) }),
  ];
  if (rollback) lines.push(rollbackText(phase, rollback));
  lines.push(VALIDATION_NEXT);
  return lines.join('\n\n');
}

function rollbackText(phase: Phase, rollback: RollbackOutcome): string {
  if (!rollback.ok) return renderTemplate(ROLLBACK_FAILED, { reason: rollback.reason });
  if ('command' in rollback) return renderTemplate(ROLLBACK_COMMAND_PASSED, { command: rollback.command.command });
  return renderTemplate(ROLLBACK_RESTORED, { phase, changed: `${plural(rollback.restored, 'file')} changed` });
}

/** advance_phase's side of the gate: the gate moves the phase (through its boundary); this says what happened. */
export function createPhaseControl(gate: PhaseGate, policy: Policy): PhaseControl {
  return {
    async advance(reason) {
      const moved = await gate.advance(reason);
      if (!moved.ok) {
        if (moved.errorKind === 'final_phase')
          return { ok: false, errorKind: 'final_phase', message: `Already at the final phase (${gate.phase}); finish with a summary.` };
        return { ok: false, errorKind: moved.errorKind, message: moved.message };
      }
      const checked = moved.note ? ` (${moved.note})` : '';
      return { ok: true, message: `Moved from ${moved.from} to ${moved.to}${checked}. Now allowed in ${describePhase(policy, moved.to)}` };
    },
  };
}
