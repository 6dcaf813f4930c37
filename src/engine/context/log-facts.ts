import type { EngineEvent, EventOf, Phase } from '../../protocol/events';
import { formatCount } from '../../tools/output';
import {
  COMMAND_ABORTED,
  COMMAND_EXIT,
  COMMAND_NO_EXIT,
  COMMAND_TIMED_OUT,
  FILE_CHANGE_LINE,
  LIST_LINE,
  LIST_MORE,
  renderTemplate,
  TEST_NAMES,
  TEXT_CUT,
} from '../prompts';

/**
 * Facts read from a run's log, shared by the pinned state (pinned-state.ts) and the summary built
 * from the log (log-summary.ts). Pure functions of the events, so the same log gives the same text.
 */

/** A file's change over a stretch of the log, from its first change to its last. */
export type NetChange = 'created' | 'edited' | 'deleted' | 'created, then deleted';

/** Each changed path (first change first) with its net change: created then edited is created; deleted then created is edited. */
export function netFileChanges(events: readonly EngineEvent[]): Map<string, NetChange> {
  const firstAndLast = new Map<string, { first: EventOf<'file_changed'>['change']; last: EventOf<'file_changed'>['change'] }>();
  for (const event of events) {
    if (event.type !== 'file_changed') continue;
    const seen = firstAndLast.get(event.path);
    firstAndLast.set(event.path, { first: seen?.first ?? event.change, last: event.change });
  }
  const changes = new Map<string, NetChange>();
  for (const [path, { first, last }] of firstAndLast) {
    const created = first === 'created';
    const deleted = last === 'deleted';
    changes.set(path, created && deleted ? 'created, then deleted' : created ? 'created' : deleted ? 'deleted' : 'edited');
  }
  return changes;
}

/** "created src/a.ts" per path; a path longer than `maxPath` is cut. */
export function fileChangeLines(changes: ReadonlyMap<string, NetChange>, maxPath: number): string[] {
  return [...changes].map(([path, change]) => renderTemplate(FILE_CHANGE_LINE, { change, path: cutText(path, maxPath) }));
}

/**
 * The plan: the last non-empty assistant text written while the run was in its planning phase
 * (there is no plan tool). Null when there is none, as always in react mode.
 */
export function lastPlan(events: readonly EngineEvent[]): string | null {
  let phase: Phase | null = null;
  let plan: string | null = null;
  for (const event of events) {
    if (event.type === 'phase_changed') phase = event.to;
    // A run that goes on in react mode has no phase from there on.
    else if (event.type === 'run_configured' && event.mode === 'react') phase = null;
    else if (event.type === 'assistant_message' && phase === 'planning' && event.text.trim() !== '') plan = event.text.trim();
  }
  return plan;
}

/** run_tests names its failures "First failure (of N): NAME", "Failure K (of N): NAME", and the rest in "[M more failures not shown: A; B; …. Call …]". */
const FAILURE_HEADER = /^(?:First failure|Failure \d+)(?: \(of ([\d,]+)\))?: (.+)$/gm;
const MORE_FAILURES = /^\[[\d,]+ more failures? not shown: (.+?)\. Call run_tests/m;

/** The failing tests a run_tests result names, in order, and how many failed in all (at least the names). */
export function failingTests(output: string): { names: string[]; total: number } {
  const names: string[] = [];
  let total = 0;
  for (const match of output.matchAll(FAILURE_HEADER)) {
    const name = (match[2] ?? '').trim();
    if (name !== '' && !names.includes(name)) names.push(name);
    if (match[1]) total = Math.max(total, Number(match[1].replace(/,/g, '')));
  }
  const more = MORE_FAILURES.exec(output);
  if (more) {
    for (const name of (more[1] ?? '').split('; ')) {
      const clean = name.trim();
      if (clean !== '' && clean !== '…' && !names.includes(clean)) names.push(clean);
    }
  }
  return { names, total: Math.max(total, names.length) };
}

/** "; failing: "a", "b" and 3 more" for a test run's result ('' when it names no test); names longer than `maxName` are cut. */
export function testNamesText(output: string, max: number, maxName: number): string {
  const { names, total } = failingTests(output);
  if (names.length === 0) return '';
  const shown = names.slice(0, max).map((name) => `"${cutText(oneLine(name), maxName)}"`);
  const more = total - shown.length;
  return renderTemplate(TEST_NAMES, { names: more > 0 ? `${shown.join(', ')} and ${formatCount(more)} more` : shown.join(', ') });
}

/** How a command ended, from its command_finished event (undefined: it never finished). */
export function describeCommandEnd(finished: EventOf<'command_finished'> | undefined): string {
  if (!finished) return COMMAND_NO_EXIT;
  const code = String(finished.exitCode);
  if (finished.timedOut) return renderTemplate(COMMAND_TIMED_OUT, { code });
  if (finished.aborted) return renderTemplate(COMMAND_ABORTED, { code });
  return renderTemplate(COMMAND_EXIT, { code });
}

/** Lines as "- text", at most `max` of them, then "- and N more". */
export function listLines(texts: readonly string[], max: number): string {
  const lines = texts.slice(0, max).map((text) => renderTemplate(LIST_LINE, { text }));
  if (texts.length > max) lines.push(renderTemplate(LIST_MORE, { count: formatCount(texts.length - max) }));
  return lines.join('\n');
}

/** A text cut to its head (whole words where it can) with " […]". */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return renderTemplate(TEXT_CUT, { head: (space > max * 0.7 ? head.slice(0, space) : head).trimEnd() });
}

/** Line breaks and runs of blanks become one space, so a text stays one list line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The first line of a text, trimmed. */
export function firstLine(text: string): string {
  return (text.trim().split('\n')[0] ?? '').trim();
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringArg(args: unknown, field: string): string | null {
  if (!isRecord(args)) return null;
  const value = args[field];
  return typeof value === 'string' ? value : null;
}

/** "./src//a.ts/" → "src/a.ts", as the tools name workspace paths. */
export function normalisePath(path: string): string {
  return path
    .trim()
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/\/$/, '');
}
