import { useMemo, useReducer } from 'react';
import type { EngineEvent } from '../../protocol/events';
import { openWorkspaceFile } from '../state/files';
import { revealLines, type RevealRange, selectFile, showOutline, type UiState } from '../state/reducer';
import { appendEvents, emptyView, loadLog, pick, seek, type SessionView } from '../state/session-view';

type Action =
  | { type: 'events'; events: EngineEvent[] }
  | { type: 'load'; events: EngineEvent[]; position: number | null }
  | { type: 'seek'; position: number | null }
  | { type: 'pick'; change: (state: UiState) => UiState };

function viewReducer(view: SessionView, action: Action): SessionView {
  switch (action.type) {
    case 'events':
      return appendEvents(view, action.events);
    case 'load':
      return loadLog(action.events, action.position);
    case 'seek':
      return seek(view, action.position);
    case 'pick':
      return pick(view, action.change);
  }
}

export interface UiActions {
  receiveEvents(events: EngineEvent[]): void;
  /** Shows a whole stored log instead of what was shown (an empty one clears the page), at `position` (default: its end). */
  loadEvents(events: EngineEvent[], position?: number | null): void;
  /** Shows the log up to `position` events; null follows the end. */
  seek(position: number | null): void;
  selectFile(path: string): void;
  revealLines(path: string, range: RevealRange): void;
  showOutline(path: string): void;
  /** Opens a workspace file the explorer fetched (selects it when the page already shows it). */
  openFile(path: string, content: string, truncated: boolean): void;
}

/** What the page shows: the session's log folded by the reducer, at the replay position, plus the user's picks. */
export function useUiState(): [SessionView, UiActions] {
  const [view, dispatch] = useReducer(viewReducer, undefined, emptyView);
  const actions = useMemo<UiActions>(
    () => ({
      receiveEvents: (events) => dispatch({ type: 'events', events }),
      loadEvents: (events, position = null) => dispatch({ type: 'load', events, position }),
      seek: (position) => dispatch({ type: 'seek', position }),
      selectFile: (path) => dispatch({ type: 'pick', change: (state) => selectFile(state, path) }),
      revealLines: (path, range) => dispatch({ type: 'pick', change: (state) => revealLines(state, path, range) }),
      showOutline: (path) => dispatch({ type: 'pick', change: (state) => showOutline(state, path) }),
      openFile: (path, content, truncated) => dispatch({ type: 'pick', change: (state) => openWorkspaceFile(state, path, content, truncated) }),
    }),
    [],
  );
  return [view, actions];
}
