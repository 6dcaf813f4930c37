import type { SessionsControl } from './use-sessions';

/** What the page says about the session itself: an interrupted run to resume, a replay-only session, storage trouble. */
export function SessionBanners({ sessions, canResume }: { sessions: SessionsControl; canResume: boolean }) {
  const { interrupted, replayOnly, storageProblem } = sessions;
  return (
    <>
      {replayOnly && (
        <div className="banner banner--replay" role="region" aria-label="Replay only">
          <p>
            This session came from {replayOnly.importedFrom === 'file' ? 'a session file' : 'a share link'}: it plays here as a replay, and nothing in it runs.
            &ldquo;Continue from here&rdquo; starts a new run of yours, under your Settings, from the point shown.
          </p>
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
