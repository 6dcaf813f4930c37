import type { ReactNode } from 'react';
import { type PaneId, panePanelId, paneTabId, usePaneLayout } from './pane-layout';

export interface PanePanelProps {
  pane: PaneId;
  className?: string;
  children: ReactNode;
}

/**
 * One of the workspace's panes. In the tabbed (narrow) layout it is the tab's panel; a pane not
 * shown keeps its size under `visibility: hidden` (layout.css), so Monaco and xterm stay fitted.
 */
export function PanePanel({ pane, className = 'pane-panel', children }: PanePanelProps) {
  const { tabbed, shown } = usePaneLayout();
  return (
    <div
      id={panePanelId(pane)}
      className={className}
      role={tabbed ? 'tabpanel' : undefined}
      aria-labelledby={tabbed ? paneTabId(pane) : undefined}
      data-pane-shown={!tabbed || pane === shown ? 'true' : 'false'}
    >
      {children}
    </div>
  );
}
