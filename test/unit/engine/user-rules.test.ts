import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../../src/engine/policy';
import { KNOWN_TOOL_NAMES } from '../../../src/tools/registry';
import { call, refusalOf, runScenario, scenario } from './gate-helpers';

describe("the user's command rules in the policy", () => {
  it('deny refuses a matching command in every phase, delivery included, matched on the parsed command', async () => {
    const policy = { startPhase: 'delivery', commands: { deny: ['git push', 'curl'] } };
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: 'git -C . push --force origin main' })],
        [call('run_command', { command: 'echo ok && bash -c "curl http://example.com"' })],
        [call('run_command', { command: 'echo "git push is only words here"' })],
      ),
      { policy },
    );
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
    expect(refusalOf(results[0]!.output).reason).toContain('denied by your rule "git push"');
    expect(refusalOf(results[1]!.output).reason).toContain('denied by your rule "curl"');
    expect(sandbox.reached).toEqual(['exec echo "git push is only words here"']);
  });

  it('deny applies in react mode too', async () => {
    const { results } = await runScenario(scenario([call('run_command', { command: 'npm publish' })]), {
      mode: 'react',
      policy: { commands: { deny: ['npm publish'] } },
    });
    expect(refusalOf(results[0]!.output)).toMatchObject({ phase: null, reason: expect.stringContaining('denied by your rule "npm publish"') });
  });

  it('allow lifts only the matching command, not what surrounds it', async () => {
    const policy = { commands: { allow: ['sort -o /dev/null *'] } };
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: 'sort -o /dev/null package.json' })],
        [call('run_command', { command: 'sort -o /dev/null package.json && touch other.txt' })],
        [call('run_command', { command: 'sort -o out.txt package.json' })],
      ),
      { policy },
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(refusalOf(results[1]!.output).reason).toContain('other.txt');
    expect(sandbox.reached).toEqual(['exec sort -o /dev/null package.json']);
  });

  it('an allowed command that still writes in a read-only phase is caught by the effect check', async () => {
    const { sandbox, results } = await runScenario(scenario([call('run_command', { command: 'touch notes.txt' })]), {
      policy: { commands: { allow: ['touch notes.txt'] } },
    });
    expect(results[0]?.ok).toBe(false);
    expect(refusalOf(results[0]!.output).reason).toContain('created notes.txt');
    expect(await sandbox.exists('/workspace/notes.txt')).toBe(false);
  });

  it('are validated with the policy, naming the bad pattern', () => {
    const bad = resolvePolicy({ commands: { deny: ['git  push'] } }, KNOWN_TOOL_NAMES);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('commands.deny.0');
    const unknown = resolvePolicy({ commands: { block: ['x'] } }, KNOWN_TOOL_NAMES);
    expect(unknown.ok).toBe(false);
    const good = resolvePolicy({ commands: { deny: ['rm *'] } }, KNOWN_TOOL_NAMES);
    expect(good.ok && good.policy.commands).toEqual({ allow: [], deny: ['rm *'] });
  });
});
