import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { z } from 'zod';
import type { EngineEvent } from '../protocol/events';
import type { EngineClient } from './engine-client';
import { connectSandbox, type SandboxStatus } from './sandbox-connection';
import { runPolicy, type PageSettings } from './settings/page-settings';
import { initialState, reduceAll, revealLines, selectFile, showOutline, type RevealRange, type UiState } from './state/reducer';
import { messageOf } from '../protocol/error-message';

export interface Scenario {
  name: string;
  title: string;
  description: string;
  /** The task the scenario was written for; older workers do not send it. */
  defaultTask: string | null;
}

const ScenarioListSchema = z.array(
  z.object({ name: z.string(), title: z.string(), description: z.string(), defaultTask: z.string().optional() }),
);

type Action =
  | { type: 'events'; events: EngineEvent[] }
  | { type: 'select_file'; path: string }
  | { type: 'reveal_lines'; path: string; range: RevealRange }
  | { type: 'show_outline'; path: string };

function uiReducer(state: UiState, action: Action): UiState {
  switch (action.type) {
    case 'events':
      return reduceAll(state, action.events);
    case 'select_file':
      return selectFile(state, action.path);
    case 'reveal_lines':
      return revealLines(state, action.path, action.range);
    case 'show_outline':
      return showOutline(state, action.path);
  }
}

export interface EngineView {
  state: UiState;
  /** The worker answered and can take a run. */
  workerReady: boolean;
  scenarios: Scenario[];
  sandbox: SandboxStatus;
  /** A run was asked for and has not ended (it may still wait for the sandbox). */
  busy: boolean;
  waitingForSandbox: boolean;
  problems: string[];
  run(task: string): void;
  stop(): void;
  selectFile(path: string): void;
  /** Shows and highlights lines of an open file (an outline item was picked). */
  revealLines(path: string, range: RevealRange): void;
  /** Shows the outline of another outlined file. */
  showOutline(path: string): void;
  dismissProblems(): void;
}

export function useEngine(client: EngineClient, settings: PageSettings): EngineView {
  const [state, dispatch] = useReducer(uiReducer, initialState);
  const [workerReady, setWorkerReady] = useState(false);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [sandbox, setSandbox] = useState<SandboxStatus>({ phase: 'connecting' });
  const [requested, setRequested] = useState(false);
  const [waitingForSandbox, setWaitingForSandbox] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const sandboxSettled = useRef<Promise<unknown>>(Promise.resolve());
  const cancelPending = useRef(false);

  const addProblem = useCallback((message: string) => setProblems((list) => [...list, message]), []);

  useEffect(() => {
    const offEvents = client.onEvents((events) => dispatch({ type: 'events', events }));
    const offProblems = client.onProblem(addProblem);
    let live = true;
    client.ready.then(
      (list) => {
        if (!live) return;
        const parsed = ScenarioListSchema.safeParse(list);
        if (parsed.success) setScenarios(parsed.data.map((s) => ({ ...s, defaultTask: s.defaultTask ?? null })));
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
  }, [client, addProblem]);

  // Every change of sandbox preference reconnects; the latest choice wins.
  useEffect(() => {
    let superseded = false;
    sandboxSettled.current = connectSandbox(client, {
      preference: settings.sandbox,
      bootTimeoutMs: settings.webcontainerBootTimeoutMs,
      onStatus: setSandbox,
      superseded: () => superseded,
    });
    return () => {
      superseded = true;
    };
  }, [client, settings.sandbox, settings.webcontainerBootTimeoutMs]);

  const run = useCallback(
    (task: string) => {
      cancelPending.current = false;
      setRequested(true);
      setProblems([]);
      void (async () => {
        try {
          setWaitingForSandbox(true);
          await sandboxSettled.current;
          setWaitingForSandbox(false);
          if (cancelPending.current) return;
          const current = settingsRef.current;
          const policy = runPolicy(current);
          if (!policy.ok) {
            addProblem(policy.error);
            return;
          }
          const { model, mode, maxIterations, refuseSyntaxErrors, allowDestructive } = current;
          await client.run({
            task,
            mode,
            model,
            maxIterations,
            refuseSyntaxErrors,
            allowDestructive,
            ...(policy.policy === undefined ? {} : { policy: policy.policy }),
          });
        } catch (error) {
          addProblem(`The run could not start: ${messageOf(error)}`);
        } finally {
          setWaitingForSandbox(false);
          setRequested(false);
        }
      })();
    },
    [client, addProblem],
  );

  const stop = useCallback(() => {
    cancelPending.current = true;
    client.stop().catch((error: unknown) => addProblem(`Stop failed: ${messageOf(error)}`));
  }, [client, addProblem]);

  return {
    state,
    workerReady,
    scenarios,
    sandbox,
    busy: requested || state.status === 'running',
    waitingForSandbox,
    problems,
    run,
    stop,
    selectFile: useCallback((path: string) => dispatch({ type: 'select_file', path }), []),
    revealLines: useCallback((path: string, range: RevealRange) => dispatch({ type: 'reveal_lines', path, range }), []),
    showOutline: useCallback((path: string) => dispatch({ type: 'show_outline', path }), []),
    dismissProblems: useCallback(() => setProblems([]), []),
  };
}
