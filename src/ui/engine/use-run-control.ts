import { useCallback, useRef, useState } from 'react';
import type { EngineClient } from '../engine-client';
import type { PageSettings } from '../settings/page-settings';
import { startRun, stopRun } from './start-run';
import type { Problems } from './use-problems';

/** A run asked for whose run_started has not reached the page yet (it may wait for the sandbox). */
export interface PendingRun {
  task: string;
  /** When Run was pressed (Date.now()). */
  since: number;
  /** The run on the page then: the pending run shows until another one starts. */
  shownRunId: string | null;
}

export interface RunControl {
  /** A run was asked for and its request has not settled (it may still wait for the sandbox). */
  requested: boolean;
  waitingForSandbox: boolean;
  /** The run asked for, until its request settles. */
  pending: PendingRun | null;
  run(task: string, shownRunId: string | null): void;
  stop(): void;
}

/** Run and Stop. Stop also reaches a run still waiting for the sandbox: the wait ends and that run never starts. */
export function useRunControl(
  client: EngineClient,
  settings: PageSettings,
  sandboxSettled: () => Promise<unknown>,
  { addProblem, clearProblems }: Pick<Problems, 'addProblem' | 'clearProblems'>,
): RunControl {
  const [requested, setRequested] = useState(false);
  const [waitingForSandbox, setWaitingForSandbox] = useState(false);
  const [pending, setPending] = useState<PendingRun | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const stopRequested = useRef(false);
  const onStop = useRef<() => void>(() => {});

  const run = useCallback(
    (task: string, shownRunId: string | null) => {
      stopRequested.current = false;
      const stopped = new Promise<void>((resolve) => (onStop.current = resolve));
      setRequested(true);
      setPending({ task, since: Date.now(), shownRunId });
      clearProblems();
      void startRun(task, {
        client,
        sandboxSettled,
        settings: () => settingsRef.current,
        stopRequested: () => stopRequested.current,
        stopped,
        setWaitingForSandbox,
        addProblem,
      }).finally(() => {
        setRequested(false);
        setPending(null);
      });
    },
    [client, sandboxSettled, addProblem, clearProblems],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    onStop.current();
    stopRun(client, addProblem);
  }, [client, addProblem]);

  return { requested, waitingForSandbox, pending, run, stop };
}
