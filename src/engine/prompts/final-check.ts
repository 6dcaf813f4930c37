/** What the model reads after the engine's own check failed on its final answer: the failures, and how many tries are left. */
export const FINAL_CHECK_FAILED = `You said you were done, so the engine ran \`{{command}}\` itself, and it failed: {{verdict}}

{{failures}}

Fix what fails; the engine checks again when you finish (fix attempt {{attempt}} of {{max}}). If it still fails after the last one, the run ends as failed.`;

/** advance_phase out of verification when the engine's check failed: the work goes back to be fixed. */
export const VERIFICATION_CHECK_FAILED = `The engine ran \`{{command}}\` before leaving verification, and it failed: {{verdict}}

{{failures}}

Verification is left only when this check passes, whatever the reason given, and it cannot change files: the run is back in {{phase}} to fix what fails (fix attempt {{attempt}} of {{max}}). Then advance to verification again. If the check still fails after the last attempt, the run ends as failed.`;

/** The phase line of that move back (the engine's, not the model's). */
export const BACK_TO_FIX = `the engine's check \`{{command}}\` failed on leaving verification: back to {{phase}} to fix it (fix attempt {{attempt}} of {{max}})`;
