import { describe, expect, it, vi } from 'vitest';
import type { HostToPythonMessage, PythonRunRequest } from '../../../../src/sandbox/python/python-protocol';
import { type PythonThreadHandle, ThreadedPythonRuntime } from '../../../../src/sandbox/python/python-runtime';

/** A thread that answers as the test says, without Pyodide. */
class FakeThread implements PythonThreadHandle {
  readonly received: HostToPythonMessage[] = [];
  terminated = false;
  private handler: (message: unknown) => void = () => undefined;
  post(message: HostToPythonMessage): void {
    this.received.push(message);
  }
  onMessage(handler: (message: unknown) => void): void {
    this.handler = handler;
  }
  onError(): void {}
  terminate(): void {
    this.terminated = true;
  }
  answer(message: unknown): void {
    this.handler(message);
  }
}

const request: PythonRunRequest = {
  mode: 'code',
  target: 'pass',
  args: [],
  cwd: '/w',
  env: {},
  stdin: new Uint8Array(),
  root: '/w',
  mirror: 1,
  files: [],
  dirs: [],
};
const empty = new Uint8Array();

/** The thread started n-th, once it is there. */
async function thread(threads: FakeThread[], index: number): Promise<FakeThread> {
  return vi.waitFor(() => {
    const found = threads[index];
    if (!found) throw new Error('not started yet');
    return found;
  });
}

/** Answers the run request the thread receives. */
async function answerRun(target: FakeThread, answer: (id: number) => unknown): Promise<void> {
  const id = await vi.waitFor(() => {
    const run = target.received.find((message) => message.type === 'run');
    if (run?.type !== 'run') throw new Error('no run yet');
    return run.id;
  });
  target.answer(answer(id));
}

function runtimeWithThreads() {
  const threads: FakeThread[] = [];
  const runtime = new ThreadedPythonRuntime(() => {
    const thread = new FakeThread();
    threads.push(thread);
    return thread;
  });
  return { runtime, threads };
}

describe('ThreadedPythonRuntime', () => {
  it('ends a thread whose Python failed to load, and starts a new one for the next run', async () => {
    const { runtime, threads } = runtimeWithThreads();
    const first = runtime.run(request);
    (await thread(threads, 0)).answer({ type: 'load-failed', message: 'no wasm' });
    expect(await first).toEqual({ kind: 'failed', message: 'Python did not load: no wasm' });
    expect(threads[0]?.terminated).toBe(true);
    const second = runtime.run(request);
    const next = await thread(threads, 1);
    next.answer({ type: 'ready', version: '314.0.7' });
    await answerRun(next, (id) => ({ type: 'done', id, reply: { exitCode: 0, stdout: empty, stderr: empty, writes: [], dirs: [], removed: [] } }));
    expect(await second).toMatchObject({ kind: 'done', reply: { exitCode: 0 } });
  });

  it('ends a command stopped while Python loads, and keeps the load for the next one', async () => {
    const { runtime, threads } = runtimeWithThreads();
    const stop = new AbortController();
    const run = runtime.run(request, stop.signal);
    await thread(threads, 0);
    stop.abort();
    expect(await run).toEqual({ kind: 'interrupted' });
    expect(threads).toHaveLength(1);
    expect(threads[0]?.terminated).toBe(false);
    expect(threads[0]?.received.map((message) => message.type)).toEqual(['start']);
  });

  it('refuses an answer that is not a reply', async () => {
    const { runtime, threads } = runtimeWithThreads();
    const run = runtime.run(request);
    const only = await thread(threads, 0);
    only.answer({ type: 'ready', version: '314.0.7' });
    await answerRun(only, (id) => ({ type: 'done', id, reply: { exitCode: 'zero' } }));
    await answerRun(only, (id) => ({ type: 'failed', id, message: 'boom' }));
    expect(await run).toEqual({ kind: 'failed', message: 'boom' });
  });
});
