import type { ChatMessage } from '../../model/port';
import type { EngineEvent } from '../../protocol/events';
import { conversationOf } from '../conversation';
import { pinnedState } from './pinned-state';
import { requestView, type ViewSettings } from './request-view';

/**
 * The request a run's log gives for its next model call: the conversation folded from the log
 * (summaries applied), the pinned state, masking as the window requires. What the loop sends is
 * this, so a resumed run (or a test) can rebuild any request from the stored log alone.
 */
export function requestOfLog(events: readonly EngineEvent[], settings: ViewSettings): ChatMessage[] {
  const pinned = events.some((e) => e.type === 'run_started') ? pinnedState(events) : null;
  return requestView(conversationOf(events), pinned, settings).messages;
}
