import type { ChatMessage } from '../model/port';
import { ModelError } from '../model/port';
import { endSentence, messageOf } from '../protocol/error-message';
import type { EventPayload, RunErrorCode } from '../protocol/events';
import { boundToolCalls, callLimitNote, executeBoundedCall, limitNotices } from './call-limits';
import { applyToConversation } from './conversation';
import { emptyAdvice, FailureChain } from './failure-chain';
import { fatalOutcome } from './fatal-results';
import { judgeFinalAnswer } from './final-answer';
import { FinalPhaseCheck } from './final-phase';
import { askHowToGoOn, blockerQuestion, isBlockerQuestion, loopQuestion, questionAgain } from './loop-escalation';
import type { LoopOutcome } from './loop-outcome';
import { ModelTurn } from './model-turn';
import { BLOCKER_GUIDANCE, EMPTY_REPLY_NUDGE, LOOP_GUIDANCE, renderTemplate } from './prompts';
import type { RunContext } from './run-context';
import { executeToolCall } from './tool-executor';
import { BudgetExceeded } from './usage-meter';

/** A model failure's code and cause: a timeout is its own code; a wrong key or a broken reply will not pass on a retry. */
function modelFailure(code: ModelError['code'] | 'unknown'): { errorCode: RunErrorCode; cause: string; retryable: boolean } {
  if (code === 'timeout') return { errorCode: 'timeout', cause: 'model_timeout', retryable: true };
  if (code === 'context_overflow') return { errorCode: 'context_overflow', cause: 'context_overflow', retryable: false };
  const retryable = code === 'rate_limited' || code === 'server' || code === 'network' || code === 'unknown';
  return { errorCode: 'llm_failure', cause: `model_${code}`, retryable };
}

const cancelled = (iterations: number): LoopOutcome => ({ status: 'cancelled', reason: 'stopped by the user', iterations });

/**
 * The ReAct loop: model turn → tool calls in order → results appended → repeat.
 * A text-only reply ends the run; limits and failures end it with a reason.
 */
