import { describe, expect, it } from 'vitest';
import { waitingTitle } from '../../../src/ui/use-tab-title';

describe('the tab title while the agent waits for an answer', () => {
  it('marks the title once', () => {
    expect(waitingTitle('Phasegate')).toBe('(?) Phasegate');
    expect(waitingTitle('(?) Phasegate')).toBe('(?) Phasegate');
  });
});
