/** Added to a phase's line in the phase layer when the policy gives the phase a validation command. */
export const PHASE_VALIDATION_NOTE = ` Leaving it runs \`{{command}}\` first: the phase moves on only when it passes.`;

/** advance_phase's answer note when the validation passed (phase-boundary.ts). */
export const VALIDATION_PASSED = `its validation \`{{command}}\` passed`;

/** advance_phase's answer when the validation failed; `outcome` is an exit code, a timeout or why it could not run, `output` its streams. */
export const VALIDATION_FAILED = `The phase stays {{phase}}: its validation \`{{command}}\` failed ({{outcome}}).
{{output}}`;

/** After VALIDATION_FAILED, when the policy rolls a failed phase back. */
export const ROLLBACK_RESTORED = `The policy rolls back a failed phase: the files were restored to the start of {{phase}} ({{changed}}). Read a file again before you edit it.`;
export const ROLLBACK_COMMAND_PASSED = `The policy rolls back a failed phase: \`{{command}}\` ran and passed. Read a file again before you edit it.`;
export const ROLLBACK_FAILED = `The policy rolls back a failed phase, but the rollback failed ({{reason}}); the files are as the validation left them.`;

/** Sent instead of accepting a final answer given before the final phase (final-phase.ts). */
export const FINISHED_BEFORE_FINAL_PHASE = `You are still in {{phase}}: this run is done only in {{final}}. Call advance_phase to move on (a phase whose validation fails stays: fix what fails first); a final answer now does not end the run.`;

/** The last line of a failed advance_phase. */
export const VALIDATION_NEXT = `Fix what fails, then call advance_phase again.`;
