import { type EngineEvent, STREAMED_EVENT_TYPES } from '../../protocol/events';
import { sessionOfRunStart } from '../../protocol/run-sessions';
import { initialState, reduce, type UiState } from './reducer';
import { inBulk } from './timeline';

/** A state is kept every this many events, so a seek reduces at most this many. */
const KEYFRAME_EVERY = 128;

/**
 * The session on the page: its whole log, the state at its end, and, while the viewer replays,
 * the position shown. What the page shows at a position is the reduction of the log up to it;
 * states at regular points are kept (they never change once made), so a seek anywhere in a long
 * session reduces a few dozen events, not thousands.
 */
export interface SessionView {
  log: readonly EngineEvent[];
  /** The state after the whole log. */
  live: UiState;
  /** How many events are shown; null: all of them, following new ones as they come. */
  position: number | null;
  /** What the page shows (the live state, or the state at the position, plus the viewer's picks). */
  shown: UiState;
  keyframes: Map<number, UiState>;
}

export function emptyView(): SessionView {
  return { log: [], live: initialState, position: null, shown: initialState, keyframes: new Map([[0, initialState]]) };
}

/**
 * New events of the session on the page; a view that replays an earlier point stays there.
 * A run of the same session goes on in the same log; a run of another session starts the page
 * over with that session.
 */
export function appendEvents(view: SessionView, events: readonly EngineEvent[]): SessionView {
  let { live, keyframes, position } = view;
  let log = [...view.log];
  inBulk((keep) => {
    for (const event of events) {
      const session = sessionOfRunStart(event);
      if (event.type === 'run_started' && log.length > 0 && session !== live.sessionId) {
        log = [];
        // The sandbox's servers outlive the session that started them.
        live = { ...initialState, previews: live.previews };
        keyframes = new Map([[0, initialState]]);
        position = null;
      }
      log.push(event);
      live = reduce(live, event);
      // The live state passes every keyframe anyway: keeping it costs nothing and makes the first seek as fast as any.
      if (log.length % KEYFRAME_EVERY === 0 && !keyframes.has(log.length)) {
        keyframes.set(log.length, live);
        keep();
      }
    }
  });
  return { log, live, keyframes, position, shown: position === null ? live : view.shown };
}

/** Another session's whole log, shown at `position` (null: at its end, following new events). */
export function loadLog(events: readonly EngineEvent[], position: number | null = null): SessionView {
  return seek(appendEvents(emptyView(), events), position);
}

/** Shows the log up to `position` events (null or the end: follow the live state). */
export function seek(view: SessionView, position: number | null): SessionView {
  if (position === null || position >= view.log.length) return { ...view, position: null, shown: view.live };
  const at = Math.max(0, Math.floor(position));
  return { ...view, position: at, shown: stateAt(view, at) };
}

/** The state after the first `position` events, from the nearest keyframe before it. */
export function stateAt(view: SessionView, position: number): UiState {
  const start = Math.floor(position / KEYFRAME_EVERY) * KEYFRAME_EVERY;
  let base = start;
  while (!view.keyframes.has(base)) base -= KEYFRAME_EVERY;
  let state = view.keyframes.get(base) ?? initialState;
  return inBulk((keep) => {
    for (let i = base; i < position; i++) {
      state = reduce(state, view.log[i] as EngineEvent);
      if ((i + 1) % KEYFRAME_EVERY === 0 && !view.keyframes.has(i + 1)) {
        view.keyframes.set(i + 1, state);
        keep();
      }
    }
    return state;
  });
}

/** The viewer's own picks (a file, an outline) change what is shown, and the live state when it is shown. */
export function pick(view: SessionView, change: (state: UiState) => UiState): SessionView {
  const shown = change(view.shown);
  return view.position === null ? { ...view, live: shown, shown } : { ...view, shown };
}

/** Positions a step lands on: after each event that is not a streamed piece of a reply. */
export function isStop(log: readonly EngineEvent[], position: number): boolean {
  if (position <= 0 || position >= log.length) return true;
  const type = log[position - 1]?.type;
  return type === undefined || !STREAMED_EVENT_TYPES.has(type);
}

export function nextStop(log: readonly EngineEvent[], position: number): number {
  let next = Math.min(log.length, position + 1);
  while (!isStop(log, next)) next++;
  return next;
}

export function previousStop(log: readonly EngineEvent[], position: number): number {
  let previous = Math.max(0, position - 1);
  while (!isStop(log, previous)) previous--;
  return previous;
}
