import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import type { Scenario } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import { settingsSecrets } from '../../../src/protocol/url-secrets';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';
import { exportSession } from '../../../src/store/session-file';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { ExportSecretsSchema } from '../../../src/worker/run-request';
import { fileHoldsSecret, linkHoldsSecret } from '../../../src/worker/share-check';
import { currentWorkspace } from '../../../src/worker/workspace-io';

const KEY = 'wc_api_hosted_0123456789abcdef';

/** A run that writes the WebContainer key into a file and prints it: what the page's key must survive. */
const leaky: Scenario = {
  name: 'leaky-wc',
  title: 'Leaky',
  description: 'writes the WebContainer key',
  defaultTask: 'configure the container',
  turns: [
    { toolCalls: [{ name: 'create_file', args: { path: '.env', content: `WEBCONTAINER_API_KEY=${KEY}\n` } }] },
    { toolCalls: [{ name: 'run_command', args: { command: 'cat .env' } }] },
    { text: 'Done.' },
  ],
};

describe('the WebContainer API key the page tells the worker (rememberSecrets)', () => {
  const store = new MemoryStore();
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  let sessionId = '';

  beforeAll(async () => {
    // What the worker's rememberSecrets does with the page's message, before any run.
    const told = ExportSecretsSchema.parse({ apiKey: '', baseUrl: '', webcontainerApiKey: KEY });
    for (const secret of settingsSecrets(told)) engine.session.registerSecret(secret);
    const recorder = new SessionRecorder(store, { flushMs: 5 });
    engine.session.subscribe((event) => recorder.record(event));
    // The run itself carries only the model's secrets, as the worker's run request does.
    const summary = await engine.run({ task: leaky.defaultTask, mode: 'react', model: new ScriptedModel(leaky), maxIterations: 5, secrets: [] });
    await recorder.flush();
    sessionId = summary.runId;
  });

  it('is in no event, stored or live', async () => {
    const log = JSON.stringify(engine.session.events);
    expect(log).toContain('WEBCONTAINER_API_KEY=[redacted]');
    expect(log).not.toContain(KEY);
    expect(JSON.stringify(await store.loadEvents(sessionId))).not.toContain(KEY);
  });

  it('is in neither the exported session nor a share link, and the share check would refuse one that held it', async () => {
    const file = await exportSession(store, sessionId, { withoutDeltas: true, secrets: engine.session.registeredSecrets });
    const text = JSON.stringify(file);
    expect(text).not.toContain(KEY);
    const link = await encodeSessionForLink(file, Object.values(STARTER_PROJECT));
    expect(linkHoldsSecret(link, settingsSecrets({ apiKey: '', baseUrl: '', webcontainerApiKey: KEY }))).toBe(false);
    expect(fileHoldsSecret(text.replace('[redacted]', KEY), [KEY])).toBe(true);
  });

  it('is not in the workspace zip', async () => {
    const files = await currentWorkspace(sandbox, engine.session.registeredSecrets);
    expect(files['.env']).toBe('WEBCONTAINER_API_KEY=[redacted]\n');
  });
});
