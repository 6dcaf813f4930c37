import type { ModelInfo, RunStatus, SandboxInfo } from '../../protocol/events';
import type { Mode } from '../../protocol/settings';
import type { ContextUsage } from './context-usage';
import { type FilesState, initialFiles } from './files';
import { initialPhaseState, type PhaseState } from './phase';
import { initialPreviews, type PreviewsState } from './previews';
import { initialRolesState, type RolesState } from './roles';
import { initialTerminal, type TerminalState } from './terminal';
import type { TimelineEntry } from './timeline';

/** What the page shows, as the reducer (`reducer.ts`) folds it from the event log. */

export interface RunView {
  id: string;
  task: string;
  mode: Mode;
  model: ModelInfo;
  sandbox: SandboxInfo;
  maxIterations: number;
  iteration: number;
  /** How the engine's last check of the work ended in this run (null: none ran). */
  finalCheck: 'passed' | 'failed' | 'skipped' | 'no_tests' | null;
  /** The manifest of the run's last workspace snapshot (its files as they stand), null before the first. */
  lastSnapshot: string | null;
}

/** The run, its Timeline and Terminal, the Editor's files (`FilesState`), the phases or roles and the context meter. */
export interface UiState extends FilesState {
  status: RunStatus;
  /** The session on the page (one workspace and its runs): its first run's id, or the id its runs name. */
  sessionId: string | null;
  /** How many runs of the session the log has started. */
  runs: number;
  run: RunView | null;
  timeline: readonly TimelineEntry[];
  terminal: TerminalState;
  /** plan_exec phases of the current run (empty in react mode). */
  phase: PhaseState;
  /** orchestrator role turns of the current run (empty in the other modes). */
  roles: RolesState;
  /** The context meter: the last request against the window and the run's token totals (null before the first reply). */
  usage: ContextUsage | null;
  /** The session's first and latest workspace snapshots (manifest hashes, equal when its files are as they began): what "Download patch" compares. */
  snapshots: SessionSnapshots;
  /** The sandbox's servers open at this point (a WebContainer process listening on a port). */
  previews: PreviewsState;
}

export interface SessionSnapshots {
  first: string | null;
  last: string | null;
}

/** Whether the session's files differ from how they began (snapshots are content-addressed: same files, same hash). */
export function sessionChangedFiles(state: Pick<UiState, 'snapshots'>): boolean {
  return state.snapshots.first !== null && state.snapshots.last !== state.snapshots.first;
}

export const initialState: UiState = {
  status: 'idle',
  sessionId: null,
  runs: 0,
  run: null,
  timeline: [],
  ...initialFiles,
  terminal: initialTerminal,
  phase: initialPhaseState,
  roles: initialRolesState,
  usage: null,
  snapshots: { first: null, last: null },
  previews: initialPreviews,
};
