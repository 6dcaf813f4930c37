import type { EventOf, PhaseCommandResult } from '../../protocol/events';

type PhaseCheckEvent = EventOf<'phase_validation' | 'phase_rollback_started' | 'phase_rollback_completed' | 'phase_rollback_failed'>;

/** "exit 1", "timed out", "could not run". */
function outcome(result: PhaseCommandResult): string {
  if (result.timedOut) return 'timed out';
  if (result.exitCode === -1) return 'could not run';
  return `exit ${result.exitCode}`;
}

/** A phase boundary's validation or rollback as a timeline notice, like the failure chain's. */
export function phaseCheckNotice(event: PhaseCheckEvent): { level: 'info' | 'warning'; message: string } {
  switch (event.type) {
    case 'phase_validation':
      return event.result.passed
        ? { level: 'info', message: `Validation passed: ${event.result.command} — leaving ${event.phase}.` }
        : { level: 'warning', message: `Validation failed: ${event.result.command} (${outcome(event.result)}) — the phase stays ${event.phase}.` };
    case 'phase_rollback_started':
      return {
        level: 'warning',
        message: event.command === null ? `Rolling back: the files go back to the start of ${event.phase}.` : `Rolling back ${event.phase}: ${event.command}`,
      };
    case 'phase_rollback_completed':
      return {
        level: 'info',
        message:
          event.result !== undefined
            ? `Rollback passed: ${event.result.command}`
            : `Files rolled back to the start of ${event.phase} (${event.changed ?? 0} ${event.changed === 1 ? 'file' : 'files'} changed).`,
      };
    case 'phase_rollback_failed':
      return { level: 'warning', message: `Rollback of ${event.phase} failed: ${event.reason}` };
  }
}
