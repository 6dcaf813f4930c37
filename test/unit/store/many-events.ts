import type { SessionFile, StoredEvent } from '../../../src/protocol/session-file';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { recordedRun } from './recorded-run';

/**
 * The demo's session with `count` tiny events (`type` each, an info notice by default) put in
 * before its end, as a hostile link would carry them: a few hundred KB that inflates into a log
 * the page would take a minute to show.
 */
export async function sessionWithManyEvents(count: number, type: 'notice' | 'model_delta' = 'notice'): Promise<SessionFile> {
  const run = await recordedRun('demo', 'react');
  const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
  const end = file.events.findLastIndex((event) => event.type === 'run_finished');
  const before = file.events.slice(0, end);
  const last = before.at(-1);
  const ts = typeof last?.ts === 'number' ? last.ts : 0;
  const tiny: StoredEvent[] = Array.from({ length: count }, (_, i) =>
    type === 'notice'
      ? { v: 1, type, seq: 0, ts: ts + i, runId: run.sessionId, level: 'info', message: 'x' }
      : { v: 1, type, seq: 0, ts: ts + i, runId: run.sessionId, text: 'x' },
  );
  const events = [...before, ...tiny, ...file.events.slice(end)].map((event, seq) => ({ ...event, seq }));
  return { ...file, events };
}

/** The same as a link's fragment value. */
export async function linkWithManyEvents(count: number, type: 'notice' | 'model_delta' = 'notice'): Promise<string> {
  return encodeSessionForLink(await sessionWithManyEvents(count, type));
}
