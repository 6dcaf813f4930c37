import { describe, expect, it } from 'vitest';
import type { SessionMeta } from '../../../src/protocol/session-file';
import { IndexedDbStore } from '../../../src/store/indexeddb-store';
import { MemoryStore } from '../../../src/store/memory-store';
import type { SessionStore } from '../../../src/store/port';

import 'fake-indexeddb/auto';

const meta = (id: string, createdAt: number): SessionMeta => ({
  id,
  task: `task ${id}`,
  createdAt,
  updatedAt: createdAt,
  status: 'completed',
  mode: 'react',
  model: { kind: 'scripted', name: 'demo', label: 'Demo (scripted)' },
  sandbox: 'virtual',
  eventCount: 0,
  bytes: 0,
});

let databases = 0;
const STORES: [string, () => Promise<SessionStore & { blobCount?: number }>][] = [
  ['memory', async () => new MemoryStore()],
  ['IndexedDB', async () => IndexedDbStore.open(`phasegate-test-${++databases}`)],
];

async function blobExists(store: SessionStore, hash: string) {
  return (await store.getBlob(hash)) !== null;
}

describe.each(STORES)('the %s session store', (_name, open) => {
  it('keeps sessions newest first, events in order, and one copy of each blob', async () => {
    const store = await open();
    await store.putBlob('h1', 'one');
    await store.putBlob('h1', 'one');
    await store.append({ meta: meta('a', 1), events: [{ type: 'run_started', seq: 0 }], blobs: ['h1'] });
    await store.append({ meta: { ...meta('a', 1), eventCount: 2 }, events: [{ type: 'notice', seq: 1 }], blobs: [] });
    await store.append({ meta: meta('b', 2), events: [{ type: 'run_started', seq: 0 }], blobs: ['h1'] });
    expect((await store.listSessions()).map((s) => s.id)).toEqual(['b', 'a']);
    expect((await store.getSession('a'))?.eventCount).toBe(2);
    expect(await store.loadEvents('a')).toEqual([
      { type: 'run_started', seq: 0 },
      { type: 'notice', seq: 1 },
    ]);
    expect(await store.getBlob('h1')).toBe('one');
    expect(await store.getSession('missing')).toBeNull();
    expect(await store.loadEvents('missing')).toEqual([]);
  });

  it('orders events by sequence even past ten (numbers, not text)', async () => {
    const store = await open();
    const events = [2, 10, 1].map((seq) => ({ type: 'notice', seq }));
    await store.append({ meta: meta('a', 1), events, blobs: [] });
    expect((await store.loadEvents('a')).map((e) => e.seq)).toEqual([1, 2, 10]);
  });

  it('frees on delete only the blobs no other session refers to', async () => {
    const store = await open();
    await store.putBlob('shared', 's');
    await store.putBlob('own', 'o');
    await store.append({ meta: meta('a', 1), events: [{ type: 'x', seq: 0 }], blobs: ['shared', 'own'] });
    await store.append({ meta: meta('b', 2), events: [{ type: 'x', seq: 0 }], blobs: ['shared'] });
    await store.deleteSession('a');
    expect(await store.listSessions()).toHaveLength(1);
    expect(await store.loadEvents('a')).toEqual([]);
    expect(await blobExists(store, 'own')).toBe(false);
    expect(await blobExists(store, 'shared')).toBe(true);
    await store.deleteSession('b');
    expect(await blobExists(store, 'shared')).toBe(false);
  });
});
