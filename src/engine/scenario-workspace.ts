import { getScenario } from '../model/scenarios';
import { STARTER_PROJECT } from '../sandbox/starter-project';

/** The files a scripted scenario starts from: its own project, else the starter project; an unknown name gets the starter. */
export function scenarioWorkspace(scenario: string): Readonly<Record<string, string>> {
  try {
    return getScenario(scenario).files ?? STARTER_PROJECT;
  } catch {
    return STARTER_PROJECT;
  }
}
