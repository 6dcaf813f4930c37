import { type EventOf, USAGE_ROLES, type UsageRole, usageRole } from '../../protocol/events';
import { formatCount, formatTokens, formatUsd } from '../../protocol/token-figures';

/** The context meter's state, from the run's `usage` events (so replay and shared sessions show it too). */
export interface ContextUsage {
  /** The last request's counted size, and the window it counts against. */
  requestTokens: number;
  contextWindow: number;
  /** The last reply's counts were the run's own estimate (the provider sent none). */
  estimated: boolean;
  /** Totals over the run's replies. */
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  /** What the replies cost in US dollars; null when any reply's cost is unknown. */
  costUsd: number | null;
  /** Some of the totals are estimates. */
  anyEstimated: boolean;
  /** The agent's replies. */
  replies: number;
  /** Tokens (prompt and completion) by the role of the call that took them: the agent's turns, summaries, recoveries… */
  byRole: Partial<Record<UsageRole, number>>;
}

/**
 * The state after one more `usage` event. Every call counts in the totals; only the agent's turns
 * say how full the context is (a summary or recovery request is not the conversation's size).
 */
export function addUsage(current: ContextUsage | null, event: EventOf<'usage'>): ContextUsage {
  const cost = event.costUsd ?? null;
  const role = usageRole(event);
  const last = role === 'agent' || current === null ? event : current;
  const tokens = event.promptTokens + event.completionTokens;
  return {
    requestTokens: last.requestTokens,
    contextWindow: last.contextWindow,
    estimated: last.estimated,
    promptTokens: (current?.promptTokens ?? 0) + event.promptTokens,
    completionTokens: (current?.completionTokens ?? 0) + event.completionTokens,
    cachedTokens: (current?.cachedTokens ?? 0) + (event.cachedTokens ?? 0),
    costUsd: current === null ? cost : current.costUsd === null || cost === null ? null : current.costUsd + cost,
    anyEstimated: (current?.anyEstimated ?? false) || event.estimated,
    replies: (current?.replies ?? 0) + (role === 'agent' ? 1 : 0),
    byRole: { ...current?.byRole, [role]: (current?.byRole[role] ?? 0) + tokens },
  };
}

/** What the meter shows: "12.4k / 128k", how full the window is (0–1), and the totals for its title. */
export function meterView(usage: ContextUsage): { text: string; fraction: number; detail: string } {
  const approx = usage.estimated ? '~' : '';
  const text = `${approx}${formatTokens(usage.requestTokens)} / ${formatTokens(usage.contextWindow)}`;
  const fraction = usage.contextWindow > 0 ? Math.min(1, usage.requestTokens / usage.contextWindow) : 0;
  const percent = Math.round(fraction * 100);
  const cached = usage.cachedTokens > 0 ? ` (${formatCount(usage.cachedTokens)} cached)` : '';
  const cost = usage.costUsd === null ? 'cost unknown' : formatUsd(usage.costUsd);
  const estimate = usage.anyEstimated ? ', estimated' : '';
  const detail =
    `Next request: ${formatCount(usage.requestTokens)} of ${formatCount(usage.contextWindow)} tokens (${percent}%). ` +
    `Session: ${formatCount(usage.promptTokens)} prompt${cached} + ${formatCount(usage.completionTokens)} completion tokens${estimate}; ${cost}.` +
    roleBreakdown(usage.byRole);
  return { text, fraction, detail };
}

const ROLE_NAMES: Record<UsageRole, string> = {
  agent: 'agent',
  summary: 'summaries',
  recovery: 'recovery',
  final_check: 'final check',
  review: 'review',
  planner: 'planner',
  coder: 'coder',
  reviewer: 'reviewer',
};

/** " By call: agent 12,400, summaries 900 tokens." once a call other than the agent's was metered; else nothing. */
function roleBreakdown(byRole: ContextUsage['byRole']): string {
  const roles = USAGE_ROLES.filter((role) => byRole[role] !== undefined);
  if (roles.every((role) => role === 'agent')) return '';
  return ` By call: ${roles.map((role) => `${ROLE_NAMES[role]} ${formatCount(byRole[role] ?? 0)}`).join(', ')} tokens.`;
}
