import { createContext, useContext } from 'react';

/** The workspace's three panes; on a narrow screen one shows at a time, chosen by a tab. */
export type PaneId = 'task' | 'editor' | 'terminal';

export const PANES: ReadonlyArray<{ id: PaneId; label: string }> = [
  { id: 'task', label: 'Task and Timeline' },
  { id: 'editor', label: 'Editor' },
  { id: 'terminal', label: 'Terminal' },
];

export const paneTabId = (pane: PaneId) => `pane-tab-${pane}`;
export const panePanelId = (pane: PaneId) => `pane-${pane}`;

export interface PaneLayout {
  /** Narrow screen: the panes are tabs. */
  tabbed: boolean;
  shown: PaneId;
}

export const PaneLayoutContext = createContext<PaneLayout>({ tabbed: false, shown: 'task' });

export function usePaneLayout(): PaneLayout {
  return useContext(PaneLayoutContext);
}
