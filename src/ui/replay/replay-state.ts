import type { RunStatus } from '../../protocol/events';

/** A replay the page shows: the agent steps shown out of the log's. */
export interface ReplayShown {
  step: number;
  steps: number;
}

export interface ReplayStateInput {
  /** Events in the session's log. */
  length: number;
  /** The replay position (null: the log's end, following it). */
  position: number | null;
  playing: boolean;
  /** A run of this page is under way (it may still wait for the sandbox). */
  busy: boolean;
  /** The session on the page came from a link or a file: the page only replays it. */
  replayOnly: boolean;
  /** Agent steps done at the position shown, and in the whole log (agent-steps.ts). */
  step: number;
  steps: number;
}

/**
 * Whether the page shows a replay rather than the live session, and where: while it plays, while
 * it shows a point before the log's end, and always for a session from a link or a file. Never
 * during a live run: the replay bar is gone then, and the page follows the run.
 */
export function replayShown(input: ReplayStateInput): ReplayShown | null {
  if (input.busy || input.length === 0) return null;
  if (input.position === null && !input.playing && !input.replayOnly) return null;
  return { step: input.step, steps: input.steps };
}

export function replayStatusText(shown: ReplayShown): string {
  return `Replay ${shown.step}/${shown.steps}`;
}

export interface LiveRunStatusInput {
  /** The status at the log's end: the live engine's, or the session's last outcome. */
  liveStatus: RunStatus;
  /** A run was asked for and has not shown its start yet (it may wait for the sandbox). */
  pending: boolean;
  /** A stored run that was cut off is on the page (its log ends mid-run). */
  interrupted: boolean;
  replayOnly: boolean;
}

/**
 * The header's "Run status": the live engine, never the replayed point. While a run goes it reads
 * running (or waiting); otherwise the session's last outcome (idle, completed, failed, cancelled),
 * or interrupted for a log that ends mid-run with nothing running it (a cut-off run, a shared one).
 */
export function liveRunStatus(input: LiveRunStatusInput): RunStatus | 'interrupted' {
  if (input.pending) return 'running';
  const cutOff = input.liveStatus === 'running' || input.liveStatus === 'waiting';
  if ((input.interrupted && input.liveStatus !== 'waiting') || (input.replayOnly && cutOff)) return 'interrupted';
  return input.liveStatus;
}
