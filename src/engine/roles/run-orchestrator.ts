import type { Emit, EngineEvent, EventOf } from '../../protocol/events';
import type { Role } from '../../protocol/handoffs';
import { DEFAULT_MAX_REVIEW_ROUNDS } from '../../protocol/settings';
import type { RunHost } from '../build-run-context';
import { gateOptionsOf } from '../build-run-context';
import { conversationOf } from '../conversation';
import { judgeFinalAnswer } from '../final-answer';
import { finishedCalls } from '../finished-calls';
import { FixAttemptTracker } from '../fix-attempts';
import { FixedGate } from '../gate';
import { GatedSandbox } from '../gated-sandbox';
import { runReactLoop } from '../loop';
import type { LoopOutcome } from '../loop-outcome';
import type { Policy } from '../policy';
import { PLANNER_BRIEF, renderTemplate, ROLE_INSTRUCTIONS, ROLE_LAYERS, ROLE_NO_ADVANCE } from '../prompts';
import type { ResumePlan } from '../resume-plan';
import type { RunContext } from '../run-context';
import type { RoleOptions, RunOptions } from '../run-options';
import { nextStep, orchestratorState, type OrchestratorStep } from './orchestrator-state';
import { coderBrief, orchestratorSummary, reviewerBrief, roundDiff } from './role-briefs';
import { ROLE_PHASES, roleRules, roleTools } from './role-tools';
import { RoleTurns } from './role-turns';

/**
 * orchestrator mode: planner → coder → reviewer, each role a run of the same ReAct loop with its
 * own context (a fresh conversation from its brief, its own gate and tools, its own step cap), each
 * ending with a handoff its submit tool checked. A role may have its own model, step cap and extra
 * instructions (`options.roles`; the instructions go into the system prompt its role_started records). A review asking for changes starts a new coder
 * round while reviews remain; then the engine's own check applies as in the other modes. Every
 * decision is read from the log (`orchestratorState`), so a resumed run goes on in the role and
 * round it was in.
 */
export async function runOrchestrator(
  host: RunHost,
  base: RunContext,
  policy: Policy,
  options: RunOptions,
  emit: Emit,
  resumed: ResumePlan | null,
): Promise<LoopOutcome> {
  const maxReviewRounds = options.maxReviewRounds ?? DEFAULT_MAX_REVIEW_ROUNDS;
  // The failures of the engine's check, for the coder round they start.
  let sentBack: string | null = null;
  for (;;) {
    const state = orchestratorState(base.log());
    const step: OrchestratorStep = sentBack === null ? nextStep(state, maxReviewRounds) : { kind: 'start', role: 'coder', round: state.round + 1 };
    if (step.kind === 'check') {
      const verdict = await judgeFinalAnswer(base, true, iterationsIn(base.log()));
      if (verdict.kind === 'end') return { ...verdict.outcome, iterations: iterationsIn(base.log()) };
      if (verdict.kind === 'accept') {
        return {
          status: 'completed',
          summary: orchestratorSummary(state.work, state.review),
          iterations: iterationsIn(base.log()),
          verified: verdict.verified,
        };
      }
      sentBack = verdict.text;
      continue;
    }
    let started: EventOf<'role_started'>;
    if (step.kind === 'resume') started = step.started;
    else {
      const brief = briefFor(step, state, options.task, base.log(), sentBack);
      const fix = sentBack !== null ? 'check' : step.fix;
      const own = options.roles?.[step.role];
      emit({
        type: 'role_started',
        role: step.role,
        round: step.round,
        systemPrompt: systemPromptOf(base.log(), step.role, own?.instructions ?? ''),
        brief,
        ...(fix ? { fix } : {}),
        ...(own?.model && own.model !== base.model ? { model: own.model.info.label } : {}),
      });
      started = lastRoleStarted(base.log());
      sentBack = null;
    }
    const { run, turns } = await roleContext(host, base, policy, emit, started, options.roles?.[started.role] ?? {}, step.kind === 'resume' ? resumed : null);
    const outcome = await runReactLoop(run);
    if (outcome.status !== 'completed') return { ...outcome, iterations: iterationsIn(base.log()) };
    emit({ type: 'role_finished', role: turns.name, round: turns.round, handoff: turns.handoff() });
  }
}

/**
 * A role's loop: its rules and gate, its tools, its conversation and log from its role_started on;
 * its own model (its turns metered at its price) and step cap when it has them.
 */
