import type { EngineEvent, EventOf, Phase } from '../../protocol/events';
import { formatCount } from '../../tools/output';
import { KNOWN_TOOL_NAMES } from '../../tools/registry';
import { describePhase } from '../phase-prompt';
import { resolvePolicy } from '../policy';
import {
  ANSWER_LINE,
  COMMAND_FAILURE_LINE,
  EDIT_REFUSED_LINE,
  PINNED_ANSWERS,
  PINNED_FAILURES,
  PINNED_FILES,
  PINNED_MODE_ORCHESTRATOR,
  PINNED_MODE_PHASE,
  PINNED_MODE_PLAN_EXEC,
  PINNED_MODE_REACT,
  PINNED_PLAN,
  PINNED_ROLE_BRIEF,
  PINNED_STATE,
  PINNED_TASK,
  PINNED_TASK_CUT,
  renderTemplate,
  TEST_FAILURE_LINE,
} from '../prompts';
import {
  cutText,
  describeCommandEnd,
  fileChangeLines,
  firstLine,
  lastPlan,
  listLines,
  netFileChanges,
  normalisePath,
  oneLine,
  stringArg,
  testNamesText,
} from './log-facts';

/** Each section is capped, so the block stays a few thousand tokens whatever the log holds. */
export const PINNED_LIMITS = {
  /** Characters of the task (a longer one keeps its head and says so). */
  task: 4_000,
  /** Characters of an orchestrator role's brief (the task, the plan, findings, a diff cut at 12,000). */
  brief: 20_000,
  /** Characters of the plan. */
  plan: 2_000,
  files: 50,
  failingTests: 10,
  /** Failed commands still open, the latest last. */
  commands: 3,
  /** Files with refused edits still open, the latest last. */
  edits: 5,
  /** Answers, the latest last. */
  answers: 5,
  question: 200,
  answer: 500,
  /** Characters of a path, a test name, a command or an error message in a line. */
  line: 200,
} as const;

/** A failed call that counts as a failure to come back to (a refusal by the gate, a bad call or a stop does not). */
const FAILED_RUN_KINDS = new Set(['tests_failed', 'command_failed', 'timeout']);
/** The edit refusals that mean "that did not land, try again" (as fix-attempts.ts follows them). */
const EDIT_REFUSALS = new Set(['no_match', 'ambiguous', 'syntax_error', 'stale_read']);
const WRITE_TOOLS = new Set(['edit_file', 'create_file']);

/**
 * The block that stays in every request right after the system prompt and is never summarised,
 * built from the run's log so far: the task verbatim, the mode and the current phase with what it
 * allows, the plan, the files changed, the failures still open and the user's answers. Sections
 * with nothing to say are left out; '' when the log has no run yet.
 */
export function pinnedState(events: readonly EngineEvent[]): string {
  const start = events.find((e): e is EventOf<'run_started'> => e.type === 'run_started');
  if (!start) return '';
  // orchestrator: a role's brief (the task and what the roles before it handed on) stands in for the task.
  const role = events.findLast((e): e is EventOf<'role_started'> => e.type === 'role_started');
  const sections = [role ? briefSection(role) : taskSection(start.task), modeSection(events, start.mode)];
  // A later run of a session keeps what it was told of the runs before it.
  const earlier = events.findLast((e): e is EventOf<'run_configured'> => e.type === 'run_configured')?.earlierRuns;
  if (earlier) sections.splice(1, 0, earlier);
  const plan = lastPlan(events);
  if (plan !== null) sections.push(renderTemplate(PINNED_PLAN, { plan: cutText(plan, PINNED_LIMITS.plan) }));
  const files = fileChangeLines(netFileChanges(events), PINNED_LIMITS.line);
  if (files.length > 0) sections.push(renderTemplate(PINNED_FILES, { lines: listLines(files, PINNED_LIMITS.files) }));
  const failures = openFailures(events);
  if (failures.length > 0) sections.push(renderTemplate(PINNED_FAILURES, { lines: listLines(failures, failures.length) }));
  const answers = answerLines(events);
  if (answers.length > 0) sections.push(renderTemplate(PINNED_ANSWERS, { lines: listLines(answers, answers.length) }));
  return renderTemplate(PINNED_STATE, { sections: sections.join('\n\n') });
}

function briefSection(role: EventOf<'role_started'>): string {
  const brief = cutText(role.brief.trim(), PINNED_LIMITS.brief);
  return renderTemplate(PINNED_ROLE_BRIEF, { role: role.role, round: String(role.round), brief });
}

function taskSection(task: string): string {
  const text = task.trim();
  const limit = PINNED_LIMITS.task;
  const shown = text.length > limit ? renderTemplate(PINNED_TASK_CUT, { head: text.slice(0, limit), limit: formatCount(limit) }) : text;
  return renderTemplate(PINNED_TASK, { task: shown });
}

