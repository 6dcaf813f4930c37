import { ModalDialog } from '../components/settings/ModalDialog';

import '../styles/settings.css';

export interface NewSessionDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before "New session" when the workspace's files changed: they stay in the stored session. */
export function NewSessionDialog({ open, onConfirm, onCancel }: NewSessionDialogProps) {
  return (
    <ModalDialog open={open} onDismiss={onCancel} className="settings confirm" labelledBy="new-session-title" describedBy="new-session-text">
      <h2 id="new-session-title">Start over with the starter project?</h2>
      <p id="new-session-text">
        The files in this workspace changed. A new session starts from the starter project; this session and its files stay stored, and Sessions opens them
        again.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Keep working here
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          Start over
        </button>
      </div>
    </ModalDialog>
  );
}
