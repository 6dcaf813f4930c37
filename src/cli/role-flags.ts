import type { RecordedRoles } from '../protocol/events';
import { type Role, ROLES, RoleSchema } from '../protocol/handoffs';
import { MAX_ITERATIONS_LIMITS, type RoleSettings, RoleSettingsSchema } from '../protocol/settings';
import { describeFirstIssue } from '../protocol/zod-issue';
import { listFlag, type ParsedArgs, UsageError } from './args';

/** orchestrator: each role's own model, step cap and extra instructions; each flag repeatable, one ROLE=VALUE a time. */
export const ROLE_FLAGS = ['role-model', 'role-steps', 'role-instructions'] as const;

type RoleFlag = (typeof ROLE_FLAGS)[number];
type GivenRoles = Partial<Record<Role, Partial<RoleSettings>>>;

const ROLE_NAMES = `${ROLES.slice(0, -1).join(', ')} or ${ROLES.at(-1) ?? ''}`;
const SHAPES: Record<RoleFlag, string> = { 'role-model': 'ROLE=NAME', 'role-steps': 'ROLE=N', 'role-instructions': 'ROLE=TEXT' };
const { min, max } = MAX_ITERATIONS_LIMITS;

/** Whether any role flag was given. */
export function roleFlagsGiven(args: ParsedArgs): boolean {
  return ROLE_FLAGS.some((flag) => args.flags.has(flag));
}

/**
 * `--role-model ROLE=NAME`, `--role-steps ROLE=N` and `--role-instructions ROLE=TEXT`, each checked
 * with the settings' own schema; a usage error names the flag and what is wrong.
 */
export function roleSettingsFromArgs(args: ParsedArgs): GivenRoles {
  const roles: GivenRoles = {};
  for (const flag of ROLE_FLAGS) {
    for (const text of listFlag(args, flag)) {
      const { role, value } = splitRoleValue(flag, text);
      const own = (roles[role] ??= {});
      const key = flag === 'role-model' ? 'model' : flag === 'role-steps' ? 'maxSteps' : 'instructions';
      if (own[key] !== undefined) throw new UsageError(`--${flag} is given twice for the ${role}`);
      if (value.trim() === '')
        throw new UsageError(`--${flag} ${role}= needs ${flag === 'role-model' ? 'a model name' : flag === 'role-steps' ? 'a number' : 'text'}`);
      if (key === 'maxSteps') {
        const steps = RoleSettingsSchema.shape.maxSteps.safeParse(Number(value));
        if (!steps.success || steps.data === null) throw new UsageError(`--role-steps ${role}=${value}: the step cap is a whole number from ${min} to ${max}`);
        own.maxSteps = steps.data;
      } else {
        const checked = RoleSettingsSchema.shape[key].safeParse(value);
        if (!checked.success) throw new UsageError(`--${flag} ${role}: ${describeFirstIssue(checked.error, key)}`);
        own[key] = checked.data;
      }
    }
  }
  return roles;
}

/**
 * A resumed run keeps the step caps and instructions its session recorded: a flag may repeat one,
 * never change it. A session recorded before roles had settings takes what is given.
 */
export function refuseChangedRoles(given: RecordedRoles, recorded: RecordedRoles | undefined): void {
  if (recorded === undefined) return;
  for (const role of ROLES) {
    const mine = given[role] ?? {};
    const kept = recorded[role] ?? {};
    const changes = [
      ['role-steps', 'maxSteps', mine.maxSteps, kept.maxSteps, "none (the run's step limit)"],
      ['role-instructions', 'instructions', mine.instructions, kept.instructions, 'none'],
    ] as const;
    for (const [flag, key, value, was, none] of changes) {
      if (value === undefined || value === was) continue;
      throw new UsageError(
        `--${flag} would change a setting the session recorded (roles.${role}.${key}: ${was === undefined ? none : JSON.stringify(was)}, given ${JSON.stringify(value)}); a resumed run keeps its settings, so leave --${flag} ${role}=… out`,
      );
    }
  }
}

function splitRoleValue(flag: RoleFlag, text: string): { role: Role; value: string } {
  const eq = text.indexOf('=');
  if (eq === -1) throw new UsageError(`--${flag} takes ${SHAPES[flag]} (ROLE: ${ROLE_NAMES}), not "${text}"`);
  const name = text.slice(0, eq).trim();
  const role = RoleSchema.safeParse(name);
  if (!role.success) throw new UsageError(`--${flag}: unknown role "${name}" (the roles are ${ROLE_NAMES})`);
  return { role: role.data, value: text.slice(eq + 1) };
}
