import { lazy, Suspense, useState } from 'react';
import { usePaneLayout } from '../components/pane-layout';
import { PanePanel } from '../components/PanePanel';
import type { ExplorerSource } from './explorer-source';

// The tree, its model and its styles load only when the explorer is first shown.
const FileExplorer = lazy(() => import('./FileExplorer'));

/** The file explorer, loaded on first use. */
export function ExplorerPanel({ source }: { source: ExplorerSource }) {
  return (
    <Suspense fallback={<p className="empty">Loading the file explorer…</p>}>
      <FileExplorer source={source} />
    </Suspense>
  );
}

/** On a narrow screen the explorer is a pane of its own ("Files"), made once it is first shown. */
export function FilesPane({ source }: { source: ExplorerSource }) {
  const { tabbed, shown } = usePaneLayout();
  const [wanted, setWanted] = useState(false);
  if (tabbed && shown === 'files' && !wanted) setWanted(true);
  if (!tabbed) return null;
  return (
    <PanePanel pane="files" className="pane-panel pane-panel--files">
      <div className="panel files-pane">{wanted && <ExplorerPanel source={source} />}</div>
    </PanePanel>
  );
}
