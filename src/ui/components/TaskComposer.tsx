import type { KeyboardEvent } from 'react';

export interface TaskComposerProps {
  task: string;
  onTaskChange: (task: string) => void;
  canRun: boolean;
  canStop: boolean;
  waitingForSandbox: boolean;
  workerReady: boolean;
  onRun: () => void;
  onStop: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function TaskComposer(props: TaskComposerProps) {
  const { task, onTaskChange, canRun, canStop, waitingForSandbox, workerReady, onRun, onStop } = props;

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
      : task.trim() === ''
        ? 'Type a task to run'
        : `${isMac ? '⌘' : 'Ctrl'}+Enter runs`;

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
    >
      <label className="composer-label" htmlFor="task">
        Task
      </label>
      <textarea
        id="task"
        className="composer-input"
        value={task}
        rows={4}
        spellCheck
        placeholder="Describe what the agent should do in the workspace"
        onChange={(event) => onTaskChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="task-hint"
      />
      <div className="composer-actions">
        <button type="submit" className="button button--primary" disabled={!canRun}>
          Run
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
