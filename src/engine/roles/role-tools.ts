import type { ToolSpec } from '../../model/port';
import type { Role } from '../../protocol/handoffs';
import type { Phase } from '../../protocol/phases';
import { ALL_TOOLS, toolSpecs } from '../../tools/registry';
import { SUBMIT_TOOLS } from '../../tools/submit-handoff';
import type { Tool } from '../../tools/tool';
import { type PhasePolicy, type Policy, toolAllowed } from '../policy';
import { ROLE_HINTS } from '../prompts';

/** The phase whose rules each role works under: the planner plans, the coder builds, the reviewer verifies. */
export const ROLE_PHASES: Record<Role, Phase> = { planner: 'planning', coder: 'building', reviewer: 'verification' };

/** The role's rules: its phase's, with its own submit tool allowed and a hint that speaks of it. */
export function roleRules(policy: Policy, role: Role): PhasePolicy {
  const rules = policy.phases[ROLE_PHASES[role]];
  const submit = SUBMIT_TOOLS[role].name;
  const tools = rules.tools.includes('*') || rules.tools.includes(submit) ? rules.tools : [...rules.tools, submit];
  return { ...rules, tools, hint: ROLE_HINTS[role] };
}

/**
 * What a role's loop knows: every tool and its own submit tool, so a call the role was not offered
 * (a write by the planner) reaches the gate and is refused there; and the specs it is offered: only
 * the tools its rules allow.
 */
export function roleTools(rules: PhasePolicy, role: Role): { tools: readonly Tool[]; offered: ToolSpec[] } {
  const tools = [...ALL_TOOLS, SUBMIT_TOOLS[role]];
  return { tools, offered: toolSpecs(tools.filter((tool) => toolAllowed(rules, tool.name))) };
}

/** The tool names an orchestrator run records in run_configured: every tool, then the three submit tools. */
export const ORCHESTRATOR_TOOL_NAMES: readonly string[] = [...ALL_TOOLS, ...Object.values(SUBMIT_TOOLS)].map((tool) => tool.name);
