import { nextPhase, PHASES } from '../protocol/phases';
import type { Mode } from '../protocol/settings';
import { type Policy, PolicyOverridesSchema } from './policy';

/** What an orchestrator role takes of its phase's rules (roles/role-tools.ts). */
const ROLE_PHASE_NAMES: ReadonlySet<string> = new Set(['planning', 'building', 'verification']);
const ROLE_PHASE_KEYS: ReadonlySet<string> = new Set(['tools', 'shell', 'writes', 'allowWrites']);

/**
 * What a policy sets that will never take effect, each as a sentence naming the setting: a rollback
 * only runs when a phase's validation fails on advance_phase, so one without a validation, in the
 * final phase (never left) or only reached by an auto-advance would be ignored without a word. In
 * react mode the phases (and with them validations and rollbacks) are not used, except delivery's
 * validate, which is the engine's final check in both modes (unused when that check is off).
 * `overrides` is what the person wrote (to tell their settings from the defaults); `policy` the result.
 */
export function policyWarnings(overrides: unknown, policy: Policy, mode: Mode | null, finalCheck = true): string[] {
  const parsed = PolicyOverridesSchema.safeParse(overrides ?? {});
  if (!parsed.success) return [];
  const given = parsed.data;
  // The delivery validate is the engine's final check in either mode (final-check.ts), and nothing else.
  const checkUnused =
    !finalCheck && given.phases?.delivery?.validate != null
      ? ['phases.delivery.validate is the command of the engine\'s final check, which is off in this run ("Check the work when the agent finishes").']
      : [];
  if (mode === 'orchestrator' || mode === 'react') {
    // Delivery's validate is the final check; an orchestrator role also takes its phase's tools, shell, writes and allowWrites.
    const used = (phase: string, key: string) =>
      (phase === 'delivery' && (key === 'validate' || key === 'validateTimeoutMs')) ||
      (mode === 'orchestrator' && ROLE_PHASE_NAMES.has(phase) && ROLE_PHASE_KEYS.has(key));
    const unused = [
      ...(given.startPhase === undefined ? [] : ['startPhase']),
      ...Object.entries(given.phases ?? {}).flatMap(([phase, rules]) =>
        Object.keys(rules)
          .filter((key) => !used(phase, key))
          .map((key) => `phases.${phase}.${key}`),
      ),
      ...(given.rollbackOnFailure === undefined ? [] : ['rollbackOnFailure']),
    ];
    const why =
      mode === 'react'
        ? 'used in plan_exec mode only; this run is in react mode.'
        : 'not used in orchestrator mode: the orchestrator roles take only the tools, shell, writes and allowWrites of planning, building and verification.';
    return [...(unused.length === 0 ? [] : [`${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} ${why}`]), ...checkUnused];
  }
  const warnings: string[] = [];
  const validated = PHASES.filter((phase) => nextPhase(phase) !== null && policy.phases[phase].validate !== null);
  for (const phase of PHASES) {
    const rules = policy.phases[phase];
    if (rules.rollback === null) continue;
    const name = `phases.${phase}.rollback`;
    if (nextPhase(phase) === null) warnings.push(`${name} never runs: ${phase} is the final phase, which is never left, so no validation of it fails.`);
    else if (rules.validate === null)
      warnings.push(`${name} never runs: a rollback runs when the phase's validation fails, and phases.${phase}.validate is not set.`);
    else if (rules.autoAdvanceAfter !== null)
      warnings.push(`${name} does not run when ${phase} advances on its own (autoAdvanceAfter): only when advance_phase's validation fails.`);
  }
  if (given.rollbackOnFailure === true && validated.length === 0) {
    warnings.push('rollbackOnFailure never takes effect: no phase before the final one has a validate command, so no validation can fail.');
  }
  return [...warnings, ...checkUnused];
}
