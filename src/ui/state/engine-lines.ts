import type { EventOf } from '../../protocol/events';
import { finalCheckNotice, phaseCheckNotice } from './phase-checks';
import type { TimelineEntry } from './timeline';

/**
 * The Timeline line of an event that needs nothing but itself: what the engine did on its own
 * (notices, retries, loops, recoveries, restores, phase checks, compaction) and the phase moves
 * of plan_exec (a refusal goes on its call's entry: timeline.ts's `refuseCall`).
 */

export type LineEvent = EventOf<
  | 'notice'
  | 'model_retry'
  | 'loop_detected'
  | 'recovery_started'
  | 'recovery_finished'
  | 'checkpoint_restored'
  | 'phase_validation'
  | 'phase_rollback_started'
  | 'phase_rollback_completed'
  | 'phase_rollback_failed'
  | 'context_compacted'
  | 'final_check_started'
  | 'final_check_finished'
  | 'phase_changed'
>;

const loopActionText = {
  nudge: 'the model was told.',
  recover: 'recovery starts.',
  escalate: 'the run cannot go on like this (you are asked once how to go on).',
} as const;

export function lineOf(event: LineEvent, id: string): TimelineEntry {
  switch (event.type) {
    case 'notice':
      return { kind: 'notice', id, level: event.level, message: event.message };
    case 'model_retry':
      return { kind: 'retry', id, attempt: event.attempt, maxAttempts: event.maxAttempts, delayMs: event.delayMs, reason: event.reason };
    case 'loop_detected':
      return {
        kind: 'notice',
        id,
        level: 'warning',
        message: `Loop detected (${event.count}× the same ${event.pattern === 'repeat' ? 'call' : 'pair of calls'}): ${loopActionText[event.action]}`,
      };
    case 'recovery_started':
      return {
        kind: 'notice',
        id,
        level: 'warning',
        message: `Recovery: ${event.detail} Asking the model for a critique and a revised plan.`,
      };
    case 'recovery_finished':
      return {
        kind: 'notice',
        id,
        level: 'info',
        message: event.ok ? `Critique${event.model ? ` from ${event.model}` : ''}: ${event.critique}` : 'The recovery request failed; going on.',
      };
    case 'checkpoint_restored':
      return {
        kind: 'notice',
        id,
        level: 'info',
        message: `Files restored to a checkpoint (${event.changed} ${event.changed === 1 ? 'file' : 'files'} changed).`,
      };
    case 'phase_validation':
    case 'phase_rollback_started':
    case 'phase_rollback_completed':
    case 'phase_rollback_failed':
      return { kind: 'notice', id, ...phaseCheckNotice(event) };
    case 'final_check_started':
    case 'final_check_finished':
      return { kind: 'notice', id, ...finalCheckNotice(event) };
    case 'context_compacted':
      return {
        kind: 'compaction',
        id,
        tier: event.tier,
        tokensBefore: event.tokensBefore,
        tokensAfter: event.tokensAfter,
        masked: event.masked ?? 0,
        summaryBy: event.summaryBy ?? null,
        summary: event.summary ?? null,
      };
    case 'phase_changed':
      return { kind: 'phase', id, from: event.from, to: event.to, reason: event.reason, auto: event.auto, claimed: event.claimed === true };
  }
}
