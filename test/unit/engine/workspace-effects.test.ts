import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { captureTree, compareTrees, describeChanges, restoreTree } from '../../../src/engine/workspace-tree';
import { ScriptedModel } from '../../../src/model/scripted';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { call, refusalOf, runScenario, scenario } from './gate-helpers';

/** A package whose test script passes while it overwrites README.md and deletes a source file. */
const SABOTAGE: Record<string, string> = {
  ...STARTER_PROJECT,
  'package.json': JSON.stringify({ name: 'p', scripts: { test: 'sh run-tests.sh' } }),
  'run-tests.sh': 'echo pwned > README.md\nrm src/slug.js\nmkdir -p out && echo x > out/report.txt\necho "Tests passed"\n',
  'src/slug.js': 'export const slug = (s) => s;\n',
};

/** Verification may run any command here, so only the effect check stands between the script and the files. */
const OPEN_VERIFICATION = { startPhase: 'verification', phases: { verification: { shell: 'any' } } };

describe('the workspace after a command in a phase without writes', () => {
  it('is compared with the workspace before it: changes are undone, refused, and the model is told', async () => {
    const { sandbox, results, ofType } = await runScenario(scenario([call('run_command', { command: 'npm test' })]), {
      files: SABOTAGE,
      policy: OPEN_VERIFICATION,
    });
    expect(results[0]?.ok).toBe(false);
    const refusal = refusalOf(results[0]!.output);
    expect(refusal).toMatchObject({ phase: 'verification', kind: 'command' });
    expect(refusal.reason).toContain('changed the workspace');
    expect(refusal.reason).toContain('modified README.md');
    expect(refusal.reason).toContain('deleted src/slug.js');
    expect(refusal.reason).toContain('created out/');
    expect(refusal.reason).toContain('undone');
    expect(ofType('phase_violation')).toHaveLength(1);
    expect(await sandbox.readFile('/workspace/README.md')).toBe(SABOTAGE['README.md']);
    expect(await sandbox.readFile('/workspace/src/slug.js')).toBe(SABOTAGE['src/slug.js']);
    expect(await sandbox.exists('/workspace/out')).toBe(false);
  });

  it('catches the same through run_tests, which would otherwise report the tests as passed', async () => {
    const { sandbox, results } = await runScenario(scenario([call('run_tests', {})]), { files: SABOTAGE, policy: OPEN_VERIFICATION });
    expect(results[0]?.ok).toBe(false);
    expect(results[0]?.output).not.toContain('passed');
    expect(refusalOf(results[0]!.output).reason).toContain('modified README.md');
    expect(await sandbox.readFile('/workspace/README.md')).toBe(SABOTAGE['README.md']);
  });

  it('lets commands change what the policy allows (caches), and leaves read-only commands alone', async () => {
    const files = {
      ...STARTER_PROJECT,
      'package.json': JSON.stringify({ name: 'p', scripts: { test: 'sh t.sh' } }),
      't.sh': 'mkdir -p node_modules/.cache/t && echo 1 > node_modules/.cache/t/x\necho ok\n',
    };
    const { sandbox, results, ofType } = await runScenario(
      scenario([call('run_command', { command: 'npm test' })], [call('run_command', { command: 'cat README.md' })]),
      {
        files,
        policy: OPEN_VERIFICATION,
      },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(ofType('phase_violation')).toHaveLength(0);
    expect(await sandbox.readFile('/workspace/node_modules/.cache/t/x')).toBe('1\n');
  });

  it('is not watched in phases that allow writes', async () => {
    const { sandbox, results } = await runScenario(scenario([call('run_command', { command: 'echo built > out.txt' })]), {
      policy: { startPhase: 'building' },
    });
    expect(results[0]?.ok).toBe(true);
    expect(await sandbox.readFile('/workspace/out.txt')).toBe('built\n');
  });
});

describe('the workspace after a command on the WebContainer adapter', () => {
  it('is compared through the fs API and put back', async () => {
    const sandbox = new WebContainerSandbox(new FakeWebContainer());
    await sandbox.mountFiles(SABOTAGE);
    const engine = new Engine({ sandbox });
    const model = new ScriptedModel(scenario([call('run_command', { command: 'sh run-tests.sh' })]));
    await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 5, policy: OPEN_VERIFICATION });
    const violations = engine.session.events.filter((e) => e.type === 'phase_violation');
    expect(violations).toHaveLength(1);
    expect(await sandbox.readFile(`${sandbox.workdir}/README.md`)).toBe(SABOTAGE['README.md']);
    expect(await sandbox.readFile(`${sandbox.workdir}/src/slug.js`)).toBe(SABOTAGE['src/slug.js']);
    expect(await sandbox.exists(`${sandbox.workdir}/out`)).toBe(false);
  });
});

