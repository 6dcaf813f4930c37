import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionFileWriter } from '../../../src/cli/session-file-io';
import { Engine } from '../../../src/engine/engine';
import type { Scenario } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';
import { exportSession } from '../../../src/store/session-file';
import { decodeSessionFromLink, encodeSessionForLink } from '../../../src/store/share-link';
import { currentWorkspace, sessionChanges } from '../../../src/worker/workspace-io';
import { workspaceFiles } from '../../../src/workspace/files';
import { workspacePatch } from '../../../src/workspace/patch';
import { unzipWorkspace, zipWorkspace } from '../../../src/workspace/zip';

const KEY = 'sk-test-0123456789abcdefXYZ';
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A model that writes the configured key into workspace files: a new file, then an edit that adds it to another. */
const leaky: Scenario = {
  name: 'leaky',
  title: 'Leaky',
  description: 'writes the key into files',
  defaultTask: 'configure the client',
  turns: [
    { toolCalls: [{ name: 'create_file', args: { path: 'config/.env', content: `OPENAI_API_KEY=${KEY}\n` } }] },
    { toolCalls: [{ name: 'run_command', args: { command: `printf 'key = "%s"\\n' ${KEY} >> README.md` } }] },
    { text: 'Done.' },
  ],
};

describe('a key the model writes into workspace files', () => {
  const store = new MemoryStore();
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  let sessionId = '';
  let folder = '';

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'phasegate-key-'));
    const recorder = new SessionRecorder(store, { flushMs: 5 });
    engine.session.subscribe((event) => recorder.record(event));
    const summary = await engine.run({ task: leaky.defaultTask, mode: 'react', model: new ScriptedModel(leaky), maxIterations: 6, secrets: [KEY] });
    await recorder.flush();
    sessionId = summary.runId;
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('stays in the sandbox: the workspace is the user’s', async () => {
    expect(await sandbox.readFile(`${sandbox.workdir}/config/.env`)).toBe(`OPENAI_API_KEY=${KEY}\n`);
    expect(await sandbox.readFile(`${sandbox.workdir}/README.md`)).toContain(KEY);
  });

  it('is in neither the event log nor the blob store', async () => {
    const log = JSON.stringify(engine.session.events);
    expect(log).toContain('create_file');
    expect(log).not.toContain(KEY);
    const blobs = [...(store as unknown as { blobs: Map<string, string> }).blobs.values()];
    expect(blobs.some((blob) => blob.includes('OPENAI_API_KEY=[redacted]'))).toBe(true);
    expect(blobs.filter((blob) => blob.includes(KEY))).toEqual([]);
    expect(JSON.stringify(await store.loadEvents(sessionId))).not.toContain(KEY);
  });

  it('is not in the session file the CLI saves (--save)', async () => {
    const path = join(folder, 'run.phasegate.json');
    const writer = new SessionFileWriter(store, path);
    writer.sessionId = sessionId;
    await writer.schedule();
    const saved = await readFile(path, 'utf8');
    expect(saved).toContain('OPENAI_API_KEY=[redacted]');
    expect(saved).not.toContain(KEY);
  });

  it('is not in a share link, decoded', async () => {
    const encoded = await encodeSessionForLink(await exportSession(store, sessionId, { withoutDeltas: true }), Object.values(STARTER_PROJECT));
    const decoded = decodeSessionFromLink(encoded);
    expect(decoded.ok).toBe(true);
    const json = JSON.stringify(decoded.ok ? decoded.value : null);
    expect(json).toContain('OPENAI_API_KEY=[redacted]');
    expect(json).not.toContain(KEY);
  });

  it('is not in the patch of the session’s changes', async () => {
    const { before, after } = await sessionChanges(store, sessionId);
    const patch = workspacePatch(workspaceFiles(before), workspaceFiles(after));
    expect(patch).toContain('+OPENAI_API_KEY=[redacted]');
    expect(patch).not.toContain(KEY);
  });

  it('is not in the workspace zip', async () => {
    const zip = zipWorkspace(workspaceFiles(await currentWorkspace(sandbox, engine.session.registeredSecrets)));
    const unzipped = unzipWorkspace(zip);
    expect(unzipped.ok).toBe(true);
    const files = unzipped.ok ? [...unzipped.files].map(([path, bytes]) => `${path}\n${text(bytes)}`).join('\n') : '';
    expect(files).toContain('OPENAI_API_KEY=[redacted]');
    expect(files).not.toContain(KEY);
  });
});
