import type { RoleEntry } from '../state/reducer';

/** How tool calls and results read in the Timeline. */

const INLINE_ARGS_MAX = 80;

/** Arguments as compact JSON when short, indented JSON when long, raw text when the model sent invalid JSON. */
export function formatArgs(args: unknown, rawArguments: string): string {
  if (args === null || args === undefined) return rawArguments.trim() === '' ? '(no arguments)' : rawArguments;
  const compact = JSON.stringify(args);
  if (compact === undefined) return String(args);
  return compact.length <= INLINE_ARGS_MAX ? compact : JSON.stringify(args, null, 2);
}

export interface OutputPreview {
  /** What shows while collapsed (the whole output when nothing is hidden). */
  preview: string;
  collapsible: boolean;
  hiddenLines: number;
}

export const PREVIEW_LINES = 8;
export const PREVIEW_CHARS = 600;

/** Long results show their first lines until the viewer expands them. */
export function previewOutput(output: string, maxLines = PREVIEW_LINES, maxChars = PREVIEW_CHARS): OutputPreview {
  const lines = output.split('\n');
  if (lines.length <= maxLines && output.length <= maxChars) {
    return { preview: output, collapsible: false, hiddenLines: 0 };
  }
  let preview = lines.slice(0, maxLines).join('\n');
  if (preview.length > maxChars) preview = preview.slice(0, maxChars);
  const shownLines = preview.split('\n').length;
  return { preview, collapsible: true, hiddenLines: Math.max(0, lines.length - shownLines) };
}

/** A command result without its stderr section when that is empty: nothing to show, nothing to hide behind "Show all". */
export function withoutEmptyStderr(output: string): string {
  return output.replace(/\n--- stderr ---\n\(empty\)$/, '');
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** "Phase: planning → building — reason"; the first phase of a run has no arrow. */
export function phaseChangeText(change: { from: string | null; to: string; reason: string; auto: boolean; claimed?: boolean }): string {
  const move = change.from === null ? change.to : `${change.from} → ${change.to}`;
  // The model's reason is its claim ("all 3 tests pass"), never shown as a fact.
  const said = change.claimed === true ? 'the agent says: ' : '';
  const reason = change.reason.trim() === '' ? '' : ` — ${said}${change.reason.trim()}`;
  return `Phase: ${move}${reason}${change.auto ? ' (auto)' : ''}`;
}

const REFUSED_WHAT = { tool: 'the tool', command: 'a command', write: 'a write' } as const;

/** "create_file in planning" ("… in react mode" outside plan_exec), plus what was refused when it was a command or a write. */
export function refusalSummary(refusal: { tool: string; phase: string | null; refused: 'tool' | 'command' | 'write'; target: string | null }): string {
  const what = refusal.refused === 'tool' || refusal.target === null ? '' : ` (${REFUSED_WHAT[refusal.refused]}: ${refusal.target})`;
  return `${refusal.tool} in ${refusal.phase ?? 'react mode'}${what}`;
}

/** The gate's refusal as the model read it (tool-executor's JSON): the Timeline shows the refusal itself instead. */
export function isStructuredRefusal(output: string): boolean {
  try {
    const parsed: unknown = JSON.parse(output);
    return typeof parsed === 'object' && parsed !== null && (parsed as { error?: unknown }).error === 'phase_violation';
  } catch {
    return false;
  }
}

/**
 * "1 syntax error" when a write's result carries a syntax check report (create_file, edit_file),
 * so the Timeline can flag it without the output being expanded; null otherwise.
 */
export function syntaxCheckBadge(output: string): string | null {
  const found = /^Syntax check: (\d+) new errors?\b/m.exec(output);
  if (!found) return null;
  const count = Number(found[1]);
  return `${count} syntax error${count === 1 ? '' : 's'}`;
}

const ROLE_NAMES = { planner: 'Planner', coder: 'Coder', reviewer: 'Reviewer' } as const;
const FIX_TEXT = { review: 'sent back by the review', check: 'sent back by the check' } as const;

/** A role group's header: "Planner", "Coder · round 2 · sent back by the review", "Reviewer · round 1". */
export function roleHeaderText(header: Pick<RoleEntry, 'role' | 'round' | 'fix'>): string {
  const parts: string[] = [ROLE_NAMES[header.role]];
  if (header.role !== 'planner') parts.push(`round ${header.round}`);
  if (header.fix !== null) parts.push(FIX_TEXT[header.fix]);
  return parts.join(' · ');
}