async function roleContext(
  host: RunHost,
  base: RunContext,
  policy: Policy,
  emit: Emit,
  started: EventOf<'role_started'>,
  settings: RoleOptions,
  resumed: ResumePlan | null,
): Promise<{ run: RunContext; turns: RoleTurns }> {
  const rules = roleRules(policy, started.role);
  const gate = new FixedGate(ROLE_PHASES[started.role], rules, gateOptionsOf(host.sandbox, policy, emit), ROLE_NO_ADVANCE);
  const { tools, offered } = roleTools(rules, started.role);
  // What the role's loop reads of the log (pinned state, summaries, the failure chain): the run's start, then its own events only.
  const log = () => eventsOfRole(base.log(), started.seq);
  const own = log();
  const nudged = own.some((event) => event.seq > started.seq && event.type === 'user_message' && event.reason === 'handoff_nudge');
  const turns = new RoleTurns(started.role, started.round, nudged);
  const model = settings.model ?? base.model;
  const run: RunContext = {
    ...base,
    model,
    usage: await base.usage.forModel(model),
    maxIterations: settings.maxSteps ?? base.maxIterations,
    gate,
    tools,
    toolSpecs: offered,
    messages: conversationOf(own),
    firstIteration: resumed?.nextIteration ?? 1,
    pendingCalls: resumed?.pendingCalls ?? [],
    pendingFinalAnswer: resumed?.finalAnswer ?? null,
    waitingLoopQuestion: resumed?.waitingLoopQuestion ?? null,
    fixes: new FixAttemptTracker().replay(finishedCalls(own)),
    log,
    role: turns,
    scope: { ...base.scope, sandbox: new GatedSandbox(host.sandbox, gate) },
  };
  return { run, turns };
}

/** The opening message of a role that starts now. */
function briefFor(
  step: Extract<OrchestratorStep, { kind: 'start' }>,
  state: ReturnType<typeof orchestratorState>,
  task: string,
  log: readonly EngineEvent[],
  sentBack: string | null,
): string {
  // The planner's brief is the task; a later run's note on the earlier runs is in the pinned state, as in the other modes.
  if (step.role === 'planner') return renderTemplate(PLANNER_BRIEF, { task });
  const plan = state.plan;
  if (!plan) throw new Error('the coder and the reviewer start only after a plan');
  if (step.role === 'coder') {
    const back =
      sentBack !== null
        ? { by: 'check' as const, text: sentBack }
        : step.fix === 'review' && state.review
          ? { by: 'review' as const, review: state.review.review }
          : null;
    return coderBrief(task, plan, step.round, back);
  }
  if (!state.work) throw new Error('the reviewer starts only after the coder handed on its work');
  return reviewerBrief(task, plan, state.work, step.round, roundDiff(log));
}

/** The run's system prompt with the role's layer, and the user's extra instructions for the role when there are any. */
function systemPromptOf(log: readonly EngineEvent[], role: Role, instructions: string): string {
  const configured = log.findLast((event) => event.type === 'run_configured');
  const layer = `${configured?.systemPrompt ?? ''}\n\n${renderTemplate(ROLE_LAYERS[role], {})}`;
  return instructions.trim() === '' ? layer : `${layer}\n\n${renderTemplate(ROLE_INSTRUCTIONS, { role, instructions: instructions.trim() })}`;
}

function lastRoleStarted(log: readonly EngineEvent[]): EventOf<'role_started'> {
  const started = log.findLast((event) => event.type === 'role_started');
  if (!started) throw new Error('role_started was not recorded');
  return started;
}

/**
 * The events before the first role, the user's answers to any role (they hold for the whole run),
 * then the role's own from its role_started (`seq`) on.
 */
export function eventsOfRole(log: readonly EngineEvent[], seq: number): EngineEvent[] {
  const first = log.find((event) => event.type === 'role_started')?.seq ?? seq;
  const answer = (event: EngineEvent) => event.type === 'human_asked' || event.type === 'human_answered';
  return log.filter((event) => event.seq < first || event.seq >= seq || answer(event));
}

/** The model turns of the run: each role counts its own from 1, so each (role, iteration) once. */
export function iterationsIn(log: readonly EngineEvent[]): number {
  const seen = new Set<string>();
  let role = 0;
  for (const event of log) {
    if (event.type === 'role_started') role++;
    else if (event.type === 'iteration_started') seen.add(`${role}:${event.iteration}`);
  }
  return seen.size;
}