/** The mode of the last configuration; in plan_exec the phase the log last entered, with its rules as the phase layer words them. */
function modeSection(events: readonly EngineEvent[], startMode: EventOf<'run_started'>['mode']): string {
  let configured: EventOf<'run_configured'> | null = null;
  let phase: Phase | null = null;
  let role: EventOf<'role_started'> | null = null;
  for (const event of events) {
    if (event.type === 'phase_changed') phase = event.to;
    else if (event.type === 'role_started') role = event;
    else if (event.type === 'run_configured') {
      configured = event;
      if (event.mode === 'react') phase = null;
    }
  }
  const mode = configured?.mode ?? startMode;
  if (mode === 'react') return PINNED_MODE_REACT;
  if (mode === 'orchestrator') return renderTemplate(PINNED_MODE_ORCHESTRATOR, { role: role ? `${role.role}, round ${role.round}` : 'starting' });
  if (phase === null) return PINNED_MODE_PLAN_EXEC;
  const resolved = resolvePolicy(configured?.policy ?? {}, KNOWN_TOOL_NAMES);
  const description = resolved.ok ? describePhase(resolved.policy, phase) : phase;
  return renderTemplate(PINNED_MODE_PHASE, { description });
}

interface EditRefusal {
  tool: string;
  kind: string;
  error: string;
  times: number;
}

/**
 * The failures not fixed yet: the last failed run_tests unless a later one passed; failed commands
 * unless the same command passed later (the latest few); edits refused on a file that no write
 * (and no other change to it) has landed on since.
 */
function openFailures(events: readonly EngineEvent[]): string[] {
  const calls = new Map<string, EventOf<'tool_call'>>();
  const finished = new Map<string, EventOf<'command_finished'>>();
  let tests: string | null = null;
  const commands = new Map<string, string>();
  const edits = new Map<string, EditRefusal>();
  for (const event of events) {
    if (event.type === 'tool_call') calls.set(event.callId, event);
    else if (event.type === 'command_finished') finished.set(event.callId, event);
    else if (event.type === 'file_changed') edits.delete(event.path);
    if (event.type !== 'tool_result') continue;
    const failed = !event.ok && FAILED_RUN_KINDS.has(event.errorKind ?? '');
    if (event.name === 'run_tests') {
      if (event.ok) tests = null;
      else if (failed) {
        const verdict = cutText(firstLine(event.output), PINNED_LIMITS.line);
        tests = renderTemplate(TEST_FAILURE_LINE, { verdict, names: testNamesText(event.output, PINNED_LIMITS.failingTests, PINNED_LIMITS.line) });
      }
    } else if (event.name === 'run_command') {
      const command = stringArg(calls.get(event.callId)?.args, 'command');
      if (command === null) continue;
      const key = oneLine(command);
      if (event.ok) commands.delete(key);
      else if (failed) {
        // Deleted first, so the map keeps the latest failure last.
        commands.delete(key);
        const text = cutText(key, PINNED_LIMITS.line);
        commands.set(key, renderTemplate(COMMAND_FAILURE_LINE, { command: text, exit: describeCommandEnd(finished.get(event.callId)) }));
      }
    } else if (WRITE_TOOLS.has(event.name)) {
      const raw = stringArg(calls.get(event.callId)?.args, 'path');
      if (raw === null) continue;
      const path = normalisePath(raw);
      if (event.ok) edits.delete(path);
      else if (EDIT_REFUSALS.has(event.errorKind ?? '')) {
        const times = (edits.get(path)?.times ?? 0) + 1;
        edits.delete(path);
        edits.set(path, { tool: event.name, kind: event.errorKind ?? '', error: cutText(oneLine(firstLine(event.output)), PINNED_LIMITS.line), times });
      }
    }
  }
  const lines: string[] = [];
  if (tests !== null) lines.push(tests);
  lines.push(...[...commands.values()].slice(-PINNED_LIMITS.commands));
  for (const [path, refusal] of [...edits].slice(-PINNED_LIMITS.edits)) {
    const times = refusal.times === 1 ? 'once' : `${formatCount(refusal.times)} times`;
    lines.push(
      renderTemplate(EDIT_REFUSED_LINE, { tool: refusal.tool, path: cutText(path, PINNED_LIMITS.line), times, kind: refusal.kind, error: refusal.error }),
    );
  }
  return lines;
}

/** The user's answers, question and answer on one line each pair, the latest few. */
function answerLines(events: readonly EngineEvent[]): string[] {
  const answered = events.filter((e): e is EventOf<'human_answered'> => e.type === 'human_answered').slice(-PINNED_LIMITS.answers);
  return answered.map((event) =>
    renderTemplate(ANSWER_LINE, {
      question: cutText(oneLine(event.question), PINNED_LIMITS.question),
      answer: cutText(oneLine(event.answer), PINNED_LIMITS.answer),
    }),
  );
}
