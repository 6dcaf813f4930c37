import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { isTextField, shortcutFor } from '../use-shortcuts';
import { type PaneId, PaneLayoutContext } from './pane-layout';
import { PaneTabs } from './PaneTabs';
import { useNarrowLayout } from './use-narrow-layout';

export interface WorkspaceProps {
  /** Values that change when a pane gets something new (compared by identity), for the tabs' dots. */
  activity: Readonly<Record<PaneId, unknown>>;
  /** Panes with nothing to show now (Preview with no server): no tab, and one shown falls back to the Task pane. */
  hidden?: ReadonlySet<PaneId>;
  children: ReactNode;
}

/** The page's <main>: two columns, or on a narrow screen one pane at a time under a tab list. */
export function Workspace({ activity, hidden, children }: WorkspaceProps) {
  const tabbed = useNarrowLayout();
  const [chosen, setShown] = useState<PaneId>('task');
  const shown = hidden?.has(chosen) ? 'task' : chosen;
  const [seen, setSeen] = useState(activity);
  const layout = useMemo(() => ({ tabbed, shown, show: setShown }), [tabbed, shown]);

  // What is on screen counts as seen: everything in the wide layout, the shown pane in the tabbed one.
  const { task, editor, terminal, files, preview } = activity;
  useEffect(() => {
    const now = { task, editor, terminal, files, preview };
    const panes = tabbed ? [shown] : (['task', 'editor', 'terminal', 'files', 'preview'] as const);
    setSeen((before) =>
      panes.every((pane) => before[pane] === now[pane]) ? before : { ...before, ...Object.fromEntries(panes.map((pane) => [pane, now[pane]])) },
    );
  }, [tabbed, shown, task, editor, terminal, files, preview]);

  // Ctrl+K goes to the Task box (use-shortcuts.ts): show its pane first, a hidden box takes no focus.
  useEffect(() => {
    if (!tabbed) return;
    const onKey = (event: KeyboardEvent) => {
      if (shortcutFor(event, isTextField(event.target)) === 'task') flushSync(() => setShown('task'));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [tabbed]);

  const fresh = new Set((['editor', 'terminal'] as const).filter((pane) => pane !== shown && activity[pane] !== seen[pane]));

  return (
    <PaneLayoutContext.Provider value={layout}>
      <main className="workspace" data-layout={tabbed ? 'tabs' : 'columns'}>
        {tabbed && <PaneTabs shown={shown} onSelect={setShown} fresh={fresh} hidden={hidden} />}
        {children}
      </main>
    </PaneLayoutContext.Provider>
  );
}
