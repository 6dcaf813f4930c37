import { describe, expect, it } from 'vitest';
import { call, refusalOf, runScenario, scenario } from './gate-helpers';

const WIPES = ['rm -rf .', 'git clean -fdx', 'rm -rf /workspace', 'rm -rf src tests/../..'];

describe('react mode guard', () => {
  it.each(WIPES)('refuses %s by default, before it reaches the sandbox', async (command) => {
    const { sandbox, results, ofType } = await runScenario(scenario([call('run_command', { command })]), { mode: 'react' });
    expect(results[0]?.ok).toBe(false);
    expect(refusalOf(results[0]!.output)).toMatchObject({ error: 'phase_violation', phase: null, kind: 'command' });
    expect(refusalOf(results[0]!.output).reason).toContain('react mode');
    expect(refusalOf(results[0]!.output).hint).toContain('Allow destructive commands');
    expect(ofType('phase_violation').map((v) => v.phase)).toEqual([null]);
    expect(sandbox.reached).toEqual([]);
    expect(await sandbox.exists('/workspace/README.md')).toBe(true);
  });

  it('lets ordinary changes and reads through', async () => {
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: 'mkdir -p out && echo hi > out/a.txt && rm out/a.txt && ls' })],
        [call('create_file', { path: 'n.txt', content: 'n\n' })],
      ),
      { mode: 'react' },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(sandbox.reached).toContain('exec mkdir -p out && echo hi > out/a.txt && rm out/a.txt && ls');
  });

  it('runs destructive commands when the user allowed them', async () => {
    const { sandbox, results } = await runScenario(scenario([call('run_command', { command: 'rm -rf src' })]), { mode: 'react', allowDestructive: true });
    expect(results[0]?.ok).toBe(true);
    expect(sandbox.reached).toEqual(['exec rm -rf src']);
    expect(await sandbox.exists('/workspace/src')).toBe(false);
  });
});
