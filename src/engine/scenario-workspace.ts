import { SCENARIOS } from '../model/scenarios';
import { STARTER_PROJECT } from '../sandbox/starter-project';

/** The files a scripted scenario starts from: its own project, else (an unknown name too) the starter project. */
export function scenarioWorkspace(scenario: string): Readonly<Record<string, string>> {
  return SCENARIOS.find((known) => known.name === scenario)?.files ?? STARTER_PROJECT;
}