export async function runReactLoop(run: RunContext): Promise<LoopOutcome> {
  const { emit, signal } = run.scope;
  const messages: ChatMessage[] = [...run.messages];
  /** Records an event and adds it to the conversation: the one way messages grow, so the log can rebuild them. */
  const say = (event: EventPayload) => {
    emit(event);
    applyToConversation(messages, event);
  };
  let nudged = false;

  /** orchestrator: a role's submit call took its handoff; the loop ends once the reply's calls are done. */
  let handedOff = false;
  const handOff = (iterations: number): LoopOutcome => ({ status: 'completed', summary: '', iterations, verified: 'unknown' });
  for (const call of run.pendingCalls) {
    if (signal.aborted) return cancelled(run.firstIteration - 1);
    const { event } = await executeToolCall(call, run);
    applyToConversation(messages, event);
    const fatal = fatalOutcome(event);
    if (fatal) return { status: 'failed', ...fatal, iterations: run.firstIteration - 1 };
    if (run.role?.handedOff(call, event)) handedOff = true;
  }
  if (handedOff) return handOff(run.firstIteration - 1);
  let askedAboutLoop = run.waitingLoopQuestion !== null;
  /** The human's answer goes to the model; no answer (or a stop) ends the run. */
  const afterLoopQuestion = (guidance: Awaited<ReturnType<typeof askHowToGoOn>>, detail: string, iteration: number): LoopOutcome | null => {
    if (guidance === 'cancelled' || signal.aborted) return cancelled(iteration);
    if (guidance === 'unanswered') return { status: 'failed', errorCode: 'loop_detected', cause: 'loop_detected', reason: detail, iterations: iteration };
    say({ type: 'user_message', text: renderTemplate(LOOP_GUIDANCE, { answer: guidance.answer }), reason: 'human_guidance' });
    return null;
  };
  /** Too many failed calls: the answer goes to the model; with nobody to answer the run ends with needs_human. */
  const afterBlockerQuestion = (guidance: Awaited<ReturnType<typeof askHowToGoOn>>, question: string, iteration: number): LoopOutcome | null => {
    if (guidance === 'cancelled' || signal.aborted) return cancelled(iteration);
    if (guidance === 'unanswered') return { status: 'failed', errorCode: 'needs_human', cause: 'too_many_failures', reason: question, iterations: iteration };
    say({ type: 'user_message', text: renderTemplate(BLOCKER_GUIDANCE, { answer: guidance.answer }), reason: 'human_guidance' });
    return null;
  };
  if (run.waitingLoopQuestion) {
    const waiting = run.waitingLoopQuestion;
    const after = isBlockerQuestion(waiting.callId) ? afterBlockerQuestion : afterLoopQuestion;
    const end = after(await askHowToGoOn(run, questionAgain(waiting)), waiting.question, run.firstIteration - 1);
    if (end) return end;
  }

  const chain = new FailureChain(run, run.maxRecoveries);
  const finalPhase = new FinalPhaseCheck(run.gate);
  const turn = new ModelTurn(run, say);
  /** A final answer: the run's end, or null when the model was told to go on. */
  const onFinalAnswer = async (text: string, iteration: number): Promise<LoopOutcome | null> => {
    // An orchestrator role ends only with its submit tool: a reply without it is nudged once, then the run fails.
    if (run.role) {
      const missing = run.role.withoutHandoff();
      if (missing.kind === 'fail') return { status: 'failed', errorCode: 'llm_failure', cause: 'no_handoff', reason: missing.reason, iterations: iteration };
      say({ type: 'user_message', text: missing.text, reason: 'handoff_nudge' });
      return null;
    }
    // plan_exec is done only in its final phase: an earlier final answer is refused, then ends the run as failed.
    const early = finalPhase.judge(iteration < run.maxIterations);
    if (early.kind === 'fail') return { status: 'failed', errorCode: early.errorCode, cause: early.cause, reason: early.reason, iterations: iteration };
    if (early.kind === 'refuse') {
      say({ type: 'user_message', text: early.text, reason: 'phase_not_final' });
      return null;
    }
    // Done means verified: the engine checks the work itself (final-answer.ts), or challenges untested work once.
    const done = await judgeFinalAnswer(run, iteration < run.maxIterations, iteration);
    if (done.kind === 'end') return done.outcome;
    if (done.kind === 'accept') return { status: 'completed', summary: text, iterations: iteration, verified: done.verified };
    say({ type: 'user_message', text: done.text, reason: done.reason });
    return null;
  };
  // A resumed run cut off while its final answer was judged judges it again.
  if (run.pendingFinalAnswer !== null) {
    const end = await onFinalAnswer(run.pendingFinalAnswer, run.firstIteration - 1);
    if (end) return end;
  }
  for (let iteration = run.firstIteration; iteration <= run.maxIterations; iteration++) {
    if (signal.aborted) return cancelled(iteration - 1);
    const budget = chain.canRecover ? chain.beforeTurn(iteration) : null;
    if (budget) await chain.recover(budget.trigger, budget.detail, await turn.request(messages), say);
    if (signal.aborted) return cancelled(iteration - 1);
    emit({ type: 'iteration_started', iteration });

    let reply;
    try {
      reply = await turn.ask(messages);
    } catch (error) {
      if (error instanceof BudgetExceeded) return error.outcome(iteration);
      if (signal.aborted || (error instanceof ModelError && error.code === 'aborted')) return cancelled(iteration);
      const failure = modelFailure(error instanceof ModelError ? error.code : 'unknown');
      const reason = `The model request failed: ${messageOf(error)}`;
      // A failure a retry may cure goes to recovery once (its own retries are spent), then to the emergency.
      // An endpoint that failed every attempt at the transport is down: the critique would go to it too, so the run ends now.
      const endpointDown = error instanceof ModelError && error.transportOnly;
      if (failure.retryable && !endpointDown && chain.canRecover && iteration < run.maxIterations) {
        await chain.recover('llm_failure', endSentence(reason), await turn.request(messages), say);
        if (signal.aborted) return cancelled(iteration);
        continue;
      }
      return { status: 'failed', ...failure, reason, iterations: iteration };
    }
    run.usage.record(turn.lastRequest, run.toolSpecs, reply, run.role?.name ?? 'agent');
    // At most 50 calls a reply, and no call's arguments over 1 MiB: the rest never reaches the log (call-limits.ts).
    const bounded = boundToolCalls(reply.toolCalls);
    say({ type: 'assistant_message', text: reply.text, toolCalls: bounded.calls });
    for (const notice of limitNotices(bounded)) emit(notice);

    if (reply.toolCalls.length === 0 && reply.text.trim() === '') {
      if (nudged) {
        return {
          status: 'failed',
          errorCode: 'llm_failure',
          cause: 'empty_reply',
          reason: 'The model sent an empty reply twice in a row.',
          iterations: iteration,
        };
      }
      nudged = true;
      emit({ type: 'notice', level: 'warning', message: 'The model sent an empty reply; nudging it once.' });
      say({ type: 'user_message', text: EMPTY_REPLY_NUDGE, reason: 'empty_reply_nudge' });
      continue;
    }
    nudged = false;
    if (reply.toolCalls.length === 0) {
      const end = await onFinalAnswer(reply.text, iteration);
      if (end) return end;
      continue;
    }

    const advice = emptyAdvice();
    for (const call of bounded.calls) {
      if (signal.aborted) return cancelled(iteration);
      const { event } = await executeBoundedCall(call, bounded, run);
      applyToConversation(messages, event);
      const fatal = fatalOutcome(event);
      if (fatal) return { status: 'failed', ...fatal, iterations: iteration };
      chain.observe(call, event, advice);
      if (run.role?.handedOff(call, event)) handedOff = true;
    }
    if (signal.aborted) return cancelled(iteration);
    if (handedOff) return handOff(iteration);
    // Notes and recovery come after the batch: every call of a reply must have its result first.
    const limitNote = callLimitNote(bounded);
    if (limitNote) say({ type: 'user_message', text: limitNote, reason: 'call_limit' });
    for (const note of advice.notes) say({ type: 'user_message', text: note, reason: 'loop_nudge' });
    if (advice.escalate !== null) {
      // Someone watching is asked once how to go on; otherwise (or the second time) the run ends.
      const guidance = askedAboutLoop ? 'unanswered' : await askHowToGoOn(run, loopQuestion(advice.escalate, iteration));
      askedAboutLoop = true;
      const end = afterLoopQuestion(guidance, advice.escalate, iteration);
      if (end) return end;
      continue;
    }
    if (advice.blocker !== null) {
      // Too many failed calls: only the person can unblock it; with nobody watching the run ends with needs_human.
      const question = blockerQuestion(advice.blocker, iteration);
      const end = afterBlockerQuestion(await askHowToGoOn(run, question), question.question, iteration);
      if (end) return end;
      continue;
    }
    // The critique is asked for with the request as the context manager shapes it, so it fits the window too.
    if (advice.recover) await chain.recover(advice.recover.trigger, advice.recover.detail, await turn.request(messages), say);
  }
  return {
    status: 'failed',
    errorCode: 'budget_exceeded',
    cause: 'max_iterations',
    reason: run.role ? run.role.stepLimitReason(run.maxIterations) : `Reached the limit of ${run.maxIterations} iterations before the task was finished.`,
    iterations: run.maxIterations,
  };
}
