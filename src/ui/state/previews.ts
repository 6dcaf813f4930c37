import type { EventOf } from '../../protocol/events';

/** A server the sandbox announced: its port, the address the page frames, and when (the event's time). */
export interface PreviewServer {
  port: number;
  url: string;
  readyAt: number;
}

/** The sandbox's servers open at this point of the log, by port. */
export type PreviewsState = readonly PreviewServer[];

export const initialPreviews: PreviewsState = [];

export function changePreviews(previews: PreviewsState, event: EventOf<'preview_ready' | 'preview_closed'>): PreviewsState {
  const others = previews.filter((server) => server.port !== event.port);
  if (event.type === 'preview_closed') return others.length === previews.length ? previews : others;
  return [...others, { port: event.port, url: event.url, readyAt: event.ts }].sort((a, b) => a.port - b.port);
}

/** Where the log on the page comes from, as far as a server's life goes. */
export interface PreviewContext {
  /** The page shows an earlier point of the log (a replay). */
  replaying: boolean;
  /** The session came from a link or a file: nothing of it ran here. */
  replayOnly: boolean;
  /** When this page loaded (ms since the epoch): a server announced before it died with the page that ran it. */
  pageStartedAt: number;
}

export type PreviewAvailability =
  | { available: true; servers: PreviewsState }
  /** `ports`: the servers the log shows open, which cannot be reached from here. */
  | { available: false; ports: number[]; reason: string };

export const NOT_IN_REPLAY = 'The preview belonged to the live session and is not available in a replay.';

/**
 * Whether the servers the log shows can be framed: only those of the live session, announced to
 * this page, and only while the page follows the log's end. A replay, a shared session and a stored
 * one from before a reload show which ports served, never a dead address as if it were live.
 */
export function previewAvailability(previews: PreviewsState, context: PreviewContext): PreviewAvailability {
  const live = context.replaying || context.replayOnly ? [] : previews.filter((server) => server.readyAt >= context.pageStartedAt);
  if (live.length > 0 || previews.length === 0) return { available: true, servers: live };
  return { available: false, ports: previews.map((server) => server.port), reason: NOT_IN_REPLAY };
}
