/** What decides whether the user may edit the workspace's files in the Editor now. */
export interface EditConditions {
  /** A run (or a resume) is under way, or one was asked for. */
  running: boolean;
  /** An opened folder or zip is being written into the workspace. */
  importing: boolean;
  /** A replay shows an earlier point of the session. */
  replaying: boolean;
  /** The session on the page came from a link or a file: the sandbox does not hold its files. */
  replayOnly: boolean;
  /** The session on the page is a ready-made one (a recorded demo), replayed rather than added to. */
  readyMade: boolean;
  /** The session's last run was cut off and waits to be resumed. */
  interrupted: boolean;
  /** The session on the page (null: none yet, or a new one not started). */
  sessionId: string | null;
}

/**
 * null when the user may edit (between runs of their own session, at its end); otherwise why not,
 * in words the Editor shows and Monaco says when the user types.
 */
export function editReadOnlyReason(at: EditConditions): string | null {
  if (at.running) return 'a run is under way. Edit the files once it ends.';
  if (at.importing) return 'files are being opened into the workspace.';
  if (at.replayOnly) return 'this shared session plays as a replay. "Continue from here" to work on its files.';
  if (at.readyMade) return 'this ready-made session plays as a replay. Run a task to start a session of your own.';
  if (at.replaying) return 'the replay shows the files as they were. Go to the end of the session to edit them.';
  if (at.interrupted) return 'the last run was cut off. Resume it, or start a new session, before editing.';
  if (at.sessionId === null) return 'run a task first: your edits are recorded in its session.';
  return null;
}
