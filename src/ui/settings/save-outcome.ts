import type { PageSettings } from './page-settings';
import type { DraftErrors, validateDraft } from './validate';

export type SaveOutcome = { ok: true; settings: PageSettings } | { ok: false; errors: DraftErrors };

/** Joins the form's own validation with the worker's policy check into what Save does. */
export function saveOutcome(validation: ReturnType<typeof validateDraft>, policyProblem: string | null): SaveOutcome {
  if (validation.ok && policyProblem === null) return { ok: true, settings: validation.settings };
  return { ok: false, errors: { ...(validation.ok ? {} : validation.errors), ...(policyProblem === null ? {} : { policyText: policyProblem }) } };
}

/** How many fields show an error. */
export function errorCount(errors: DraftErrors): number {
  return Object.values(errors).filter(Boolean).length;
}
