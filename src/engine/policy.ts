import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { type Phase, PHASES, PhaseSchema } from '../protocol/phases';
import { describeFirstIssue } from '../protocol/zod-issue';
import { type ShellRule, ShellRuleSchema } from '../shell/shell-rules';
import { type UserCommandRules, UserCommandRulesSchema } from '../shell/user-rules-schema';
import { PLAN_EXEC_TOOLS } from '../tools/registry';
import type { Tool, ToolKind } from '../tools/tool';

/** A command the policy runs at a phase boundary, or null for none. */
const PhaseCommandSchema = z.string().trim().min(1, 'a command, or null for none').nullable();
/** How long a phase-boundary command may run, in milliseconds (100 ms to 10 minutes). */
const PhaseCommandTimeoutSchema = z.number().int().min(100).max(600_000);
/** The default for both phase-boundary timeouts. */
export const DEFAULT_PHASE_COMMAND_TIMEOUT_MS = 30_000;

/** No validation and no rollback command: what every phase has unless the policy says otherwise. */
const NO_PHASE_CHECKS = {
  validate: null,
  validateTimeoutMs: DEFAULT_PHASE_COMMAND_TIMEOUT_MS,
  rollback: null,
  rollbackTimeoutMs: DEFAULT_PHASE_COMMAND_TIMEOUT_MS,
} as const;

/**
 * The phase policy, as data: per phase the tools allowed (`*` = all), the shell
 * rule run_command and run_tests are held to, whether files may be written,
 * an optional auto-advance after N steps, and an optional validation (and rollback) at the
 * phase's end. Overrides merge onto the defaults.
 */
export const PhasePolicySchema = z.strictObject({
  tools: z.array(z.string().min(1)),
  shell: ShellRuleSchema,
  writes: z.boolean(),
  /** Advance on its own after this many steps (tool calls, refused ones included) in the phase; null = never. */
  autoAdvanceAfter: z.number().int().positive().nullable(),
  /** Told to the model when it is refused something in this phase. */
  hint: z.string().min(1),
  /**
   * In a phase without writes, paths (globs over workspace-relative paths) a command
   * may still change: caches and coverage output. Any other change a command makes
   * is undone and refused. Under `not_destructive`, paths the destructive-effect check
   * leaves out (build output a clean may remove whole).
   */
  allowWrites: z.array(z.string().min(1)),
  /**
   * Run by advance_phase before leaving the phase (straight on the sandbox, outside the gate): the
   * phase moves on only when it exits 0 in time. null = no check.
   */
  validate: PhaseCommandSchema,
  validateTimeoutMs: PhaseCommandTimeoutSchema,
  /**
   * Run when advance_phase's validation fails: naming one turns rollback on for this phase, with or
   * without `rollbackOnFailure`. null = no command (with `rollbackOnFailure`: restore the phase's starting checkpoint).
   */
  rollback: PhaseCommandSchema,
  rollbackTimeoutMs: PhaseCommandTimeoutSchema,
});
export type PhasePolicy = z.infer<typeof PhasePolicySchema>;

/**
 * How much of the workspace one command may remove, empty or replace under `not_destructive`
 * (building, and react mode without "allow destructive"): more than `maxFraction` of its files,
 * or more than `maxFiles` files, whichever is fewer, is undone and refused.
 */
export const DestructiveEffectSchema = z.strictObject({
  maxFraction: z.number().gt(0).max(1),
  maxFiles: z.number().int().min(0),
});
export type DestructiveEffect = z.infer<typeof DestructiveEffectSchema>;
export const DEFAULT_DESTRUCTIVE_EFFECT: DestructiveEffect = { maxFraction: 0.5, maxFiles: 20 };

export interface Policy {
  startPhase: Phase;
  phases: Record<Phase, PhasePolicy>;
  /** The user's own command rules, in every phase and in react mode: deny refuses, allow lifts a command's own findings. */
  commands: UserCommandRules;
  /** Every failed phase validation also rolls the phase back (its `rollback` command, or its starting checkpoint); a phase with a `rollback` command rolls back anyway. */
  rollbackOnFailure: boolean;
  /** The effect check of `not_destructive`: how many files one command may damage. */
  destructiveEffect: DestructiveEffect;
}

type KindedTool = Pick<Tool, 'name' | 'kind'>;

/** The order the phase prompts have always named these read tools in; a newer read tool follows them. */
const FIRST_READ_TOOLS = ['read_file', 'list_files', 'search_codebase', 'outline'];

const namesOfKind = (tools: readonly KindedTool[], kind: ToolKind) => tools.filter((tool) => tool.kind === kind).map((tool) => tool.name);

function readOnlyTools(tools: readonly KindedTool[]): string[] {
  const rank = (name: string) => {
    const at = FIRST_READ_TOOLS.indexOf(name);
    return at === -1 ? FIRST_READ_TOOLS.length : at;
  };
  const reads = namesOfKind(tools, 'read').sort((a, b) => rank(a) - rank(b));
  return [...reads, ...namesOfKind(tools, 'think'), ...namesOfKind(tools, 'ask')];
}

/**
 * Each phase's default tools, by kind: the read-only ones (read and think) everywhere, the edit
 * ones while building, and the phase tool last. Commands are named: planning may only look
 * around with run_command, verification runs the tests first.
 */
