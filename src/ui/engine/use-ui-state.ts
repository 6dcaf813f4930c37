import { useMemo, useReducer } from 'react';
import type { EngineEvent } from '../../protocol/events';
import { initialState, reduceAll, revealLines, type RevealRange, selectFile, showOutline, type UiState } from '../state/reducer';

type Action =
  | { type: 'events'; events: EngineEvent[] }
  | { type: 'load'; events: EngineEvent[] }
  | { type: 'select_file'; path: string }
  | { type: 'reveal_lines'; path: string; range: RevealRange }
  | { type: 'show_outline'; path: string };

function uiReducer(state: UiState, action: Action): UiState {
  switch (action.type) {
    case 'events':
      return reduceAll(state, action.events);
    case 'load':
      return reduceAll(initialState, action.events);
    case 'select_file':
      return selectFile(state, action.path);
    case 'reveal_lines':
      return revealLines(state, action.path, action.range);
    case 'show_outline':
      return showOutline(state, action.path);
  }
}

export interface UiActions {
  receiveEvents(events: EngineEvent[]): void;
  /** Shows a whole stored log instead of what was shown (an empty one clears the page). */
  loadEvents(events: EngineEvent[]): void;
  selectFile(path: string): void;
  revealLines(path: string, range: RevealRange): void;
  showOutline(path: string): void;
}

/** What the page shows: the event log folded by the reducer, plus the user's picks in the editor. */
export function useUiState(): [UiState, UiActions] {
  const [state, dispatch] = useReducer(uiReducer, initialState);
  const actions = useMemo<UiActions>(
    () => ({
      receiveEvents: (events) => dispatch({ type: 'events', events }),
      loadEvents: (events) => dispatch({ type: 'load', events }),
      selectFile: (path) => dispatch({ type: 'select_file', path }),
      revealLines: (path, range) => dispatch({ type: 'reveal_lines', path, range }),
      showOutline: (path) => dispatch({ type: 'show_outline', path }),
    }),
    [],
  );
  return [state, actions];
}
