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

/** The engine's own check of the work: its command when it starts, its verdict (and the failing tests) when it ends. */
export function finalCheckNotice(event: EventOf<'final_check_started' | 'final_check_finished'>): { level: 'info' | 'warning'; message: string } {
  if (event.type === 'final_check_started') return { level: 'info', message: `Checking the work: ${event.command} (${event.reason})` };
  switch (event.outcome) {
    case 'passed':
      return { level: 'info', message: `Check passed: ${event.command ?? ''} — ${event.summary}` };
    case 'skipped':
      return { level: 'info', message: `Check not run again: ${event.summary}` };
    case 'no_tests':
      return { level: 'warning', message: `No tests found, the work was not checked: ${event.summary}` };
    case 'failed': {
      const named = event.failures.length > 0 ? ` Failing: ${event.failures.join(', ')}.` : '';
      const tries = event.maxFixAttempts > 0 ? ` (fix attempts used: ${event.fixAttempts} of ${event.maxFixAttempts})` : '';
      return { level: 'warning', message: `Check failed: ${event.command ?? ''} — ${event.summary}.${named}${tries}` };
    }
  }
}
