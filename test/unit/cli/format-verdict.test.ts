import { describe, expect, it } from 'vitest';
import { eventFormatter } from '../../../src/cli/format-event';
import { Engine } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/** The CLI's text of a scripted run, formatted as `run` prints it. */
async function printed(name: string, options: { finalCheck?: boolean } = {}): Promise<string[]> {
  const scenario = getScenario(name);
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: { ...(scenario.files ?? STARTER_PROJECT) } }) });
  await engine.run({ task: scenario.defaultTask, mode: 'react', model: new ScriptedModel(scenario), maxIterations: 20, ...options });
  const format = eventFormatter();
  return engine.session.events.flatMap((event) => format(event) ?? []);
}

describe('the CLI says what the page says about a completed run', () => {
  it('the check found no tests: "no tests found", with the reason', async () => {
    const lines = await printed('no-tests');
    expect(lines).toContain('  ! no tests found, the work was not checked: the policy names no delivery validate and no test runner was detected.');
    expect(lines.at(-1)).toBe('■ completed after 3 iterations — no tests found');
  });

  it('no check ran (it is off and the model ran no tests): "not checked"', async () => {
    const lines = await printed('no-tests', { finalCheck: false });
    expect(lines.at(-1)).toBe('■ completed after 3 iterations — not checked');
  });

  it('the check passed on the final files: "tests pass"', async () => {
    const lines = await printed('demo');
    expect(lines.at(-1)).toMatch(/^■ completed after \d+ iterations — tests pass$/);
  });
});
