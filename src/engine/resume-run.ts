import type { Emit } from '../protocol/events';
import type { BlobStore } from '../store/port';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import { buildRunContext, type RunHost } from './build-run-context';
import { fileChange } from './file-change';
import { runReactLoop } from './loop';
import type { LoopOutcome } from './loop-outcome';
import { resolvePolicy } from './policy';
import { INTERRUPTED_CALL_RESULT } from './prompts';
import { loadManifest, restoreWorkspace, snapshotFiles } from './restore-workspace';
import type { ResumePlan } from './resume-plan';
import { runOrchestrator } from './roles/run-orchestrator';
import { recordedSettings, resumedRoles, type ResumeOptions, type RunOptions } from './run-options';
import { inWorkspace, readFileOrNull } from './workspace-files';

/**
 * The options a resumed run goes on with: the task, mode, step limit and settings from its log,
 * the caller's models and channels, and any recorded setting the caller gives again.
 */
export function resumedOptions(plan: ResumePlan, options: ResumeOptions): RunOptions {
  const {
    events: _events,
    reason: _reason,
    mode,
    maxRecoveries,
    emergency,
    maxTokensPerRun,
    maxCostPerRun,
    maxReviewRounds,
    roles,
    askBefore,
    ...rest
  } = options;
  const { contextWindow, tokenEncoding, temperature, maxOutputTokens, ...carried } = rest;
  const stored = plan.settings;
  // The window, tokenizer and sampling the log recorded hold; the caller's stand in for an older log without them.
  const counting = {
    contextWindow: stored.contextWindow ?? contextWindow,
    tokenEncoding: stored.tokenEncoding ?? tokenEncoding,
    temperature: stored.temperature ?? temperature,
    maxOutputTokens: stored.maxOutputTokens ?? maxOutputTokens,
  };
  return {
    ...carried,
    ...counting,
    task: plan.start.task,
    mode: mode ?? plan.mode,
    maxIterations: plan.start.maxIterations,
    refuseSyntaxErrors: plan.configured.refuseSyntaxErrors,
    allowDestructive: plan.configured.allowDestructive,
    // The final check as the run recorded it (absent in older logs: the defaults).
    ...(plan.configured.finalCheck === undefined ? {} : { finalCheck: plan.configured.finalCheck }),
    ...(plan.configured.fixAttempts === undefined ? {} : { fixAttempts: plan.configured.fixAttempts }),
    maxRecoveries: maxRecoveries ?? stored.maxRecoveries,
    emergency: emergency ?? stored.emergency,
    // null is a value here (no budget): only an absent one is taken from the log.
    maxTokensPerRun: maxTokensPerRun === undefined ? stored.maxTokensPerRun : maxTokensPerRun,
    maxCostPerRun: maxCostPerRun === undefined ? stored.maxCostPerRun : maxCostPerRun,
    maxReviewRounds: maxReviewRounds ?? stored.maxReviewRounds,
    // The roles' models are the caller's; their step caps and instructions the caller's when given, else the log's.
    roles: resumedRoles(roles ?? {}, stored.roles ?? {}),
    // "Ask before" as the run recorded it unless the caller says (the CLI's --approve).
    ...((askBefore ?? stored.askBefore) === undefined ? {} : { askBefore: askBefore ?? stored.askBefore }),
  };
}

/**
 * Goes on with an interrupted run: the workspace back to its last snapshot, a call that was in
 * flight answered as interrupted (not run again), the conversation rebuilt from the log, then the loop.
 */
export async function resumeRun(
  host: RunHost & { readonly blobs: BlobStore },
  plan: ResumePlan,
  request: { reason: string; sessionId?: string },
  options: RunOptions,
  emit: Emit,
  signal: AbortSignal,
): Promise<LoopOutcome> {
  const resolved = resolvePolicy(plan.configured.policy, KNOWN_TOOL_NAMES);
  if (!resolved.ok)
    return { status: 'failed', errorCode: 'invalid_policy', cause: 'invalid_policy', reason: `The stored policy is invalid: ${resolved.error}`, iterations: 0 };
  if (plan.manifest) await restoreSnapshot(host, plan.manifest);
  host.checkpoints.rollbackPoint = plan.phaseStart;
  emit({
    type: 'run_resumed',
    manifest: plan.manifest,
    interruptedCalls: plan.interruptedCalls.map((call) => call.id),
    reason: request.reason,
    ...(request.sessionId !== undefined && request.sessionId !== plan.runId ? { sessionId: request.sessionId } : {}),
    ...recordedSettings(options),
  });
  if (plan.phase && plan.loggedPhase && plan.phase !== plan.loggedPhase) {
    emit({ type: 'phase_changed', from: plan.loggedPhase, to: plan.phase, reason: 'back to the phase before the interrupted call', auto: false });
  }
  await reportUndoneChanges(host, plan, emit);
  for (const call of plan.interruptedCalls) {
    emit({ type: 'tool_result', callId: call.id, name: call.name, ok: false, errorKind: 'interrupted', output: INTERRUPTED_CALL_RESULT, durationMs: 0 });
  }
  const run = await buildRunContext(host, options, resolved.policy, emit, signal, plan);
  // orchestrator: goes on in the role and round the log was in (a run continued from another mode starts with the planner).
  if (options.mode === 'orchestrator') return runOrchestrator(host, run, resolved.policy, options, emit, plan.mode === 'orchestrator' ? plan : null);
  return runReactLoop(run);
}

/** The files an interrupted call had changed are back as they were: the page shows them so. */
async function reportUndoneChanges(host: RunHost, plan: ResumePlan, emit: Emit): Promise<void> {
  const seen = new Set<string>();
  for (const change of [...plan.undoneChanges].reverse()) {
    if (seen.has(change.path)) continue;
    seen.add(change.path);
    const event = fileChange(change.path, change.after, await readFileOrNull(host.sandbox, inWorkspace(host.sandbox, change.path)));
    if (event) emit(event);
  }
}

async function restoreSnapshot(host: RunHost & { readonly blobs: BlobStore }, hash: string): Promise<void> {
  const manifest = await loadManifest(host.blobs, hash);
  if (!manifest) throw new Error('the last workspace snapshot is missing from the store');
  await restoreWorkspace(host.sandbox, await snapshotFiles(host.blobs, manifest));
}
