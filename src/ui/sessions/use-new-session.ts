import { useCallback, useState } from 'react';
import type { EngineClient } from '../engine-client';

export interface NewSessionFlow {
  /** The workspace changed and the user is being asked first. */
  asking: boolean;
  /** "New session": at once when the workspace is still the starter project, else ask first. */
  request(): void;
  confirm(): void;
  cancel(): void;
}

/** "New session" asks before it leaves changed files (they stay in the stored session). */
export function useNewSession(client: Pick<EngineClient, 'workspaceChanged'>, start: () => Promise<void>): NewSessionFlow {
  const [asking, setAsking] = useState(false);
  const request = useCallback(() => {
    // When the worker cannot say, asking is the safe side.
    client.workspaceChanged().then(
      (changed) => (changed ? setAsking(true) : void start()),
      () => setAsking(true),
    );
  }, [client, start]);
  const confirm = useCallback(() => {
    setAsking(false);
    void start();
  }, [start]);
  const cancel = useCallback(() => setAsking(false), []);
  return { asking, request, confirm, cancel };
}
