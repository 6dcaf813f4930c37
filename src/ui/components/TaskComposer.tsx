import type { KeyboardEvent } from 'react';
import type { Mode } from '../../protocol/settings';

import '../styles/demo-note.css';

export interface TaskComposerProps {
  /** Presenter mode, once a session is on the page: the room needs the Timeline, not the Task box. */
  hidden?: boolean;
  /** A replay plays: Run waits until it is paused (the hint says so). */
  replayPlaying?: boolean;
  task: string;
  onTaskChange: (task: string) => void;
  canRun: boolean;
  canStop: boolean;
  waitingForSandbox: boolean;
  workerReady: boolean;
  /** The scripted demo is chosen (null: a real model): the task it plays, and whether the typed task is another. */
  demo: { playedTask: string; runsOtherTask: boolean; ownMode: Mode | null } | null;
  onRun: () => void;
  onStop: () => void;
  /**
   * A run of this session has ended: the box asks for a follow-up, run in the same session under a
   * divider. Its accessible name stays "Task" (the page's contract); "Follow up" is its visible heading.
   */
  followUp?: boolean;
}

const MODE_NAMES: Record<Mode, string> = { react: 'ReAct', plan_exec: 'plan & execute', orchestrator: 'orchestrator' };

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function TaskComposer(props: TaskComposerProps) {
  const {
    hidden = false,
    replayPlaying = false,
    task,
    onTaskChange,
    canRun,
    canStop,
    waitingForSandbox,
    workerReady,
    demo,
    onRun,
    onStop,
    followUp = false,
  } = props;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };

  const hint = !workerReady
    ? 'Starting the engine…'
    : waitingForSandbox
      ? 'Waiting for the sandbox to start…'
      : replayPlaying
        ? 'Pause the replay to run'
        : task.trim() === ''
          ? followUp
            ? 'Type a follow-up to run'
            : 'Type a task to run'
          : `${isMac ? '⌘' : 'Ctrl'}+Enter runs`;

  return (
    <form
      className="composer"
      hidden={hidden}
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
    >
      {followUp ? (
        // The visible heading says "Follow up"; the box keeps its name "Task" (aria-label), as the page's contract has it.
        <p className="composer-label" id="task-heading" aria-hidden="true">
          Follow up
        </p>
      ) : (
        <label className="composer-label" htmlFor="task">
          Task
        </label>
      )}
      <textarea
        id="task"
        className="composer-input"
        value={task}
        rows={4}
        spellCheck
        {...(followUp ? { 'aria-label': 'Task', 'aria-description': 'Follow up: a new run in this session, which sees its files and earlier runs' } : {})}
        placeholder={followUp ? 'Ask for a follow-up: what should the agent do next in this session?' : 'Describe what the agent should do in the workspace'}
        onChange={(event) => onTaskChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={demo ? 'task-hint demo-note' : 'task-hint'}
      />
      {demo && (
        <p id="demo-note" className="demo-note">
          {demo.runsOtherTask
            ? `The demo plays a recorded run of its own task, “${demo.playedTask}”, and does not read the one typed here. To run your own task, choose a model in Settings.`
            : 'The demo plays a recorded run of this task. To run your own task, choose a model in Settings.'}
          {demo.ownMode && ` It plays in ${MODE_NAMES[demo.ownMode]} mode, the one it was recorded in, whatever the Mode in Settings.`}
        </p>
      )}
      <div className="composer-actions">
        <button type="submit" className="button button--primary" disabled={!canRun} aria-describedby="task-hint">
          {demo?.runsOtherTask ? 'Run demo' : 'Run'}
        </button>
        <button type="button" className="button" disabled={!canStop} onClick={onStop}>
          Stop
        </button>
        <span id="task-hint" className="hint" aria-live="polite">
          {hint}
        </span>
      </div>
    </form>
  );
}
