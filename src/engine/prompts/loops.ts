/** The same call again and again (loop-detector.ts); `call` is the tool and its arguments. */
export const LOOP_REPEAT = `you have made the same call {{count}} times with the same result on the same workspace: {{call}}`;

/** Two calls taking turns (loop-detector.ts); `count` is the number of full rounds. */
export const LOOP_ALTERNATION = `you have alternated between the same two calls {{count}} times with the same results on the same workspace: {{first}} and {{second}}`;

/** What the loop detector says at each step up; `repetition` is LOOP_REPEAT or LOOP_ALTERNATION. */
export const LOOP_MESSAGES = {
  nudge: `Note: {{repetition}}. Repeating it will not tell you anything new: use what it returned, try something different, or finish with what you have.`,
  recover: `Stop: {{repetition}}. This is a loop. Say what you know and what blocks you, then take a different approach; if there is none, finish and explain what is left.`,
  escalate: `The run is stuck in a loop: {{repetition}}, despite the earlier warnings.`,
} as const;

/** Appended to a failed result when the same target failed before (fix-attempts.ts). */
export const FIX_ATTEMPTS = `This is attempt {{attempt}} at {{target}}. Earlier attempts: {{earlier}}. Try a different approach instead of repeating it.`;

/** One earlier attempt in FIX_ATTEMPTS; they are joined with "; ". */
export const FIX_ATTEMPT_LINE = `attempt {{n}}: {{tried}}, failed because {{error}}`;

/** Several different fixes ended in the same failure (fix-attempts.ts); `attempts` are FIX_ATTEMPT_LINEs joined with "; ". */
export const SAME_FAILURE = `{{count}} different attempts at {{target}} ended in the same failure: {{attempts}}.`;
