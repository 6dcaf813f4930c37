import type { StepFacts } from '../../../src/engine/loop-detector';
import type { EngineEvent } from '../../../src/protocol/events';
import type { Mode } from '../../../src/protocol/settings';
import { recordedRun } from '../store/recorded-run';

/** One finished tool call of a recorded run, as the loop detector and the fix tracker take it. */
export interface RecordedStep extends StepFacts {
  errorKind?: string;
}

/**
 * Every tool_call/tool_result pair of a log, in order, with a workspace digest that changes whenever
 * a file_changed event happened or a workspace_snapshot's manifest changed (a step's snapshot comes
 * before its result, so each step carries the workspace it left).
 */
export function stepsOf(events: readonly EngineEvent[]): RecordedStep[] {
  const calls = new Map<string, Extract<EngineEvent, { type: 'tool_call' }>>();
  const steps: RecordedStep[] = [];
  let fileChanges = 0;
  let manifest = '';
  for (const event of events) {
    if (event.type === 'file_changed') fileChanges++;
    else if (event.type === 'workspace_snapshot') manifest = event.manifest;
    else if (event.type === 'tool_call') calls.set(event.callId, event);
    else if (event.type === 'tool_result') {
      const call = calls.get(event.callId);
      if (!call) throw new Error(`tool_result ${event.callId} without its tool_call`);
      const step: RecordedStep = {
        tool: call.name,
        args: call.args,
        rawArguments: call.rawArguments,
        resultText: event.output,
        ok: event.ok,
        workspaceDigest: `${fileChanges}:${manifest}`,
      };
      if (event.errorKind !== undefined) step.errorKind = event.errorKind;
      steps.push(step);
    }
  }
  return steps;
}

/** A scripted scenario run through the engine (with a store, so snapshots are taken), as steps. */
export async function scenarioSteps(scenario: string, mode: Mode): Promise<RecordedStep[]> {
  const run = await recordedRun(scenario, mode);
  if (run.status !== 'completed') throw new Error(`${scenario} ended ${run.status}`);
  return stepsOf(run.events);
}

/** The scenarios whose runs must never look like a loop or a repeated failed fix. */
export const REALISTIC_RUNS = [
  ['demo', 'react'],
  ['plan_exec-demo', 'plan_exec'],
  ['code-intel', 'react'],
  ['recovery', 'react'],
] as const;
