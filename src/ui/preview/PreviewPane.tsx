import { usePaneLayout } from '../components/pane-layout';
import { PanePanel } from '../components/PanePanel';
import type { PreviewAvailability } from '../state/previews';
import { PreviewPanel } from './PreviewPanel';

/** When this page loaded: a server announced before then ran in a page that is gone. */
export const PAGE_STARTED_AT = Math.floor(globalThis.performance?.timeOrigin ?? Date.now());

/** On a narrow screen the preview is a pane of its own ("Preview"), there while a server is. */
export function PreviewPane({ availability }: { availability: PreviewAvailability }) {
  const { tabbed } = usePaneLayout();
  if (!tabbed) return null;
  return (
    <PanePanel pane="preview" className="pane-panel pane-panel--files">
      <PreviewPanel availability={availability} />
    </PanePanel>
  );
}
