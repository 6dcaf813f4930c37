import type { TimelineEntry } from '../state/reducer';

/** Opens a workspace file in the Editor, at a line when given (a handoff card's files and findings); false when it has no text of it. */
/** Opens a workspace file (at a line) in the Editor; resolves with why it could not, or null. */
export type OpenFile = (path: string, line: number | null) => Promise<string | null>;

/** What the Timeline hands every entry; each entry kind reads only some of it. */
export interface TimelineShared<Actions, Wait, Answer, Approve = never> {
  endActions: Actions | null;
  wait: Wait | null;
  /** The answer callback, for the question the run waits on. */
  onAnswer: Answer | null;
  waiting: TimelineEntry | null;
  openFile: OpenFile | null;
  /** The decision callback, for the call the run waits to have approved. */
  onApprove?: Approve | null;
  waitingApproval?: TimelineEntry | null;
}

/**
 * The props one entry is rendered with: only what its kind reads, the rest null. The page makes a
 * new wait (and, live, new end actions) on every render; passing them to entries that ignore them
 * would defeat the memoised entry, and a replay seek would render every entry again.
 */
export function entryProps<Actions, Wait, Answer, Approve = never>(entry: TimelineEntry, shared: TimelineShared<Actions, Wait, Answer, Approve>) {
  const actionsRead = entry.kind === 'end' || (entry.kind === 'tool' && entry.checkpoint !== undefined);
  return {
    entry,
    endActions: actionsRead ? shared.endActions : null,
    wait: entry.kind === 'retry' ? shared.wait : null,
    onAnswer: entry.kind === 'question' && entry === shared.waiting ? shared.onAnswer : null,
    openFile: entry.kind === 'handoff' ? shared.openFile : null,
    onApprove: entry.kind === 'approval' && entry === shared.waitingApproval ? (shared.onApprove ?? null) : null,
  };
}
