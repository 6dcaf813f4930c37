import { cutOutputNote } from '../protocol/cut-output';
import { changedBy, type EngineEvent, type EventOf } from '../protocol/events';
import { previewLineText } from '../protocol/preview-text';
import { retryingText } from '../protocol/retry-text';
import { verdictText } from '../protocol/verdict-text';
import { formatHandoff } from './format-handoff';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const firstLines = (text: string, n: number) => {
  const lines = text.split('\n');
  return lines.length > n ? `${lines.slice(0, n).join('\n')}\n  … (${lines.length - n} more lines)` : text;
};
const indent = (text: string) => text.replace(/^/gm, '  ');

/** What formatting an event needs from the events before it. */
export interface FormatContext {
  /** The run's last final check found no tests (a completed run then reads "no tests found"). */
  noTestsFound?: boolean;
}

/** Formats a log's events in order, carrying what a later event's text depends on. */
export function eventFormatter(): (event: EngineEvent) => string | null {
  let noTestsFound = false;
  return (event) => {
    if (event.type === 'run_started') noTestsFound = false;
    else if (event.type === 'final_check_finished') noTestsFound = event.outcome === 'no_tests';
    return formatEvent(event, { noTestsFound });
  };
}

const APPROVAL_DECISION_TEXT = { approved: 'approved', approved_all: 'approved, and all of this kind', denied: 'denied' } as const;

