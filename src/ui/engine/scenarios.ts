import { z } from 'zod';
import { type Mode, ModeSchema } from '../../protocol/settings';
import type { PageSettings } from '../settings/page-settings';

export interface Scenario {
  name: string;
  title: string;
  description: string;
  /** The task the scenario was written for; older workers do not send it. */
  defaultTask: string | null;
  /** Offered as a ready-made session (older workers do not say: all were). */
  readyMade: boolean;
  /** The mode it was written for (older workers do not say: null). */
  mode: Mode | null;
}

const ScenarioListSchema = z.array(
  z.object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    defaultTask: z.string().optional(),
    readyMade: z.boolean().optional(),
    mode: ModeSchema.optional(),
  }),
);

/** The worker's scenario list as the page uses it, or null when it is not one. */
export function parseScenarioList(list: unknown): Scenario[] | null {
  const parsed = ScenarioListSchema.safeParse(list);
  return parsed.success ? parsed.data.map((s) => ({ ...s, defaultTask: s.defaultTask ?? null, readyMade: s.readyMade ?? true, mode: s.mode ?? null })) : null;
}

/**
 * The mode a run is asked for: Settings' mode, except where the chosen scripted scenario cannot
 * play in it. An orchestrator scenario has only roles' turns and the others have none, so the
 * scenario's own mode wins when one of the two is orchestrator and the other is not; the demo
 * note says so (a run that failed on "no turn for planner:1" would explain nothing).
 */
export function runMode(settings: Pick<PageSettings, 'mode' | 'model'>, scenarios: readonly Scenario[]): Mode {
  if (settings.model.provider !== 'scripted') return settings.mode;
  const needs = scenarios.find((scenario) => scenario.name === settings.model.scenario)?.mode ?? null;
  if (needs === null) return settings.mode;
  return (needs === 'orchestrator') === (settings.mode === 'orchestrator') ? settings.mode : needs;
}
