import { type KeyboardEvent, useRef } from 'react';
import { type PaneId, panePanelId, PANES, paneTabId } from './pane-layout';

export interface PaneTabsProps {
  shown: PaneId;
  onSelect: (pane: PaneId) => void;
  /** Panes with something new since they were last shown (a dot on their tab). */
  fresh: ReadonlySet<PaneId>;
  /** Panes with nothing to show now, left out of the list. */
  hidden?: ReadonlySet<PaneId>;
}

/** The narrow layout's tab list: Task and Timeline, Editor, Terminal (the ARIA tabs pattern). */
export function PaneTabs({ shown, onSelect, fresh, hidden }: PaneTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const panes = hidden ? PANES.filter((pane) => !hidden.has(pane.id)) : PANES;
  const current = panes.findIndex((pane) => pane.id === shown);

  // Arrow keys move to the next tab and show its pane (automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = panes.length - 1;
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const pane = panes[target > last ? 0 : target < 0 ? last : target];
    if (!pane) return;
    onSelect(pane.id);
    list.current?.querySelector<HTMLElement>(`#${paneTabId(pane.id)}`)?.focus();
  };

  return (
    <div role="tablist" aria-label="Workspace panes" className="pane-tabs" ref={list} onKeyDown={onKeyDown}>
      {panes.map((pane) => (
        <button
          key={pane.id}
          id={paneTabId(pane.id)}
          type="button"
          role="tab"
          aria-selected={pane.id === shown}
          aria-controls={panePanelId(pane.id)}
          tabIndex={pane.id === shown ? 0 : -1}
          className="pane-tab"
          onClick={() => onSelect(pane.id)}
        >
          {pane.label}
          {fresh.has(pane.id) && (
            <span className="pane-tab__dot">
              <span className="visually-hidden">, new</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
