import { describe, expect, it } from 'vitest';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { exportSession, loadSessionFile } from '../../../src/store/session-file';
import { recordedRun } from './recorded-run';

const KEY = 'sk-legacy-0123456789abcdef';

describe('exporting a session stored before snapshots kept the key out', () => {
  it('redacts the key from its files and keeps the file whole and loadable', async () => {
    // The run registers no secret, as a session stored before the fix: the key is in its snapshot blobs.
    const run = await recordedRun('demo', 'react', { 'README.md': '# x\n', '.env': `KEY=${KEY}\n` });
    expect(JSON.stringify(await exportSession(run.store, run.sessionId))).toContain(KEY);

    const file = await exportSession(run.store, run.sessionId, { secrets: [KEY] });
    expect(JSON.stringify(file)).not.toContain(KEY);
    const loaded = await loadSessionFile(JSON.parse(JSON.stringify(file)));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const files = await workspaceAt(loaded.session.events, loaded.session.store);
    expect(files?.['.env']).toBe('KEY=[redacted]\n');
    expect(files?.['README.md']).toBeDefined();
  });

  it('leaves a session without the key as it is', async () => {
    const run = await recordedRun('demo', 'react');
    expect(await exportSession(run.store, run.sessionId, { secrets: [KEY] })).toEqual(await exportSession(run.store, run.sessionId));
  });
});
