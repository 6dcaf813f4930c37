import type { EngineEvent } from '../protocol/events';
import type { WorkerHeartbeat } from './api';

/**
 * What lets the page tell this worker, busy in a long synchronous stretch, from a dead one
 * (`src/ui/worker-watch.ts`): a Web Lock held for the worker's whole life, which the browser
 * releases the moment the worker ends however it ends, and heartbeats posted outside comlink
 * (a plain `postMessage`) every second the worker has a free turn and at once when a step starts
 * or ends, saying whether a step (a tool call, a command) is under way.
 */

export const HEARTBEAT_INTERVAL_MS = 1000;

interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/** Holds the lock `name` until the worker ends; resolves true once it is held, false where there are no Web Locks. */
export function holdLifeLock(name: string): Promise<boolean> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (!locks) return Promise.resolve(false);
  return new Promise<boolean>((held) => {
    locks
      .request(name, () => {
        held(true);
        return new Promise<void>(() => undefined);
      })
      .catch(() => held(false));
  });
}

/** Posts heartbeats until the returned function is called; `events` is the engine session's subscribe. */
export function startHeartbeats(
  events: (listener: (event: EngineEvent) => void) => () => void,
  post: (beat: WorkerHeartbeat) => void,
  intervalMs = HEARTBEAT_INTERVAL_MS,
): () => void {
  const open = new Set<string>();
  const send = () => post({ phasegateHeartbeat: true, step: open.size > 0 });
  const timer = setInterval(send, intervalMs);
  const unsubscribe = events((event) => {
    const before = open.size > 0;
    if (event.type === 'tool_call') open.add(`tool:${event.callId}`);
    else if (event.type === 'tool_result') open.delete(`tool:${event.callId}`);
    else if (event.type === 'command_started') open.add(`command:${event.callId}`);
    else if (event.type === 'command_finished') open.delete(`command:${event.callId}`);
    else if (event.type === 'run_finished') open.clear();
    // Said at once: the work that follows a step's start may leave no free turn for the timer.
    if (before !== open.size > 0) send();
  });
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