export function defaultPhaseTools(tools: readonly KindedTool[]): Record<Phase, string[]> {
  const readOnly = readOnlyTools(tools);
  const phase = namesOfKind(tools, 'phase');
  return {
    planning: [...readOnly, 'run_command', ...phase],
    building: [...readOnly, ...namesOfKind(tools, 'edit'), ...namesOfKind(tools, 'execute'), ...phase],
    verification: [...readOnly, 'run_tests', 'run_command', ...phase],
    delivery: ['*'],
  };
}

const TOOLS = defaultPhaseTools(PLAN_EXEC_TOOLS);

/** What test runners write as they run, and nobody keeps: allowed in verification by default. */
const TEST_CACHES = ['node_modules/.cache/**', 'node_modules/.vite/**', 'node_modules/.vitest/**', '**/__pycache__/**', '.pytest_cache/**'];

export const DEFAULT_POLICY: Policy = {
  startPhase: 'planning',
  commands: { allow: [], deny: [] },
  rollbackOnFailure: false,
  destructiveEffect: DEFAULT_DESTRUCTIVE_EFFECT,
  phases: {
    planning: {
      tools: TOOLS.planning,
      shell: 'readonly',
      writes: false,
      autoAdvanceAfter: null,
      hint: 'Planning is read-only: explore and plan, then call advance_phase when the plan is complete.',
      allowWrites: [],
      ...NO_PHASE_CHECKS,
    },
    building: {
      tools: TOOLS.building,
      shell: 'not_destructive',
      writes: true,
      autoAdvanceAfter: null,
      hint: 'Building allows changes but not destructive commands; call advance_phase when the change is ready to verify.',
      allowWrites: [],
      ...NO_PHASE_CHECKS,
    },
    verification: {
      tools: TOOLS.verification,
      shell: 'readonly_or_tests',
      writes: false,
      autoAdvanceAfter: null,
      hint: 'Verification is read-only apart from running tests: check the work, then call advance_phase to deliver.',
      allowWrites: TEST_CACHES,
      ...NO_PHASE_CHECKS,
    },
    delivery: {
      tools: TOOLS.delivery,
      shell: 'any',
      writes: true,
      autoAdvanceAfter: null,
      hint: 'Delivery is the final phase: everything is allowed; finish with a summary.',
      allowWrites: [],
      ...NO_PHASE_CHECKS,
    },
  },
};

/** What a person may write in Settings (or pass to the CLI): any part of the policy. */
export const PolicyOverridesSchema = z.strictObject({
  startPhase: PhaseSchema.optional(),
  phases: z.record(z.string(), PhasePolicySchema.partial()).optional(),
  commands: UserCommandRulesSchema.optional(),
  rollbackOnFailure: z.boolean().optional(),
  destructiveEffect: DestructiveEffectSchema.partial().optional(),
});

export type PolicyResult = { ok: true; policy: Policy } | { ok: false; error: string };

/**
 * Merges overrides onto the defaults and checks the result against the known tool names.
 * Every error names the bad value and where it is.
 */
export function resolvePolicy(overrides: unknown, knownTools: readonly string[]): PolicyResult {
  const parsed = PolicyOverridesSchema.safeParse(overrides ?? {});
  if (!parsed.success) {
    return { ok: false, error: describeFirstIssue(parsed.error, 'policy') };
  }
  const phases = { ...DEFAULT_POLICY.phases };
  for (const [name, override] of Object.entries(parsed.data.phases ?? {})) {
    const phase = PhaseSchema.safeParse(name);
    if (!phase.success) return { ok: false, error: `phases.${name}: unknown phase "${name}" (phases: ${PHASES.join(', ')})` };
    phases[phase.data] = { ...phases[phase.data], ...override };
  }
  for (const phase of PHASES) {
    const { tools } = phases[phase];
    if (tools.length === 0) return { ok: false, error: `phases.${phase}.tools: empty whitelist — a phase needs at least one tool (or "*")` };
    for (const tool of tools) {
      if (tool !== '*' && !knownTools.includes(tool)) {
        return { ok: false, error: `phases.${phase}.tools: unknown tool "${tool}" (tools: ${knownTools.join(', ')})` };
      }
    }
  }
  return {
    ok: true,
    policy: {
      startPhase: parsed.data.startPhase ?? DEFAULT_POLICY.startPhase,
      phases,
      commands: parsed.data.commands ?? DEFAULT_POLICY.commands,
      rollbackOnFailure: parsed.data.rollbackOnFailure ?? DEFAULT_POLICY.rollbackOnFailure,
      destructiveEffect: { ...DEFAULT_POLICY.destructiveEffect, ...parsed.data.destructiveEffect },
    },
  };
}

/** Parses the JSON text a person typed in Settings; empty text means "the defaults". */
export function resolvePolicyText(text: string, knownTools: readonly string[]): PolicyResult {
  if (text.trim() === '') return resolvePolicy({}, knownTools);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `policy is not valid JSON: ${messageOf(error)}` };
  }
  return resolvePolicy(value, knownTools);
}

export function toolAllowed(policy: PhasePolicy, tool: string): boolean {
  return policy.tools.includes('*') || policy.tools.includes(tool);
}

export type { ShellRule };
