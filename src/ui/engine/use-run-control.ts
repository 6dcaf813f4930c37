import { useCallback, useRef, useState } from 'react';
import type { EngineClient } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';
import { startRun, stopRun } from './start-run';
import type { Problems } from './use-problems';

export interface RunControl {
  /** A run was asked for and its request has not settled (it may still wait for the sandbox). */
  requested: boolean;
  waitingForSandbox: boolean;
  run(task: string): void;
  stop(): void;
}

/** Run and Stop. Stop also reaches a run still waiting for the sandbox: that run never starts. */
export function useRunControl(
  client: EngineClient,
  settings: PageSettings,
  sandboxSettled: () => Promise<unknown>,
  { addProblem, clearProblems }: Pick<Problems, 'addProblem' | 'clearProblems'>,
): RunControl {
  const [requested, setRequested] = useState(false);
  const [waitingForSandbox, setWaitingForSandbox] = useState(false);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const stopRequested = useRef(false);

  const run = useCallback(
    (task: string) => {
      stopRequested.current = false;
      setRequested(true);
      clearProblems();
      void startRun(task, {
        client,
        sandboxSettled,
        settings: () => settingsRef.current,
        stopRequested: () => stopRequested.current,
        setWaitingForSandbox,
        addProblem,
      }).finally(() => setRequested(false));
    },
    [client, sandboxSettled, addProblem, clearProblems],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    stopRun(client, addProblem);
  }, [client, addProblem]);

  return { requested, waitingForSandbox, run, stop };
}
