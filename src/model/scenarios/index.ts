import type { Scenario } from '../scenario';
import { approvals } from './approvals';
import { busyNode } from './busy-node';
import { clarify } from './clarify';
import { codeIntel } from './code-intel';
import { demo } from './demo';
import { endless } from './endless';
import { markdown } from './markdown';
import { noTests } from './no-tests';
import { nodeDemo } from './node-demo';
import { nudged } from './nudged';
import { orchestratorDemo } from './orchestrator-demo';
import { planExecDemo } from './plan-exec-demo';
import { pythonDemo } from './python-demo';
import { recovery } from './recovery';
import { silent } from './silent';
import { slowCommand } from './slow-command';
import { stuck } from './stuck';
import { untested } from './untested';

export type { Scenario, ScriptedToolCall, ScriptedTurn } from '../scenario';

/** Every scripted scenario, the default demo first. */
export const SCENARIOS: readonly Scenario[] = [
  demo,
  planExecDemo,
  pythonDemo,
  nodeDemo,
  recovery,
  endless,
  silent,
  nudged,
  slowCommand,
  busyNode,
  codeIntel,
  stuck,
  clarify,
  markdown,
  untested,
  noTests,
  orchestratorDemo,
  approvals,
];

export function getScenario(name: string): Scenario {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) {
    throw new Error(`unknown scripted scenario '${name}'; known scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  }
  return scenario;
}

export function listScenarios(): { name: string; title: string; description: string }[] {
  return SCENARIOS.map(({ name, title, description }) => ({ name, title, description }));
}
