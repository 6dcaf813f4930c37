import { changedBy, type EngineEvent } from '../protocol/events';
import { EARLIER_RUN_LINE, EARLIER_RUNS_SECTION, renderTemplate, USER_EDITS_LINE } from './prompts';

/** What a later run of a session is told about each run before it. */
export interface EarlierRun {
  task: string;
  status: 'completed' | 'failed' | 'cancelled' | 'interrupted';
  /** The run's last answer, or why it failed. */
  outcome: string | null;
  /** Workspace paths the run created, edited or deleted, in the order first changed. */
  changedFiles: string[];
  /** Paths the user edited in the Editor after this run ended, in the order first edited (absent: none). */
  userEdited?: string[];
}

/** At most this many earlier runs are described (the latest ones); each field is cut to fit. */
export const EARLIER_RUN_LIMITS = { runs: 5, task: 300, outcome: 400, files: 20 } as const;

/** The only events `earlierRunsOf` reads: a caller with a stored log resolves just these. */
export const EARLIER_RUN_EVENTS: ReadonlySet<string> = new Set(['run_started', 'file_changed', 'run_finished']);

/** The runs of a session's log, in order, as a later run is told about them. */
export function earlierRunsOf(events: readonly EngineEvent[]): EarlierRun[] {
  const runs: EarlierRun[] = [];
  let current: EarlierRun | null = null;
  for (const event of events) {
    if (event.type === 'run_started') {
      current = { task: event.task, status: 'interrupted', outcome: null, changedFiles: [] };
      runs.push(current);
    } else if (current && event.type === 'file_changed' && changedBy(event) === 'user') {
      // Recorded under the run before them (a user edit happens between runs): told apart, not as the run's change.
      const edited = (current.userEdited ??= []);
      if (!edited.includes(event.path)) edited.push(event.path);
    } else if (current && event.type === 'file_changed' && !current.changedFiles.includes(event.path)) {
      current.changedFiles.push(event.path);
    } else if (current && event.type === 'run_finished') {
      current.status = event.status;
      current.outcome = event.summary ?? event.reason ?? null;
    }
  }
  return runs;
}

const cut = (text: string, max: number): string => {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
};

/** The task message's note on earlier runs of the session ('' when there are none). */
export function earlierRunsSection(runs: readonly EarlierRun[]): string {
  if (runs.length === 0) return '';
  const shown = runs.slice(-EARLIER_RUN_LIMITS.runs);
  const first = runs.length - shown.length + 1;
  const lines = shown.map((run, index) => {
    const files = run.changedFiles.slice(0, EARLIER_RUN_LIMITS.files);
    const more = run.changedFiles.length - files.length;
    return renderTemplate(EARLIER_RUN_LINE, {
      number: String(first + index),
      task: cut(run.task, EARLIER_RUN_LIMITS.task),
      status: run.status,
      files: files.length === 0 ? 'none' : `${files.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      outcome: run.outcome === null ? '(none)' : cut(run.outcome, EARLIER_RUN_LIMITS.outcome),
    });
  });
  const section = renderTemplate(EARLIER_RUNS_SECTION, { runs: lines.join('\n') });
  const edits = userEditsLine(runs.at(-1)?.userEdited ?? []);
  return edits === '' ? section : `${section}\n${edits}`;
}

/** "The user edited a.ts, README.md since the last run." ('' for none): the next run must not assume its own files. */
export function userEditsLine(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const shown = paths.slice(0, EARLIER_RUN_LIMITS.files);
  const more = paths.length - shown.length;
  return renderTemplate(USER_EDITS_LINE, { files: `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}` });
}
