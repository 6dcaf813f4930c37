import type { EngineEvent, EventOf } from '../../protocol/events';
import { formatCount, plural } from '../../tools/output';
import {
  COMMAND_LINE,
  FILE_READ_LINE,
  LINE_RANGES,
  LOG_SUMMARY,
  LOG_SUMMARY_CUT,
  renderTemplate,
  SUMMARY_COMMANDS,
  SUMMARY_FILES_CHANGED,
  SUMMARY_FILES_READ,
  SUMMARY_NOTHING,
  SUMMARY_OPEN_QUESTIONS,
  SUMMARY_PLAN,
  SUMMARY_TESTS,
  WHOLE_FILE,
} from '../prompts';
import { cutText, describeCommandEnd, fileChangeLines, firstLine, lastPlan, listLines, netFileChanges, oneLine, testNamesText } from './log-facts';

/** The summary's hard limit in characters, and each list's cap. */
export const SUMMARY_LIMITS = {
  chars: 4_000,
  filesRead: 25,
  rangesPerFile: 6,
  filesChanged: 30,
  commands: 15,
  failingTests: 10,
  questions: 5,
  /** Characters of the plan, of a command, of a question. */
  plan: 800,
  command: 160,
  question: 300,
} as const;

/**
 * The summary of a stretch of the log that is summarised away, built from the events alone when no
 * model can write one: files read (with the line ranges) and changed, commands with their exit
 * codes, the last test run and its failing tests, the last plan and the questions still open.
 * Deterministic and bounded (SUMMARY_LIMITS.chars).
 */
export function summaryOfEvents(events: readonly EngineEvent[]): string {
  const sections: string[] = [];
  const read = filesRead(events);
  if (read.length > 0) sections.push(renderTemplate(SUMMARY_FILES_READ, { lines: listLines(read, SUMMARY_LIMITS.filesRead) }));
  const changed = fileChangeLines(netFileChanges(events), SUMMARY_LIMITS.command);
  if (changed.length > 0) sections.push(renderTemplate(SUMMARY_FILES_CHANGED, { lines: listLines(changed, SUMMARY_LIMITS.filesChanged) }));
  const commands = commandLines(events);
  if (commands.length > 0) sections.push(renderTemplate(SUMMARY_COMMANDS, { lines: listLines(commands, SUMMARY_LIMITS.commands) }));
  const tests = events.findLast((e): e is EventOf<'tool_result'> => e.type === 'tool_result' && e.name === 'run_tests');
  if (tests) {
    const names = tests.ok ? '' : testNamesText(tests.output, SUMMARY_LIMITS.failingTests, SUMMARY_LIMITS.command);
    sections.push(renderTemplate(SUMMARY_TESTS, { verdict: cutText(firstLine(tests.output), SUMMARY_LIMITS.command), names }));
  }
  const plan = lastPlan(events);
  if (plan !== null) sections.push(renderTemplate(SUMMARY_PLAN, { plan: cutText(plan, SUMMARY_LIMITS.plan) }));
  const questions = openQuestions(events);
  if (questions.length > 0) sections.push(renderTemplate(SUMMARY_OPEN_QUESTIONS, { lines: listLines(questions, SUMMARY_LIMITS.questions) }));
  const calls = events.filter((e) => e.type === 'tool_call').length;
  return bounded(renderTemplate(LOG_SUMMARY, { calls: plural(calls, 'tool call'), sections: sections.length === 0 ? SUMMARY_NOTHING : sections.join('\n\n') }));
}

/** "src/a.ts: lines 1–40, 80–120" or "README.md: whole file", per path in the order first read. */
function filesRead(events: readonly EngineEvent[]): string[] {
  const ranges = new Map<string, [number, number][] | 'whole'>();
  for (const event of events) {
    if (event.type !== 'file_read') continue;
    const seen = ranges.get(event.path) ?? [];
    if (seen === 'whole') continue;
    if (event.startLine === undefined) ranges.set(event.path, 'whole');
    else ranges.set(event.path, [...seen, [event.startLine, event.endLine ?? event.startLine]]);
  }
  return [...ranges].map(([path, read]) => renderTemplate(FILE_READ_LINE, { path, ranges: read === 'whole' ? WHOLE_FILE : describeRanges(read) }));
}

/** Sorted, overlapping and touching ranges merged: "1–40, 80–120", capped. */
function describeRanges(ranges: readonly [number, number][]): string {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const texts = merged.slice(0, SUMMARY_LIMITS.rangesPerFile).map(([start, end]) => (start === end ? String(start) : `${start}–${end}`));
  const more = merged.length - texts.length;
  return renderTemplate(LINE_RANGES, { ranges: more > 0 ? `${texts.join(', ')} and ${formatCount(more)} more` : texts.join(', ') });
}

/** Each command started (by run_command or run_tests) with how it ended, in order. */
function commandLines(events: readonly EngineEvent[]): string[] {
  const finished = new Map<string, EventOf<'command_finished'>>();
  for (const event of events) if (event.type === 'command_finished') finished.set(event.callId, event);
  return events.flatMap((event) =>
    event.type === 'command_started'
      ? [
          renderTemplate(COMMAND_LINE, {
            command: cutText(oneLine(event.command), SUMMARY_LIMITS.command),
            exit: describeCommandEnd(finished.get(event.callId)),
          }),
        ]
      : [],
  );
}

/** Questions to the user without an answer in these events. */
function openQuestions(events: readonly EngineEvent[]): string[] {
  const answered = new Set(events.flatMap((e) => (e.type === 'human_answered' ? [e.callId] : [])));
  return events.flatMap((e) => (e.type === 'human_asked' && !answered.has(e.callId) ? [cutText(oneLine(e.question), SUMMARY_LIMITS.question)] : []));
}

function bounded(text: string): string {
  const limit = SUMMARY_LIMITS.chars;
  if (text.length <= limit) return text;
  const note = renderTemplate(LOG_SUMMARY_CUT, { head: '', limit: formatCount(limit) });
  const room = limit - note.length;
  const at = text.lastIndexOf('\n', room);
  return renderTemplate(LOG_SUMMARY_CUT, { head: text.slice(0, at > room / 2 ? at : room), limit: formatCount(limit) });
}
