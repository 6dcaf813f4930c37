import { useRef } from 'react';
import { SHORTCUTS } from '../use-shortcuts';
import { useModalDialog } from './settings/use-modal-dialog';

import '../styles/settings.css';

/** The "Keyboard shortcuts" list (SHORTCUTS); Escape or Close shuts it and focus goes back where it was. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const returnTo = useRef<HTMLElement | null>(null);
  const dialog = useModalDialog(open, () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  });

  return (
    <dialog
      ref={dialog}
      className="settings shortcuts"
      aria-labelledby="shortcuts-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (returnTo.current?.isConnected) returnTo.current.focus();
        returnTo.current = null;
      }}
    >
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl className="shortcut-list">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.id}>
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        <kbd>?</kbd> shows this list (outside a text field). On a Mac, ⌘ works as Ctrl.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