/** One event as human-readable terminal text, or null for events that add nothing on a terminal. */
export function formatEvent(event: EngineEvent, context: FormatContext = {}): string | null {
  switch (event.type) {
    case 'run_started':
      return [
        ...(event.playedTask === undefined ? [] : [`note: the demo plays a recorded run of its own task ("${event.playedTask}"); the task given was not used`]),
        `▶ ${event.task}\n  model: ${event.model.label} · sandbox: ${event.sandbox.label} (${event.sandbox.reason}) · mode: ${event.mode}`,
      ].join('\n');
    case 'assistant_message':
      return event.text.trim() ? `\n${event.text.trim()}` : null;
    case 'tool_call':
      return `→ ${event.name} ${clip(event.rawArguments.replace(/\s+/g, ' '), 160)}`;
    case 'tool_result':
      return event.ok ? `  ✓ ${firstLines(event.output, 6).replace(/\n/g, '\n    ')}` : `  ✗ ${indent(event.output).trimStart()}`;
    case 'command_started':
      return `  $ ${event.command}`;
    case 'command_finished':
      return `  [exit ${event.exitCode}${event.timedOut ? ', timed out' : ''}${event.aborted ? ', aborted' : ''}]`;
    case 'notice':
      return `  ! ${event.message}`;
    case 'preview_ready':
      return `  ◉ ${previewLineText(event)}: ${event.url}`;
    case 'preview_closed':
      return `  ○ ${previewLineText(event)}`;
    case 'model_retry':
      return `  ! ${retryingText(event)}`;
    case 'phase_changed':
      return `◆ phase: ${event.from ? `${event.from} → ` : ''}${event.to}${event.auto ? ' (automatic)' : ''} — ${event.claimed === true ? 'the agent says: ' : ''}${event.reason}`;
    case 'phase_violation':
      return `  ⛔ refused in ${event.phase ?? 'react mode'}: ${event.reason}`;
    case 'run_finished': {
      const verdict = verdictText(event.verified, context.noTestsFound === true);
      const verified = verdict === '' ? '' : ` — ${verdict}`;
      const detail = event.status === 'completed' ? verified : ` — ${event.reason ?? ''}${event.errorCode ? ` [${event.errorCode}]` : ''}`;
      const suggestions = (event.suggestions ?? []).map((text, i) => `\n  ${i + 1}. ${text}`).join('');
      return `■ ${event.status} after ${event.iterations} iteration${event.iterations === 1 ? '' : 's'}${detail}${suggestions}`;
    }
    case 'run_resumed':
      return `▶ resumed: ${event.reason}${event.interruptedCalls.length > 0 ? ` (${event.interruptedCalls.length} interrupted call${event.interruptedCalls.length === 1 ? '' : 's'} not run again)` : ''}`;
    case 'checkpoint_restored':
      return `◀ files restored to a checkpoint (${event.changed} changed)`;
    case 'phase_validation': {
      const { result } = event;
      const outcome = result.timedOut ? 'timed out' : `exit ${result.exitCode}`;
      return result.passed ? `  ✓ validation passed: ${result.command}` : `  ✗ validation failed: ${result.command} (${outcome}) — staying in ${event.phase}`;
    }
    case 'final_check_started':
      return `  ▸ checking the work: ${event.command} (${event.reason})`;
    case 'final_check_finished':
      return formatFinalCheck(event);
    case 'phase_rollback_started':
      return `  ⟲ rollback of ${event.phase}: ${event.command ?? 'restoring the files to its start'}`;
    case 'phase_rollback_completed':
      return event.result
        ? `  ⟲ rollback passed: ${event.result.command}`
        : `  ⟲ files rolled back to the start of ${event.phase} (${event.changed ?? 0} changed)`;
    case 'phase_rollback_failed':
      return `  ✗ rollback of ${event.phase} failed: ${event.reason}`;
    case 'loop_detected':
      return `  ↻ loop (${event.pattern}, ${event.count}×): ${event.action}`;
    case 'recovery_started':
      return `  ⟲ recovery: ${event.detail}`;
    case 'context_compacted':
      return `  ≋ context ${event.tier === 'mask' ? `masked ${event.masked ?? 0} old results` : `summarised (${event.summaryBy ?? 'deterministic'})`}: ${event.tokensBefore} → ${event.tokensAfter} tokens`;
    case 'human_asked':
      return `  ? ${event.kind === 'blocker' ? 'blocked: ' : ''}${event.question}${(event.options ?? []).map((option, i) => `\n    ${i + 1}) ${option}`).join('')}`;
    case 'human_answered':
      return `  ↳ answer (${event.via.replace('_', ' ')}): ${event.answer}`;
    case 'approval_requested':
      return `  ⏸ approval asked for ${event.kind === 'command' ? 'the command' : 'the edit'}: ${event.summary}`;
    case 'approval_decided':
      return `  ↳ ${APPROVAL_DECISION_TEXT[event.decision]} (${event.via})${event.reason ? `: ${event.reason}` : ''}`;
    case 'recovery_finished':
      return event.ok
        ? `  ⟲ critique${event.model ? ` (${event.model})` : ''}: ${event.critique.trim().split('\n').join('\n    ')}`
        : '  ⟲ recovery request failed';
    case 'role_started':
      return `◆ ${event.role}${event.role === 'planner' ? '' : ` (round ${event.round})`}`;
    case 'role_finished':
      return formatHandoff(event.handoff);
    case 'run_configured':
    case 'user_message':
    case 'usage':
    case 'workspace_snapshot':
    case 'iteration_started':
    case 'model_delta':
    case 'tool_call_preparing':
    case 'file_read':
    case 'file_outline':
      return null;
    case 'file_changed':
      // The agent's writes show as its tool calls; the user's edits between runs have no call of their own.
      return changedBy(event) === 'user' ? `✎ You ${event.change} ${event.path}` : null;
    case 'command_output': {
      // The output itself is not printed; a stored session's says what it left out.
      const note = cutOutputNote(event);
      return note === null ? null : `  ${note}`;
    }
  }
}

/** The engine's check: passed, not run again, no tests found, or failed with the failing tests named. */
function formatFinalCheck(event: EventOf<'final_check_finished'>): string {
  switch (event.outcome) {
    case 'passed':
      return `  ✓ check passed: ${event.summary}`;
    case 'skipped':
      return `  ✓ check not run again: ${event.summary}`;
    case 'no_tests':
      return `  ! no tests found, the work was not checked: ${event.summary}`;
    case 'failed':
      return `  ✗ check failed: ${event.summary}${event.failures.length > 0 ? ` — failing: ${event.failures.join(', ')}` : ''} (fix attempts ${event.fixAttempts} of ${event.maxFixAttempts})`;
  }
}
