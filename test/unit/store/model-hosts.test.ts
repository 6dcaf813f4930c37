import { describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../src/protocol/session-file';
import { HIDDEN_HOST, withoutModelHosts } from '../../../src/store/model-hosts';
import { exportSession, loadSessionFile } from '../../../src/store/session-file';
import { recordedRun } from './recorded-run';

const LABEL = 'qwen-coder @ gpu-box.corp:8000';

/** A recorded demo run, relabelled as if it had run on a private endpoint. */
async function privateEndpointFile(): Promise<SessionFile> {
  const run = await recordedRun('demo', 'react');
  const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
  const events = file.events.map((event) => {
    if (event.type === 'run_started') return { ...event, model: { kind: 'openai', name: 'qwen-coder', label: LABEL } };
    if (event.type === 'notice') return { ...event, message: 'connection to gpu-box.corp:8000 failed; retrying' };
    return event;
  });
  const last = events.at(-1);
  if (last) events.push({ ...last, type: 'notice', seq: last.seq + 1, level: 'warning', message: 'gpu-box.corp:8000 is rate limiting requests' });
  return { ...file, session: { ...file.session, model: { kind: 'openai', name: 'qwen-coder', label: LABEL } }, events };
}

describe("a shared session without the model's address", () => {
  it('names the model without its endpoint in every label, and hides the address elsewhere in the events', async () => {
    const file = await privateEndpointFile();
    const shared = withoutModelHosts(file);
    expect(shared.session.model.label).toBe('qwen-coder');
    const started = shared.events.find((event) => event.type === 'run_started') as { model: { label: string } } | undefined;
    expect(started?.model.label).toBe('qwen-coder');
    const text = JSON.stringify({ session: shared.session, events: shared.events });
    expect(text).not.toContain('gpu-box.corp');
    expect(text).toContain(`${HIDDEN_HOST} is rate limiting requests`);
    // The workspace travels as it is, and the file still loads whole.
    expect(shared.blobs).toEqual(file.blobs);
    const loaded = await loadSessionFile(shared);
    expect(loaded.ok ? null : loaded.error).toBeNull();
  });

  it('leaves a session without addressed models as it is', async () => {
    const run = await recordedRun('demo', 'react');
    const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
    expect(withoutModelHosts(file)).toBe(file);
  });
});
