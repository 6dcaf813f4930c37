import { useEffect, useRef } from 'react';

export type ShortcutId = 'run' | 'stop' | 'settings' | 'task';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as the "Keyboard shortcuts" dialog shows them. */
  keys: string;
  description: string;
}

/** The page's shortcuts: the dialog lists these, `shortcutFor` matches them. `?` opens the dialog. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'run', keys: 'Ctrl+Enter', description: 'Run the task (in the Task box)' },
  { id: 'stop', keys: 'Escape', description: 'Stop the run (outside a text field)' },
  { id: 'settings', keys: 'Ctrl+,', description: 'Open Settings' },
  { id: 'task', keys: 'Ctrl+K', description: 'Go to the Task box' },
];

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * What a key press does on the page, or null. Ctrl+Enter is the Task box's own key (TaskComposer);
 * Escape and `?` act only outside text fields. ⌘ counts as Ctrl.
 */
export function shortcutFor(event: ShortcutKey, inField: boolean): ShortcutId | 'help' | null {
  if (event.altKey) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl) {
    if (event.key === ',') return 'settings';
    if (event.key === 'k' || event.key === 'K') return 'task';
    return null;
  }
  if (inField) return null;
  if (event.key === '?') return 'help';
  if (event.key === 'Escape') return 'stop';
  return null;
}

/** Where keys belong to a text field (the Task box, a form field, the editor, the terminal). */
export function isTextField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.monaco-editor')) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file'].includes((target as HTMLInputElement).type);
}

/** A modal dialog is showing (its own keys, and the page behind is inert). */
function modalOpen(): boolean {
  try {
    return document.querySelector('dialog:modal') !== null;
  } catch {
    return document.querySelector('dialog[open]') !== null; // a browser without :modal
  }
}

export interface ShortcutActions {
  /** A run is going: Escape stops it. */
  canStop: boolean;
  stop: () => void;
  openSettings: () => void;
  openShortcuts: () => void;
}

/** The page-wide keys from SHORTCUTS (plus `?`); none act while a modal dialog is open. */
export function useShortcuts(actions: ShortcutActions): void {
  const current = useRef(actions);
  current.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || modalOpen()) return;
      const id = shortcutFor(event, isTextField(event.target));
      const act = current.current;
      switch (id) {
        case 'help':
          act.openShortcuts();
          break;
        case 'stop':
          if (!act.canStop) return;
          act.stop();
          break;
        case 'settings':
          act.openSettings();
          break;
        case 'task':
          document.getElementById('task')?.focus();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
