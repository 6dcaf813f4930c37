import { describeFailedCheck } from './final-check';
import type { LoopOutcome } from './loop-outcome';
import { FINAL_CHECK_FAILED, renderTemplate } from './prompts';
import type { RunContext } from './run-context';

/** What the loop does with a final answer given in the final phase (or in react mode). */
export type FinalAnswerVerdict =
  | { kind: 'accept'; verified: boolean | 'unknown' }
  | { kind: 'retry'; text: string; reason: 'verification_challenge' | 'final_check_failed' }
  | { kind: 'end'; outcome: LoopOutcome };

/**
 * Done means verified. With the final check on, the engine runs the check itself: a pass (or the
 * same check's pass on these files) completes the run verified, no tests found completes it
 * "unknown", and a failure sends the failures back while fix attempts and steps remain, then ends
 * the run with `verification_failed`. With the check off, a final answer over failing or
 * out-of-date tests is challenged once and the run says what the model's own test runs showed.
 */
export async function judgeFinalAnswer(run: RunContext, stepsLeft: boolean, iteration: number): Promise<FinalAnswerVerdict> {
  const check = run.finalCheck;
  if (!check.enabled) {
    const challenge = stepsLeft ? await run.verification.challenge() : null;
    if (challenge !== null) return { kind: 'retry', text: challenge, reason: 'verification_challenge' };
    return { kind: 'accept', verified: await run.verification.verdict() };
  }
  const result = await check.run();
  switch (result.outcome) {
    case 'passed':
    case 'skipped':
      return { kind: 'accept', verified: true };
    case 'no_tests':
      return { kind: 'accept', verified: 'unknown' };
    case 'cancelled':
      return { kind: 'end', outcome: { status: 'cancelled', reason: 'stopped by the user', iterations: iteration } };
    case 'failed': {
      if (stepsLeft && check.fixAttempts < check.maxFixAttempts) {
        check.fixAttempts++;
        const text = renderTemplate(FINAL_CHECK_FAILED, {
          command: result.command,
          verdict: result.verdict,
          failures: result.text,
          attempt: String(check.fixAttempts),
          max: String(check.maxFixAttempts),
        });
        return { kind: 'retry', text, reason: 'final_check_failed' };
      }
      return {
        kind: 'end',
        outcome: {
          status: 'failed',
          errorCode: 'verification_failed',
          cause: stepsLeft ? 'fix_attempts_spent' : 'no_steps_left',
          reason: describeFailedCheck(result, check.fixAttempts),
          iterations: iteration,
          retryable: true,
        },
      };
    }
  }
}
