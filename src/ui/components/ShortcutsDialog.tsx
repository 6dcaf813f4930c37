import { REPLAY_KEYS } from '../replay/replay-keys';
import { SHORTCUTS } from '../use-shortcuts';
import { ModalDialog } from './settings/ModalDialog';

import '../styles/settings.css';

/** The "Keyboard shortcuts" list (SHORTCUTS, then the replay's keys, REPLAY_KEYS); Escape or Close shuts it and focus goes back where it was. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onDismiss={onClose} className="settings shortcuts" labelledBy="shortcuts-title">
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
      <h3 id="replay-keys-title">Replay</h3>
      <dl className="shortcut-list" aria-labelledby="replay-keys-title">
        {REPLAY_KEYS.map((entry) => (
          <div key={entry.short}>
            <dt>
              {entry.keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{entry.description}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        <kbd>?</kbd> shows this list (outside a text field). On a Mac, ⌘ works as Ctrl. The replay keys act while a replay bar shows, outside text fields and
        widgets with arrow keys of their own; Space only outside buttons, except in presenter mode.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
