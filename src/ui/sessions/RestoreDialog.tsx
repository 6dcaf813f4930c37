import { ModalDialog } from '../components/settings/ModalDialog';

import '../styles/settings.css';

export interface RestoreDialogProps {
  /** What the files go back to: "the start of the run" for Roll back, "this step" for a checkpoint; null: closed. */
  to: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before "Restore files to here" and "Roll back": the sandbox's files are replaced, though "Back to latest" can undo it. */
export function RestoreDialog({ to, onConfirm, onCancel }: RestoreDialogProps) {
  return (
    <ModalDialog open={to !== null} onDismiss={onCancel} className="settings confirm" labelledBy="restore-title" describedBy="restore-text">
      <h2 id="restore-title">Restore the files?</h2>
      <p id="restore-text">
        The files in the sandbox go back to {to ?? 'this point'}: what changed after it is replaced, your own edits too. The run&apos;s files stay stored, and
        &ldquo;Back to latest&rdquo; under the run&apos;s end brings them back.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          Restore files
        </button>
      </div>
    </ModalDialog>
  );
}
