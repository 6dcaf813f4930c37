import { type ChangeEvent, useRef, useState } from 'react';
import { sessionFileTooLarge } from '../../protocol/session-file';
import { useModalDialog } from '../components/settings/use-modal-dialog';
import type { Scenario } from '../engine/scenarios';
import { formatBytes, formatStart, storageLine, taskTitle } from './format';
import type { SessionsControl } from './use-sessions';

import '../styles/settings.css';
import '../styles/sessions.css';

export interface SessionsDialogProps {
  open: boolean;
  sessions: SessionsControl;
  /** A run is under way: opening another session would hide it. */
  busy: boolean;
  /** The scripted scenarios, offered as ready-made sessions to replay. */
  scenarios: readonly Scenario[];
  onReadyMade: (scenario: string) => void;
  onClose: () => void;
}

/** The stored sessions: open, delete, delete all, open a session file; what they take, against the site's quota. */
export function SessionsDialog({ open, sessions, busy, scenarios, onReadyMade, onClose }: SessionsDialogProps) {
  const [importError, setImportError] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  // The session whose Delete was pressed: its row asks before anything is deleted.
  const [confirmOne, setConfirmOne] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const dialog = useModalDialog(open, () => {
    setImportError(null);
    setConfirmAll(false);
    void sessions.refresh();
  });

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const error = sessionFileTooLarge(file.size) ?? (await sessions.importText(await file.text()));
    setImportError(error);
    if (error === null) onClose();
  };

  const { usage } = sessions;
  const stored = sessions.list.filter((session) => !session.builtIn);
  return (
    <dialog
      ref={dialog}
      className="settings sessions"
      aria-labelledby="sessions-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="sessions-body">
        <h2 id="sessions-title">Sessions</h2>
        {sessions.notKept && <p className="sessions-note">{sessions.notKept}</p>}
        <p className="sessions-usage" aria-label="Storage use">
          {storageLine(stored, usage?.quotaBytes ?? null)}
        </p>
        {stored.length === 0 ? (
          <p>No stored sessions yet. Every run is kept here as it happens.</p>
        ) : (
          <table className="sessions-table">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
                <th scope="col">Model</th>
                <th scope="col">Mode</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stored.map((session) => (
                <tr key={session.id}>
                  <td title={session.task}>
                    {taskTitle(session.task)}
                    {(session.runs ?? 1) > 1 && <span className="sessions-runs"> · {session.runs} runs</span>}
                    {session.importedFrom && (
                      <span className="sessions-runs"> · replay of a {session.importedFrom === 'file' ? 'session file' : 'share link'}</span>
                    )}
                  </td>
                  <td>{formatStart(session)}</td>
                  <td data-status={session.status}>{session.status}</td>
                  <td data-label="Model">{session.model.label}</td>
                  <td data-label="Mode">{session.mode}</td>
                  <td data-label="Size">{formatBytes(session.bytes)}</td>
                  <td className="sessions-actions">
                    <div className="sessions-actions__buttons">
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`Open ${taskTitle(session.task, 40)}`}
                        onClick={() => void sessions.open(session.id).then(onClose)}
                      >
                        Open
                      </button>
                      {confirmOne === session.id ? (
                        <>
                          <button
                            type="button"
                            className="button button--danger"
                            aria-label={`Yes, delete ${taskTitle(session.task, 40)}`}
                            onClick={() => void sessions.remove(session.id).then(() => setConfirmOne(null))}
                          >
                            Yes, delete
                          </button>
                          <button type="button" className="button" onClick={() => setConfirmOne(null)}>
                            Keep
                          </button>
                        </>
                      ) : (
                        <button type="button" className="button" aria-label={`Delete ${taskTitle(session.task, 40)}`} onClick={() => setConfirmOne(session.id)}>
                          Delete
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h3 className="sessions-subtitle">Ready-made sessions</h3>
        <p className="sessions-note">The scripted scenarios, recorded on the virtual sandbox: replay them with no model and no network.</p>
        <ul className="ready-made">
          {scenarios
            .filter((scenario) => scenario.readyMade)
            .map((scenario) => (
              <li key={scenario.name}>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={`Replay ${scenario.title}`}
                  onClick={() => {
                    onReadyMade(scenario.name);
                    onClose();
                  }}
                >
                  Replay
                </button>{' '}
                <strong>{scenario.title}</strong> <span className="sessions-note">{scenario.description}</span>
              </li>
            ))}
        </ul>
        {importError && (
          <p role="alert" className="sessions-error">
            {importError}
          </p>
        )}
        <div className="sessions-footer">
          <button type="button" className="button" onClick={() => fileInput.current?.click()}>
            Open session file
          </button>
          <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={(event) => void openFile(event)} />
          {confirmAll ? (
            <>
              <span>Delete every stored session?</span>
              <button type="button" className="button button--danger" onClick={() => void sessions.removeAll().then(() => setConfirmAll(false))}>
                Yes, delete all
              </button>
              <button type="button" className="button" onClick={() => setConfirmAll(false)}>
                Keep them
              </button>
            </>
          ) : (
            <button type="button" className="button" disabled={stored.length === 0 || busy} onClick={() => setConfirmAll(true)}>
              Delete all
            </button>
          )}
          <button type="button" className="button button--primary sessions-close" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
