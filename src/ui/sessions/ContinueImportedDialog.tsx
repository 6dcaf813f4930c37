import { useEffect, useState } from 'react';
import type { ModelInfo } from '../../protocol/events';
import { type Mode, scriptedScenarioFor } from '../../protocol/settings';
import { ModalDialog } from '../components/settings/ModalDialog';
import type { PageSettings } from '../settings/page-settings';

import '../styles/settings.css';

export interface ContinueImportedDialogProps {
  /** Where to continue from: the replay position, of how many events, and the session's own task. */
  at: { position: number; length: number; task: string; from: 'link' | 'file'; model: ModelInfo } | null;
  settings: PageSettings;
  /** The mode the run will use: Settings' mode, or a scripted scenario's own when Settings' cannot play it. */
  mode: Mode;
  onConfirm: (task: string) => void;
  onCancel: () => void;
  /** The scripted demo cannot go on with another session: the viewer picks a model first. */
  onOpenSettings: () => void;
}

/**
 * The scripted demo plays its own recorded task from its first step: it can go on only from a
 * session of that same scenario, never inside someone else's project.
 */
export function demoCannotContinue(settings: PageSettings, session: ModelInfo): boolean {
  if (settings.model.provider !== 'scripted') return false;
  return session.kind !== 'scripted' || session.name !== scriptedScenarioFor(settings.model.scenario, settings.mode);
}

/**
 * Asked before "Continue from here" on a session from a link or a file: a new run of the viewer's
 * own starts on the files of that point, under their Settings. It says what goes where first.
 */
export function ContinueImportedDialog({ at, settings, mode, onConfirm, onCancel, onOpenSettings }: ContinueImportedDialogProps) {
  const [task, setTask] = useState('');
  useEffect(() => {
    if (at) setTask(at.task);
  }, [at]);
  const { model } = settings;
  const scripted = model.provider === 'scripted';
  const refused = at !== null && demoCannotContinue(settings, at.model);
  return (
    <ModalDialog open={at !== null} onDismiss={onCancel} className="settings confirm" labelledBy="continue-title" describedBy="continue-text">
      <h2 id="continue-title">Start a new run of yours from here?</h2>
      <div id="continue-text">
        <p>
          The {at?.from === 'file' ? 'session file' : 'shared link'} is only replayed: nothing it holds runs, and its conversation is not sent anywhere. A new
          run starts in a session of its own, on the files as they were at event {at?.position ?? 0} of {at?.length ?? 0} (they replace the files in your
          sandbox).
        </p>
        <p>
          {refused
            ? `Your Settings use the scripted demo, which plays only its own recorded task: it cannot go on with this session (recorded with ${at.model.label}). Choose a model in Settings first.`
            : scripted
              ? 'Your Settings use the scripted demo: it plays its own recorded task on the starter project, and nothing leaves this page.'
              : `The task below, and the files the agent lists or reads, go to ${model.model || 'your model'} at ${model.baseUrl || 'your endpoint'} with your API key.`}
        </p>
        <p>
          The run uses your Settings: mode {mode}, up to {settings.maxIterations} steps, destructive commands{' '}
          {settings.allowDestructive ? 'allowed' : 'refused'}.
        </p>
      </div>
      <div className="field">
        <label htmlFor="continue-task">Task for the new run</label>
        <textarea id="continue-task" className="text-input" rows={3} value={task} onChange={(event) => setTask(event.target.value)} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        {refused ? (
          <button type="button" className="button button--primary" onClick={onOpenSettings}>
            Open Settings
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={task.trim() === ''} onClick={() => onConfirm(task.trim())}>
            Start new run
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
