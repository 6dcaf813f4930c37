import type { SessionMeta } from '../../protocol/session-file';
import type { Mode } from '../../protocol/settings';
import { formatStart, taskTitle } from './format';
import type { SessionsControl } from './use-sessions';

const MODE_NAMES: Record<Mode, string> = { react: 'ReAct', plan_exec: 'plan & execute', orchestrator: 'orchestrator' };
const SANDBOX_NAMES: Record<SessionMeta['sandbox'], string> = { virtual: 'offline sandbox', webcontainer: 'WebContainer' };

export interface SharedSessionActions {
  onReplayFromStart: () => void;
  /** null while it cannot (a run of the viewer's is going). */
  onContinue: (() => void) | null;
}

/** "Shared session · task · date · model · mode · sandbox": what a link or a file holds, as its own runs recorded it. */
export function sharedSessionLine(session: SessionMeta): string {
  return [
    'Shared session',
    taskTitle(session.task),
    formatStart(session),
    `model ${session.model.label}`,
    MODE_NAMES[session.mode],
    SANDBOX_NAMES[session.sandbox],
  ].join(' · ');
}

/** What the page says about the session itself: an interrupted run to resume, a shared session to replay, storage trouble. */
export function SessionBanners({ sessions, canResume, shared }: { sessions: SessionsControl; canResume: boolean; shared: SharedSessionActions }) {
  const { interrupted, replayOnly, storageProblem } = sessions;
  return (
    <>
      {replayOnly && (
        <div className="banner banner--replay" role="region" aria-label="Shared session">
          <p>
            <strong>{sharedSessionLine(replayOnly)}</strong>
          </p>
          <p>
            It came from {replayOnly.importedFrom === 'file' ? 'a session file' : 'a share link'} and plays here as a replay: nothing in it runs.
            &ldquo;Continue from here&rdquo; starts a new run of yours, under your Settings, from the point shown.
          </p>
          <button type="button" className="button" onClick={shared.onReplayFromStart}>
            Replay from the start
          </button>
          <button type="button" className="button button--primary" disabled={shared.onContinue === null} onClick={shared.onContinue ?? undefined}>
            Continue from here
          </button>
        </div>
      )}
      {interrupted && (
        <div className="banner banner--interrupted" role="region" aria-label="Interrupted run">
          <p>
            {interrupted.forkedFrom
              ? 'This session continues an earlier one from the point you picked. Resume carries on from there with the model and the mode in Settings.'
              : 'This run was interrupted (the page was reloaded or the engine stopped). Resume goes on from its last saved step.'}
          </p>
          <button type="button" className="button button--primary" disabled={!canResume} onClick={() => sessions.resume()}>
            Resume
          </button>
        </div>
      )}
      {storageProblem && (
        <div className="banner banner--storage" role="alert">
          <p>{storageProblem.message}</p>
          {storageProblem.kind === 'full' && (
            <button type="button" className="button" onClick={() => void sessions.freeSpace()}>
              Delete oldest sessions
            </button>
          )}
          <button type="button" className="button" onClick={sessions.dismissStorageProblem}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
