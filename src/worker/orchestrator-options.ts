import { type CreateModelOptions, roleOptionsFor } from '../model/create-model';
import { type Role, ROLES } from '../protocol/handoffs';
import type { Mode, ModelSettingsInput, RoleSettings } from '../protocol/settings';

/** What a run or resume request says of orchestrator mode: the review rounds and each role's settings (or, on a resume, its model alone). */
export interface OrchestratorRequest {
  maxReviewRounds?: number;
  roles?: Partial<Record<Role, Partial<RoleSettings>>>;
}

/**
 * The orchestrator's run options from a request: nothing in the other modes; in orchestrator mode
 * the review rounds when given and the roles' settings, their models built on the request's endpoint.
 */
export function orchestratorOptions(
  model: ModelSettingsInput,
  mode: Mode,
  request: OrchestratorRequest,
  options: CreateModelOptions = {},
): { maxReviewRounds?: number; roles?: ReturnType<typeof roleOptionsFor> } {
  if (mode !== 'orchestrator') return {};
  const { maxReviewRounds, roles } = request;
  return {
    ...(maxReviewRounds === undefined ? {} : { maxReviewRounds }),
    ...(roles === undefined ? {} : { roles: roleOptionsFor(model, roles, { ...options, mode }) }),
  };
}

/** A resume request's role model names as role settings that set the model alone. */
export function roleModelsOnly(names: Partial<Record<Role, string>>): Partial<Record<Role, Partial<RoleSettings>>> {
  const roles: Partial<Record<Role, Partial<RoleSettings>>> = {};
  for (const role of ROLES) {
    const name = names[role];
    if (name !== undefined) roles[role] = { model: name };
  }
  return roles;
}
