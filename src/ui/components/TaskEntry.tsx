import type { TimelineEntry } from '../state/reducer';

import '../styles/task-entry.css';

type TaskTimelineEntry = Extract<TimelineEntry, { kind: 'task' }>;

/** A run's task in the Timeline as the user's message: a later run's (a follow-up) under a divider naming it; a demo says what it played. */
export function TaskEntry({ entry }: { entry: TaskTimelineEntry }) {
  return (
    <>
      {entry.run > 1 && (
        <p className="run-divider" role="separator" aria-label={`Run ${entry.run}`}>
          <span>Run {entry.run}</span>
        </p>
      )}
      {entry.playedTask !== null && (
        <p className="entry-text notice notice--info played-task">
          <span className="entry-label">Note</span> The demo plays a recorded run of its own task, “{entry.playedTask}”. The task you typed was not used.
        </p>
      )}
      {/* The thread: each run opens with the user's message, the task or a follow-up. */}
      <div className="user-bubble">
        <span className="entry-label">{entry.run > 1 ? 'You · follow-up' : 'You · task'}</span>
        <p className={entry.playedTask === null ? 'entry-text' : 'entry-text entry-text--unused'}>{entry.task}</p>
      </div>
    </>
  );
}
