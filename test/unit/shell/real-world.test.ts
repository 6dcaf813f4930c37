import { describe, expect, it } from 'vitest';
import { checkCommand, classifyCommand } from '../../../src/shell';
import { FIXTURE_FILES } from './fixture-workspace';
import { REAL_WORLD_READONLY, REAL_WORLD_WRITES } from './real-world';

const inFixture = { files: FIXTURE_FILES };

describe('real-world commands', () => {
  it('refuses at most 5% of plainly read-only commands in planning', () => {
    const refused = REAL_WORLD_READONLY.filter((cmd) => !checkCommand(cmd, 'readonly', inFixture).allowed);
    expect(REAL_WORLD_READONLY.length).toBeGreaterThanOrEqual(350);
    expect(refused.length / REAL_WORLD_READONLY.length, refused.join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('allows none of the commands that write or run code in planning', () => {
    expect(REAL_WORLD_WRITES.length).toBeGreaterThanOrEqual(180);
    const allowed = REAL_WORLD_WRITES.filter((cmd) => checkCommand(cmd, 'readonly', inFixture).allowed);
    expect(allowed).toEqual([]);
  });

  it('says why each writing command is refused', () => {
    for (const cmd of REAL_WORLD_WRITES) {
      const verdict = classifyCommand(cmd, inFixture);
      expect(verdict.reason, cmd).not.toBe('read-only');
      expect(verdict.reasons.length, cmd).toBeGreaterThan(0);
    }
  });
});
