import { describe, expect, it } from 'vitest';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { call, refusalOf, runScenario, scenario } from './gate-helpers';

/** Building leaves links behind; verification may run any command, so only the before/after comparison stands in its way. */
const BUILT = 'mkdir -p d1 d2 && echo one > d1/a && echo two > d2/a && ln -s d1 dl && echo other > other.txt && ln -s README.md lnk';
const policy = { startPhase: 'building', phases: { verification: { shell: 'any' } } };

async function inVerification(command: string) {
  const run = await runScenario(scenario([call('run_command', { command: BUILT })], [call('advance_phase', {})], [call('run_command', { command })]), {
    policy,
  });
  expect(run.results.slice(0, 2).map((r) => r.ok)).toEqual([true, true]);
  const last = run.results[2]!;
  return { ...run, last, refusal: last.ok ? null : refusalOf(last.output) };
}

const chain = (count: number) => Array.from({ length: count }, (_, i) => `d${i}`).join('/');

describe('the read-only phases notice every change a command makes', () => {
  it('a linked folder pointed elsewhere is refused, and the link points where it did', async () => {
    const { sandbox, refusal } = await inVerification('ln -sfn d2 dl');
    expect(refusal?.reason).toContain('dl');
    expect(await sandbox.realpath('/workspace/dl')).toBe('/workspace/d1');
  });

  it('a removed link comes back as a link, not as a copy', async () => {
    const { sandbox, refusal } = await inVerification('rm lnk');
    expect(refusal?.reason).toContain('deleted lnk');
    expect(await sandbox.realpath('/workspace/lnk')).toBe('/workspace/README.md');
    await sandbox.writeFile('/workspace/README.md', 'changed\n');
    expect(await sandbox.readFile('/workspace/lnk')).toBe('changed\n');
  });

  it('a file link pointed at another file is refused, and undoing it writes nothing into that file', async () => {
    const { sandbox, refusal } = await inVerification('ln -sf other.txt lnk');
    expect(refusal?.reason).toContain('lnk');
    expect(await sandbox.readFile('/workspace/other.txt')).toBe('other\n');
    expect(await sandbox.realpath('/workspace/lnk')).toBe('/workspace/README.md');
    expect(await sandbox.readFile('/workspace/README.md')).toBe(STARTER_PROJECT['README.md']);
  });

  it.each([
    ['echo y > /tmp/y', '/tmp/y'],
    ['mkdir -p /home/u && echo x > /home/u/x', '/home/u'],
    ['echo hacked > /bin/cat', '/bin/cat'],
  ])('a write outside the workspace (`%s`) is refused and undone', async (command, path) => {
    const { sandbox, refusal } = await inVerification(command);
    expect(refusal?.reason).toContain('outside the workspace');
    expect(refusal?.reason).toContain(path.split('/')[1]);
    if (path === '/bin/cat') expect(await sandbox.readFile(path)).not.toContain('hacked');
    else expect(await sandbox.exists(path)).toBe(false);
  });

  it('a command cannot write below the depth the comparison reads, even into a tree building left at the limit', async () => {
    const deep = `${chain(MAX_PATH_DEPTH + 6)}`;
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: `mkdir -p ${chain(MAX_PATH_DEPTH)}` })],
        [call('advance_phase', {})],
        [call('run_command', { command: `mkdir -p ${deep}; echo x > ${deep}/f; echo done` })],
      ),
      { policy },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2]?.output).toContain('deeper than');
    expect(await sandbox.exists(`/workspace/${chain(MAX_PATH_DEPTH)}`)).toBe(true);
    expect(await sandbox.exists(`/workspace/${chain(MAX_PATH_DEPTH + 1)}`)).toBe(false);
  });

  it.each(['echo x > /dev/tty', 'echo y > /dev/fd/5', 'echo y 5>/dev/fd/5'])('planning writes `%s` nowhere', async (command) => {
    const { sandbox, results } = await runScenario(scenario([call('run_command', { command })]));
    expect(results[0]?.output).not.toContain('phase_violation');
    expect(await sandbox.exists('/dev/tty')).toBe(false);
    expect(await sandbox.exists('/dev/fd/5')).toBe(false);
  });
});
