/** What the model reads after the engine's own check failed on its final answer: the failures, and how many tries are left. */
export const FINAL_CHECK_FAILED = `You said you were done, so the engine ran \`{{command}}\` itself, and it failed: {{verdict}}

{{failures}}

Fix what fails; the engine checks again when you finish (fix attempt {{attempt}} of {{max}}). If it still fails after the last one, the run ends as failed.`;

/** advance_phase out of verification when the engine's check failed: the phase stays. */
export const VERIFICATION_CHECK_FAILED = `The engine ran \`{{command}}\` before leaving verification, and it failed: {{verdict}}

{{failures}}

The phase stays verification: it is left only when this check passes, whatever the reason given. Verification cannot change files, so a run whose code still fails here cannot be delivered.`;
