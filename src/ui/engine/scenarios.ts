import { z } from 'zod';

export interface Scenario {
  name: string;
  title: string;
  description: string;
  /** The task the scenario was written for; older workers do not send it. */
  defaultTask: string | null;
  /** Offered as a ready-made session (older workers do not say: all were). */
  readyMade: boolean;
}

const ScenarioListSchema = z.array(
  z.object({ name: z.string(), title: z.string(), description: z.string(), defaultTask: z.string().optional(), readyMade: z.boolean().optional() }),
);

/** The worker's scenario list as the page uses it, or null when it is not one. */
export function parseScenarioList(list: unknown): Scenario[] | null {
  const parsed = ScenarioListSchema.safeParse(list);
  return parsed.success ? parsed.data.map((s) => ({ ...s, defaultTask: s.defaultTask ?? null, readyMade: s.readyMade ?? true })) : null;
}
