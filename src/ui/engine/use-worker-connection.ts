import { useEffect, useState } from 'react';
import { messageOf } from '../../protocol/error-message';
import type { EngineClient, EventsListener, ProblemListener } from '../engine-client';
import { parseScenarioList, type Scenario } from './scenarios';

export interface WorkerConnection {
  /** The worker answered and can take a run. */
  workerReady: boolean;
  scenarios: Scenario[];
}

/** Listens to the worker's events and problems while mounted, and learns its scenarios once it answers. */
export function useWorkerConnection(client: EngineClient, onEvents: EventsListener, addProblem: ProblemListener): WorkerConnection {
  const [workerReady, setWorkerReady] = useState(false);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);

  useEffect(() => {
    const offEvents = client.onEvents(onEvents);
    const offProblems = client.onProblem(addProblem);
    let live = true;
    client.ready.then(
      (list) => {
        if (!live) return;
        const parsed = parseScenarioList(list);
        if (parsed) setScenarios(parsed);
        else addProblem('The engine sent an unreadable scenario list.');
        setWorkerReady(true);
        // For bench/page-load.mjs: when the page could first take a run.
        performance.mark('phasegate:engine-ready');
      },
      (error: unknown) => live && addProblem(`The engine did not start: ${messageOf(error)}`),
    );
    return () => {
      live = false;
      offEvents();
      offProblems();
    };
  }, [client, onEvents, addProblem]);

  return { workerReady, scenarios };
}
