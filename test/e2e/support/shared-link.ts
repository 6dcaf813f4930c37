// A share link as a recipient gets it: someone else's session, recorded on their own endpoint.
import { shareLinkFor } from '../../../src/protocol/share-fragment';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { recordedRun } from '../../unit/store/recorded-run';
import { e2eEnvironment } from './app';

export const OTHER_MODEL = { kind: 'openai' as const, name: 'qwen-coder', label: 'qwen-coder @ gpu-box.corp:8000' };

/** The demo's run as if someone had run it on their own endpoint, shared with the address included. */
export async function linkFromAnotherModel(): Promise<{ link: string; task: string }> {
  const run = await recordedRun('demo', 'react');
  const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
  const events = file.events.map((event) => (event.type === 'run_started' ? { ...event, model: OTHER_MODEL } : event));
  const shared = { ...file, session: { ...file.session, model: OTHER_MODEL }, events };
  return { link: shareLinkFor(e2eEnvironment().baseUrl, await encodeSessionForLink(shared, Object.values(STARTER_PROJECT))), task: file.session.task };
}
