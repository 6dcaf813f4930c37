import { type Role, ROLES } from '../../../protocol/handoffs';
import { MAX_ITERATIONS_LIMITS, MAX_REVIEW_ROUNDS_LIMITS } from '../../../protocol/settings';
import type { RoleDraft } from '../../settings/validate';
import { Disclosure, Field, NumberField, TextField } from './fields';
import type { DraftProps } from './use-settings-form';

const ROLE_TITLES: Record<Role, string> = { planner: 'Planner', coder: 'Coder', reviewer: 'Reviewer' };

const ROLE_NOTES: Record<Role, string> = {
  planner: 'Reads the workspace (no writes, no commands that change it) and hands on a plan: steps, files and acceptance criteria.',
  coder: "Every tool, gated as building. Starts from the task and the plan, and in later rounds from the review's findings.",
  reviewer: 'Reads the work and runs the tests, gated as verification, then approves or asks for changes with findings.',
};

const MAX_REVIEW_ROUNDS_NOTE =
  'A review asking for changes starts a new coder round, this many reviews at most; after the last one the run delivers with the open findings ' +
  "in its summary (0: no review). The engine's own check at the end applies as in the other modes.";

/** orchestrator mode's own settings: the review rounds, and each role's model, step cap and extra instructions. */
export function OrchestratorFields({ draft, errors, update }: DraftProps) {
  const updateRole = (role: Role, field: keyof RoleDraft, value: string) =>
    update('roles', { ...draft.roles, [role]: { ...draft.roles[role], [field]: value } });
  return (
    <>
      <NumberField
        id="max-review-rounds"
        label="Max review rounds"
        note={MAX_REVIEW_ROUNDS_NOTE}
        error={errors.maxReviewRounds}
        min={MAX_REVIEW_ROUNDS_LIMITS.min}
        max={MAX_REVIEW_ROUNDS_LIMITS.max}
        value={draft.maxReviewRounds}
        onChange={(value) => update('maxReviewRounds', value)}
      />
      {ROLES.map((role) => {
        const own = draft.roles[role];
        const title = ROLE_TITLES[role];
        const hasError = (['model', 'maxSteps', 'instructions'] as const).some((field) => errors[`roles.${role}.${field}`] !== undefined);
        return (
          <Disclosure key={role} label={`${title} settings`} open={own.model !== '' || own.maxSteps !== '' || own.instructions !== '' || hasError}>
            <p className="field-note">{ROLE_NOTES[role]}</p>
            <TextField
              id={`${role}-model`}
              label={`${title} model`}
              note="Another model on the same provider, base URL and key. The scripted demo plays its own scenario."
              error={errors[`roles.${role}.model`]}
              placeholder="Default: the main model"
              value={own.model}
              onChange={(value) => updateRole(role, 'model', value)}
            />
            <NumberField
              id={`${role}-max-steps`}
              label={`${title} max steps`}
              note={`The ${role}'s step cap in each of its rounds.`}
              error={errors[`roles.${role}.maxSteps`]}
              min={MAX_ITERATIONS_LIMITS.min}
              max={MAX_ITERATIONS_LIMITS.max}
              placeholder="Default: Max iterations"
              value={own.maxSteps}
              onChange={(value) => updateRole(role, 'maxSteps', value)}
            />
            <Field
              id={`${role}-instructions`}
              label={`${title} instructions`}
              error={errors[`roles.${role}.instructions`]}
              note={`Added to the ${role}'s prompt, e.g. the team's conventions.`}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  spellCheck={false}
                  value={own.instructions}
                  onChange={(event) => updateRole(role, 'instructions', event.target.value)}
                />
              )}
            </Field>
          </Disclosure>
        );
      })}
    </>
  );
}
