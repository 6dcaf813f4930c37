import { describe, expect, it } from 'vitest';
import { parseScenarioList } from '../../../src/ui/engine/scenarios';

describe('parseScenarioList', () => {
  it('keeps each scenario and marks a missing default task as null', () => {
    expect(
      parseScenarioList([
        { name: 'demo', title: 'Demo', description: 'd', defaultTask: 'Add a test', readyMade: true },
        { name: 'busy', title: 'Busy', description: 'live only', defaultTask: 'Run it', readyMade: false },
        { name: 'old', title: 'Old', description: 'from an older worker' },
      ]),
    ).toEqual([
      { name: 'demo', title: 'Demo', description: 'd', defaultTask: 'Add a test', readyMade: true },
      { name: 'busy', title: 'Busy', description: 'live only', defaultTask: 'Run it', readyMade: false },
      { name: 'old', title: 'Old', description: 'from an older worker', defaultTask: null, readyMade: true },
    ]);
  });

  it('refuses anything that is not a scenario list', () => {
    expect(parseScenarioList({ name: 'demo' })).toBeNull();
    expect(parseScenarioList([{ name: 'demo', title: 3, description: 'd' }])).toBeNull();
  });
});
