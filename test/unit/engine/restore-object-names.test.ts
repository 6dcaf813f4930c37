import { describe, expect, it } from 'vitest';
import { restoreWorkspace, snapshotFiles } from '../../../src/engine/restore-workspace';
import { SnapshotManifestSchema } from '../../../src/protocol/session-file';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const HASH = 'a'.repeat(64);

describe('workspace paths named like Object members', () => {
  it('a stored manifest keeps a "__proto__" path', () => {
    const parsed = SnapshotManifestSchema.parse(JSON.parse(`{"__proto__": "${HASH}", "constructor": "${HASH}"}`));
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('restoring removes a file named "constructor" the snapshot does not hold, and writes "__proto__"', async () => {
    const sandbox = new VirtualSandbox({ files: { constructor: 'stale\n', 'a.txt': 'a\n' } });
    const store = new MemoryStore();
    await store.putBlob(HASH, 'proto\n');
    const files = await snapshotFiles(store, SnapshotManifestSchema.parse(JSON.parse(`{"__proto__": "${HASH}", "a.txt": "${HASH}"}`)));
    await restoreWorkspace(sandbox, files);
    expect(await sandbox.exists('/workspace/constructor')).toBe(false);
    expect(await sandbox.readFile('/workspace/__proto__')).toBe('proto\n');
  });
});
