/** What decides whether the Task box offers a follow-up in the session on the page. */
export interface FollowUpConditions {
  /** The page shows a run of this session. */
  hasRun: boolean;
  busy: boolean;
  /** The session came from a link or a file, or is a ready-made demo: replayed, never added to. */
  replayedOnly: boolean;
  /** A replay shows an earlier point. */
  replaying: boolean;
  /** The next run plays a scripted scenario, which starts a session of its own. */
  scripted: boolean;
}

/** True when Run would add a run to the session on the page: the Task box then reads "Follow up". */
export function followUpOffered(at: FollowUpConditions): boolean {
  return at.hasRun && !at.busy && !at.replayedOnly && !at.replaying && !at.scripted;
}