describe('captureTree, compareTrees, restoreTree', () => {
  it('put back a tree after files and folders were created, changed, deleted and swapped for folders', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a.txt': 'a\n', 'd/b.txt': 'b\n', 'd/e/c.txt': 'c\n', swap: 'file\n' } });
    const root = sandbox.workdir;
    const before = await captureTree(sandbox, root, () => false);
    await sandbox.exec('echo changed > a.txt && rm -r d/e && mkdir -p n/m && echo n > n/m/x && rm swap && mkdir swap && echo in > swap/y');
    const changes = compareTrees(before, await captureTree(sandbox, root, () => false));
    expect(changes.map((c) => `${c.change} ${c.path}`)).toEqual([
      'modified a.txt',
      'deleted d/e',
      'deleted d/e/c.txt',
      'created n',
      'created n/m',
      'created n/m/x',
      'deleted swap',
      'created swap',
      'created swap/y',
    ]);
    expect(describeChanges(changes, 3)).toBe('modified a.txt, deleted d/e/, deleted d/e/c.txt and 6 more');
    await restoreTree(sandbox, root, before, changes);
    expect(compareTrees(before, await captureTree(sandbox, root, () => false))).toEqual([]);
  });

  it('records links as links: a linked folder is not walked, a dangling link reads as empty, a file swapped for a link is put back', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a.txt': 'a\n', 'src/b.txt': 'b\n' } });
    await sandbox.exec('ln -s / root && ln -s .. up && ln -s /nowhere dangling');
    const before = await captureTree(sandbox, sandbox.workdir, () => false);
    expect(Object.fromEntries(before)).toEqual({
      'a.txt': { kind: 'file', content: 'a\n' },
      src: { kind: 'dir' },
      'src/b.txt': { kind: 'file', content: 'b\n' },
      root: { kind: 'dir', link: true, target: '/' },
      up: { kind: 'dir', link: true, target: '/' },
      dangling: { kind: 'file', content: '', link: true, target: '/nowhere' },
    });
    await sandbox.exec('ln -sf /dev/null a.txt');
    const changes = compareTrees(before, await captureTree(sandbox, sandbox.workdir, () => false));
    expect(changes.map((c) => `${c.change} ${c.path}`)).toEqual(['deleted a.txt', 'created a.txt']);
    await restoreTree(sandbox, sandbox.workdir, before, changes);
    expect(compareTrees(before, await captureTree(sandbox, sandbox.workdir, () => false))).toEqual([]);
    expect(await sandbox.readFile('/workspace/a.txt')).toBe('a\n');
  });

  it('lets verification run commands after building left symbolic link loops in the workspace', async () => {
    const { results, ofType } = await runScenario(
      scenario(
        [call('run_command', { command: 'ln -s a b && ln -s b a && ln -s . loop && mkdir d && ln -s ../d d/up' })],
        [call('advance_phase', {})],
        [call('run_command', { command: 'ls' })],
        [call('run_command', { command: 'cat README.md' })],
      ),
      { policy: { startPhase: 'building' } },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(ofType('phase_changed').map((e) => e.to)).toContain('verification');
    expect(ofType('phase_violation')).toEqual([]);
    expect(results[2]?.output).toContain('loop');
  });

  it('reads a removed root as an empty tree, and puts it back', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a.txt': 'a\n', 'd/b.txt': 'b\n' } });
    const before = await captureTree(sandbox, sandbox.workdir, () => false);
    await sandbox.exec('cd / && rm -rf workspace');
    const after = await captureTree(sandbox, sandbox.workdir, () => false);
    expect(after.size).toBe(0);
    await restoreTree(sandbox, sandbox.workdir, before, compareTrees(before, after));
    expect(compareTrees(before, await captureTree(sandbox, sandbox.workdir, () => false))).toEqual([]);
  });

  it('skips a folder whole when the test covers what is inside it', async () => {
    const sandbox = new VirtualSandbox({ files: { 'cache/x': '1', 'src/a.ts': 'a' } });
    const tree = await captureTree(sandbox, sandbox.workdir, (path) => path.startsWith('cache/'));
    expect([...tree.keys()].sort()).toEqual(['src', 'src/a.ts']);
  });
});
