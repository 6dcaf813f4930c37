import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/protocol/settings';
import { parseScenarioList, runMode, type Scenario } from '../../../src/ui/engine/scenarios';

describe('parseScenarioList', () => {
  it('keeps each scenario and marks a missing default task as null', () => {
    expect(
      parseScenarioList([
        { name: 'demo', title: 'Demo', description: 'd', defaultTask: 'Add a test', readyMade: true, mode: 'react' },
        { name: 'busy', title: 'Busy', description: 'live only', defaultTask: 'Run it', readyMade: false, mode: 'react' },
        { name: 'old', title: 'Old', description: 'from an older worker' },
      ]),
    ).toEqual([
      { name: 'demo', title: 'Demo', description: 'd', defaultTask: 'Add a test', readyMade: true, mode: 'react' },
      { name: 'busy', title: 'Busy', description: 'live only', defaultTask: 'Run it', readyMade: false, mode: 'react' },
      { name: 'old', title: 'Old', description: 'from an older worker', defaultTask: null, readyMade: true, mode: null },
    ]);
  });

  it('refuses anything that is not a scenario list', () => {
    expect(parseScenarioList([{ name: 'demo', title: 'Demo', description: 'd', mode: 'solo' }])).toBeNull();
    expect(parseScenarioList({ name: 'demo' })).toBeNull();
    expect(parseScenarioList([{ name: 'demo', title: 3, description: 'd' }])).toBeNull();
  });
});

describe('runMode', () => {
  const scenarios: Scenario[] = [
    { name: 'demo', title: 'Demo', description: 'd', defaultTask: 't', readyMade: true, mode: 'react' },
    { name: 'plan_exec-demo', title: 'P', description: 'd', defaultTask: 't', readyMade: true, mode: 'plan_exec' },
    { name: 'orchestrator-demo', title: 'O', description: 'd', defaultTask: 't', readyMade: true, mode: 'orchestrator' },
  ];
  const scripted = (scenario: string) => ({ ...DEFAULT_SETTINGS.model, provider: 'scripted' as const, scenario });

  it("plays an orchestrator scenario in orchestrator mode, and another scenario outside it, whatever Settings' mode", () => {
    expect(runMode({ mode: 'react', model: scripted('orchestrator-demo') }, scenarios)).toBe('orchestrator');
    expect(runMode({ mode: 'plan_exec', model: scripted('orchestrator-demo') }, scenarios)).toBe('orchestrator');
    expect(runMode({ mode: 'orchestrator', model: scripted('demo') }, scenarios)).toBe('react');
  });

  it("keeps Settings' mode where the scenario plays in it, for an unknown scenario and for a real model", () => {
    expect(runMode({ mode: 'plan_exec', model: scripted('demo') }, scenarios)).toBe('plan_exec');
    expect(runMode({ mode: 'react', model: scripted('plan_exec-demo') }, scenarios)).toBe('react');
    expect(runMode({ mode: 'orchestrator', model: scripted('orchestrator-demo') }, scenarios)).toBe('orchestrator');
    expect(runMode({ mode: 'orchestrator', model: scripted('gone') }, scenarios)).toBe('orchestrator');
    expect(runMode({ mode: 'orchestrator', model: { ...scripted('demo'), provider: 'openai' } }, scenarios)).toBe('orchestrator');
  });
});
