// The worker's session keeping over a memory store and the starter project, as the worker builds it.
import { Engine } from '../../../src/engine/engine';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { WorkerSessions } from '../../../src/worker/sessions';

export function workerSessions() {
  const store = new MemoryStore();
  const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  const sessions = new WorkerSessions(
    engine,
    store,
    null,
    () => undefined,
    () => undefined,
  );
  return { store, engine, sandbox, sessions };
}
