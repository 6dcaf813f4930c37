import { messageOf } from '../protocol/error-message';
import type { Emit, Phase, PhaseCommandResult } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { BlobStore } from '../store/port';
import { describeOutcome, runPhaseCommand } from './phase-command';
import type { PhasePolicy } from './policy';
import { restoreCheckpointFiles } from './restore-workspace';

export interface PhaseRollback {
  phase: Phase;
  /** The phase's `rollback` command and its timeout. */
  rules: Pick<PhasePolicy, 'rollback' | 'rollbackTimeoutMs'>;
  /** The real sandbox: a rollback runs outside the model's gate. */
  sandbox: Sandbox;
  blobs: BlobStore | null;
  /** The snapshot the phase began at (the run's start for the first phase); null when none is stored. */
  checkpoint: string | null;
  emit: Emit;
  signal: AbortSignal;
}

export type RollbackOutcome =
  { ok: true; command: PhaseCommandResult } | { ok: true; restored: number } | { ok: false; reason: string; command?: PhaseCommandResult };

/**
 * Rolls a phase whose validation failed back: its `rollback` command runs (within its timeout), or,
 * without one, the files go back to the phase's starting checkpoint, each change a file_changed
 * event. phase_rollback_started, then phase_rollback_completed or phase_rollback_failed, say so.
 */
export async function rollbackPhase(target: PhaseRollback): Promise<RollbackOutcome> {
  const { phase, rules, emit } = target;
  const command = rules.rollback;
  emit({ type: 'phase_rollback_started', phase, command, checkpoint: command === null ? target.checkpoint : null });
  const outcome = command === null ? await restore(target) : await runRollbackCommand(target, command);
  if (!outcome.ok) emit({ type: 'phase_rollback_failed', phase, reason: outcome.reason, ...(outcome.command ? { result: outcome.command } : {}) });
  else if ('command' in outcome) emit({ type: 'phase_rollback_completed', phase, result: outcome.command });
  else emit({ type: 'phase_rollback_completed', phase, changed: outcome.restored });
  return outcome;
}

async function runRollbackCommand(target: PhaseRollback, command: string): Promise<RollbackOutcome> {
  const result = await runPhaseCommand(target.sandbox, command, target.rules.rollbackTimeoutMs, target.signal);
  if (result.passed) return { ok: true, command: result };
  const why = target.signal.aborted ? 'the run was stopped' : describeOutcome(result, target.rules.rollbackTimeoutMs);
  return { ok: false, reason: `\`${command}\` failed: ${why}`, command: result };
}

async function restore(target: PhaseRollback): Promise<RollbackOutcome> {
  if (target.blobs === null || target.checkpoint === null) return { ok: false, reason: `no checkpoint of the start of ${target.phase} is stored` };
  try {
    return { ok: true, restored: await restoreCheckpointFiles(target.sandbox, target.blobs, target.checkpoint, target.emit) };
  } catch (error) {
    return { ok: false, reason: `the files could not be restored: ${messageOf(error)}` };
  }
}
