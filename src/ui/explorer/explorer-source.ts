import type { EngineEvent } from '../../protocol/events';
import type { WorkspaceListing, WorkspacePoint } from '../../worker/api';
import { changedFiles, userEditedFiles } from './changes';
import type { Badge } from './tree-model';

/** What the file explorer reads and where: given by the page (App), used by the lazily loaded panel. */
export interface ExplorerSource {
  /** null: the sandbox's workspace now; else a stored session's, as its last snapshot by that point held it. */
  point: WorkspacePoint;
  /** Changes whenever the listing may have changed (a file changed, a run ended, an import was written, a seek). */
  refreshKey: string;
  listPaths(at: WorkspacePoint): Promise<WorkspaceListing>;
  /** What the session's runs changed up to the position shown. */
  changes: ReadonlyMap<string, Badge>;
  /** The files the user saved in the Editor up to the position shown (marked apart from the runs' changes). */
  userEdits: ReadonlySet<string>;
  /** The file the Editor shows. */
  activePath: string | null;
  /** Opens the file in the Editor; rejects with a message the explorer shows. */
  open(path: string): Promise<void>;
}

export interface ExplorerInputs {
  log: readonly EngineEvent[];
  /** The replay position, null at the live end. */
  position: number | null;
  sessionId: string | null;
  /** The session is a replay only (from a link or a file): the sandbox does not hold its files. */
  replayOnly: boolean;
  /** Counts a run ending, an import written, a new session: the sandbox's files may differ now. */
  generation: string;
}

/**
 * Where the explorer reads: at a replay position (or for a replay-only session) the stored
 * session's snapshot by then, since the sandbox holds today's files; otherwise the sandbox.
 */
export function explorerPoint({ log, position, sessionId, replayOnly }: ExplorerInputs): WorkspacePoint {
  if (sessionId === null || (position === null && !replayOnly)) return null;
  return { sessionId, count: position ?? log.length };
}

/** The listing's refresh key: the last snapshot by the point, or the sandbox's last change. */
export function explorerRefreshKey(inputs: ExplorerInputs, point: WorkspacePoint): string {
  const end = point === null ? inputs.log.length : Math.min(point.count, inputs.log.length);
  let last = -1;
  for (let i = end - 1; i >= 0; i--) {
    const type = inputs.log[i]?.type;
    if (type === 'workspace_snapshot' || (point === null && (type === 'file_changed' || type === 'checkpoint_restored'))) {
      last = i;
      break;
    }
  }
  return point === null ? `live:${inputs.sessionId ?? ''}:${last}:${inputs.generation}` : `at:${point.sessionId}:${last}`;
}

export function explorerChanges(inputs: ExplorerInputs): Map<string, Badge> {
  return changedFiles(inputs.log, inputs.position ?? inputs.log.length);
}

export function explorerUserEdits(inputs: ExplorerInputs): Set<string> {
  return userEditedFiles(inputs.log, inputs.position ?? inputs.log.length);
}
