import type { Emit } from '../protocol/events';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import { buildRunContext, type RunHost } from './build-run-context';
import { runReactLoop } from './loop';
import type { LoopOutcome } from './loop-outcome';
import { resolvePolicy } from './policy';
import { policyWarnings } from './policy-warnings';
import { runOrchestrator } from './roles/run-orchestrator';
import type { RunOptions } from './run-options';

/** A new run, after its run_started: the task and policy checked, a snapshot at the start and the end, the loop between. */
export async function startRun(host: RunHost, options: RunOptions, emit: Emit, signal: AbortSignal): Promise<LoopOutcome> {
  if (options.task.trim() === '') return { status: 'failed', errorCode: 'empty_task', cause: 'empty_task', reason: 'The task is empty.', iterations: 0 };
  const resolved = resolvePolicy(options.policy, KNOWN_TOOL_NAMES);
  if (!resolved.ok)
    return { status: 'failed', errorCode: 'invalid_policy', cause: 'invalid_policy', reason: `The policy is invalid: ${resolved.error}`, iterations: 0 };
  // What the policy sets that can never take effect is said, not silently dropped.
  for (const warning of policyWarnings(options.policy, resolved.policy, options.mode, options.finalCheck ?? true))
    emit({ type: 'notice', level: 'warning', message: `Policy: ${warning}` });
  const run = await buildRunContext(host, options, resolved.policy, emit, signal, null);
  await run.snapshots?.take('run_start');
  host.checkpoints.rollbackPoint = run.snapshots?.latest ?? null;
  const outcome = options.mode === 'orchestrator' ? await runOrchestrator(host, run, resolved.policy, options, emit, null) : await runReactLoop(run);
  await run.snapshots?.take('run_end').catch(() => undefined);
  return outcome;
}
