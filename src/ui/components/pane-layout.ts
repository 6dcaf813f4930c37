import { createContext, useContext } from 'react';

/** The workspace's panes; on a narrow screen one shows at a time, chosen by a tab (the file explorer sits in the Editor on a wide one). */
export type PaneId = 'task' | 'editor' | 'terminal' | 'files' | 'preview';

export const PANES: ReadonlyArray<{ id: PaneId; label: string }> = [
  { id: 'task', label: 'Task and Timeline' },
  { id: 'editor', label: 'Editor' },
  { id: 'terminal', label: 'Terminal' },
  { id: 'files', label: 'Files' },
  // Listed only while a server of the sandbox's is ready (Workspace's `hidden`).
  { id: 'preview', label: 'Preview' },
];

export const paneTabId = (pane: PaneId) => `pane-tab-${pane}`;
export const panePanelId = (pane: PaneId) => `pane-${pane}`;

export interface PaneLayout {
  /** Narrow screen: the panes are tabs. */
  tabbed: boolean;
  shown: PaneId;
  /** Shows a pane (in the tabbed layout; a no-op in columns). */
  show(pane: PaneId): void;
}

export const PaneLayoutContext = createContext<PaneLayout>({ tabbed: false, shown: 'task', show: () => {} });

export function usePaneLayout(): PaneLayout {
  return useContext(PaneLayoutContext);
}
