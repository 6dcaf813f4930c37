import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { captureTree } from '../../../src/engine/workspace-tree';
import { ScriptedModel } from '../../../src/model/scripted';
import type { Sandbox } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { call, refusalOf, runScenario, scenario } from './gate-helpers';

/** Every file of the workspace with its content, and every link in it. */
async function workspaceOf(sandbox: Sandbox) {
  const tree = await captureTree(sandbox, sandbox.workdir, () => false);
  const files: Record<string, string> = {};
  const links: string[] = [];
  for (const [path, entry] of tree) {
    if (entry.link) links.push(path);
    if (entry.kind === 'file') files[path] = entry.content;
  }
  return { files, links };
}

const BUILDING = { startPhase: 'building' };
const runs = (...commands: string[]) => scenario(...commands.map((command) => [call('run_command', { command })]));

/** Each emptied or removed every file of the starter project, and each was allowed, before the effect check. */
const WIPES: [string, ...string[]][] = [
  ['find . -type f -exec cp /dev/null {} \\;'],
  ['find . -type f -exec sed -i d {} +'],
  ['sed -i d $(find . -type f)'],
  ['for f in $(find . -type f); do : > $f; done'],
  ['for f in $(find . -type f); do ln -sf /dev/null $f; done'],
  ['echo | tee $(find . -type f)'],
  ['gzip -r .'],
  ['rm -rf src tests README.md package.json'],
  ['mv src tests README.md package.json /var/x'],
  ['CDPATH=/', 'cd workspace && rm -rf ../workspace'],
  // The same in one command: the words miss it, the effect check sees the root itself go.
  ['CDPATH=/; cd workspace && rm -rf ../workspace'],
];

describe('building judges "not destructive" by effect too', () => {
  it.each(WIPES)('%s leaves the workspace intact and records a phase_violation', async (...commands) => {
    const { sandbox, ofType } = await runScenario(runs(...commands), { policy: BUILDING });
    expect(await workspaceOf(sandbox)).toEqual({ files: STARTER_PROJECT, links: [] });
    expect(ofType('phase_violation').filter((v) => v.phase === 'building').length).toBeGreaterThan(0);
  });

  it('undoes a wipe the words let through, tells the model what it did and what to do instead, and records the counts', async () => {
    // A user rule that lifts mv's own findings: only the effect check is left to stop the move out of the workspace.
    const policy = { startPhase: 'building', commands: { allow: ['mv'] } };
    const { sandbox, results, ofType } = await runScenario(runs('mkdir -p /tmp/x && mv src tests README.md package.json /tmp/x'), { policy });
    expect(results[0]?.ok).toBe(false);
    const refusal = refusalOf(results[0]!.output);
    expect(refusal).toMatchObject({ phase: 'building', kind: 'command' });
    expect(refusal.reason).toContain("removed 6 files (README.md, package.json, src/greet.sh and 3 more): 6 of the workspace's 6 files");
    expect(refusal.reason).toContain('at most 3');
    expect(refusal.reason).toContain('undone');
    expect(refusal.hint).toContain('ask the user');
    expect(ofType('phase_violation')[0]?.damage).toEqual({
      files: 6,
      removed: 6,
      emptied: 0,
      replaced: 0,
      paths: ['README.md', 'package.json', 'src/greet.sh', 'tests/assert.sh', 'tests/greet_test.sh', 'tests/run.sh'],
    });
    expect(await workspaceOf(sandbox)).toEqual({ files: STARTER_PROJECT, links: [] });
  });

  it('names files emptied and replaced apart from files removed', async () => {
    const { ofType } = await runScenario(runs('for f in src/*.sh tests/*.sh; do ln -sf /dev/null $f; done; : > README.md; echo x > package.json'), {
      policy: BUILDING,
    });
    expect(ofType('phase_violation')[0]?.damage).toMatchObject({ files: 6, removed: 0, emptied: 1, replaced: 5 });
  });
});

describe('the workspace a command starts from', () => {
  const WIPE = 'rm -rf src tests README.md package.json';

  it('follows edits made through the tools since the last command', async () => {
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: 'echo one > notes.txt' })],
        [call('read_file', { path: 'src/greet.sh' })],
        [call('edit_file', { path: 'src/greet.sh', search: 'a friendly greeting', replace: 'a warm greeting' })],
        [call('create_file', { path: 'src/new.sh', content: 'echo new\n' })],
        [call('run_command', { command: WIPE })],
      ),
      { policy: BUILDING },
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, false]);
    const { files } = await workspaceOf(sandbox);
    expect(files['src/greet.sh']).toContain('a warm greeting');
    expect(files['src/new.sh']).toBe('echo new\n');
    expect(files['notes.txt']).toBe('one\n');
  });

  it('is read again after a phase boundary ran a command outside the gate', async () => {
    const policy = { startPhase: 'building', phases: { building: { validate: 'echo validated > README.md; exit 1' } } };
    const { sandbox, results } = await runScenario(
      scenario(
        [call('run_command', { command: 'echo one > notes.txt' })],
        [call('advance_phase', { reason: 'done' })],
        [call('run_command', { command: WIPE })],
      ),
      { policy },
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(await sandbox.readFile('/workspace/README.md')).toBe('validated\n');
  });
});

describe('ordinary building work is not refused', () => {
  it('edits, tests, removing one file, renames, and creating many files all run', async () => {
    const { sandbox, results, ofType } = await runScenario(
      scenario(
        [call('read_file', { path: 'src/greet.sh' })],
        [call('edit_file', { path: 'src/greet.sh', search: 'a friendly greeting', replace: 'a warm greeting' })],
        [call('run_command', { command: "sed -i 's/sample-utils/sample-tools/' README.md package.json" })],
        [call('run_command', { command: 'npm test' })],
        [call('run_command', { command: 'rm tests/greet_test.sh' })],
        [call('run_command', { command: 'mv README.md NOTES.md' })],
        [call('run_command', { command: 'mv tests checks' })],
        [call('run_command', { command: 'mkdir gen && for i in $(seq 1 60); do echo "file $i" > gen/f$i.txt; done' })],
      ),
      { policy: BUILDING },
    );
    expect(ofType('phase_violation')).toEqual([]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, true, true, true]);
    expect(results[3]?.output).toContain('exit code 0');
    const { files } = await workspaceOf(sandbox);
    expect(files['src/greet.sh']).toContain('a warm greeting');
    expect(files['NOTES.md']).toContain('sample-tools');
    expect(Object.keys(files).filter((path) => path.startsWith('checks/'))).toEqual(['checks/assert.sh', 'checks/run.sh']);
    expect(Object.keys(files).filter((path) => path.startsWith('gen/'))).toHaveLength(60);
  });

  it('rewrites many files as long as they keep their words', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`src/m${i}.js`] = `var value${i} = compute(${i});\nmodule.exports = value${i};\n`;
    const { sandbox, results } = await runScenario(runs("sed -i 's/^var /const /' src/*.js"), { files, policy: BUILDING });
    expect(results[0]?.ok).toBe(true);
    expect((await workspaceOf(sandbox)).files['src/m7.js']).toBe('const value7 = compute(7);\nmodule.exports = value7;\n');
  });
});

describe('the limits come from the policy', () => {
  /** 61 files: removing the 25 a* files is under half of them but over 20. */
  const MANY: Record<string, string> = { 'README.md': '# many\n' };
  for (let i = 10; i < 35; i++) MANY[`many/a${i}.txt`] = `a ${i}\n`;
  for (let i = 10; i < 45; i++) MANY[`many/b${i}.txt`] = `b ${i}\n`;

  it('maxFiles: 25 files removed are refused by default, allowed with maxFiles 30', async () => {
    const refused = await runScenario(runs('rm many/a*'), { files: MANY, policy: BUILDING });
    expect(refused.results[0]?.ok).toBe(false);
    expect(refusalOf(refused.results[0]!.output).reason).toContain('at most 20');
    expect(Object.keys((await workspaceOf(refused.sandbox)).files)).toHaveLength(61);
    const allowed = await runScenario(runs('rm many/a*'), { files: MANY, policy: { ...BUILDING, destructiveEffect: { maxFiles: 30 } } });
    expect(allowed.results[0]?.ok).toBe(true);
    expect(Object.keys((await workspaceOf(allowed.sandbox)).files)).toHaveLength(36);
  });

  it('maxFraction: 4 of 6 files removed are refused by default, allowed with maxFraction 0.9', async () => {
    const refused = await runScenario(runs('rm -r src tests'), { policy: BUILDING });
    expect(refused.results[0]?.ok).toBe(false);
    const allowed = await runScenario(runs('rm -r src tests'), { policy: { ...BUILDING, destructiveEffect: { maxFraction: 0.9 } } });
    expect(allowed.results[0]?.ok).toBe(true);
    expect(Object.keys((await workspaceOf(allowed.sandbox)).files).sort()).toEqual(['README.md', 'package.json']);
  });

  it('maxFiles 0 refuses even one removed file', async () => {
    const { results, sandbox } = await runScenario(runs('rm README.md'), { policy: { ...BUILDING, destructiveEffect: { maxFiles: 0 } } });
    expect(results[0]?.ok).toBe(false);
    expect(await sandbox.readFile('/workspace/README.md')).toBe(STARTER_PROJECT['README.md']);
  });

  it('leaves out what checkpoints leave out (node_modules, .git) and the phase allowWrites', async () => {
    const files: Record<string, string> = { ...STARTER_PROJECT, 'dist/a.js': 'a', 'dist/b.js': 'b', 'dist/c.js': 'c', 'dist/d.js': 'd' };
    for (let i = 0; i < 30; i++) files[`node_modules/p${i}/index.js`] = `module.exports = ${i};\n`;
    const policy = { startPhase: 'building', phases: { building: { allowWrites: ['dist/**'] } } };
    const { results, ofType } = await runScenario(runs('rm -rf node_modules', 'rm -rf dist'), { files, policy });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(ofType('phase_violation')).toEqual([]);
  });
});

describe('shell state that changes how later commands resolve paths', () => {
  it('CDPATH and ENV do not outlive the command that set them', async () => {
    const { results, ofType } = await runScenario(runs('export CDPATH=/', 'ENV=/workspace/x.sh', 'echo "[$CDPATH][$ENV]"'), { policy: BUILDING });
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
    expect(refusalOf(results[0]!.output).reason).toContain('left CDPATH set');
    expect(refusalOf(results[1]!.output).reason).toContain('left ENV set');
    expect(results[2]?.output).toContain('[][]');
    expect(ofType('phase_violation')).toHaveLength(2);
  });

  it('a directory entered through a link is left for the real one, where the gate judges the next command', async () => {
    const { sandbox, results } = await runScenario(runs('ln -s / root', 'cd root', 'pwd', 'rm -rf workspace'), { policy: BUILDING });
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false]);
    expect(refusalOf(results[1]!.output).reason).toContain('the shell in /workspace/root (really /, through a link)');
    expect(results[2]?.output).toContain('--- stdout ---\n/\n');
    expect(refusalOf(results[3]!.output).reason).toContain('the whole workspace');
    expect(await sandbox.readFile('/workspace/README.md')).toBe(STARTER_PROJECT['README.md']);
  });
});

describe('react mode guard', () => {
  const WIPE = 'find . -type f -exec sed -i d {} +';

  it('holds commands to the same effect check', async () => {
    const { sandbox, results, ofType } = await runScenario(runs(WIPE), { mode: 'react' });
    expect(results[0]?.ok).toBe(false);
    expect(refusalOf(results[0]!.output).reason).toContain('react mode lets one command remove, empty or replace at most 3');
    expect(ofType('phase_violation')[0]).toMatchObject({ phase: null, damage: { emptied: 6 } });
    expect(await workspaceOf(sandbox)).toEqual({ files: STARTER_PROJECT, links: [] });
  });

  it('checks nothing when destructive commands are allowed', async () => {
    const { sandbox, results, ofType } = await runScenario(runs(WIPE, 'export CDPATH=/'), { mode: 'react', allowDestructive: true });
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(ofType('phase_violation')).toEqual([]);
    expect(await sandbox.readFile('/workspace/README.md')).toBe('');
  });
});

describe('on the WebContainer adapter', () => {
  it.each([
    ['for f in $(find . -type f); do ln -sf /dev/null $f; done'],
    ['echo | tee $(find . -type f)'],
    ['CDPATH=/', 'cd workspace && rm -rf ../workspace'],
  ])('%s leaves the workspace intact and records a phase_violation', async (...commands) => {
    const sandbox = new WebContainerSandbox(new FakeWebContainer());
    await sandbox.mountFiles(STARTER_PROJECT);
    const engine = new Engine({ sandbox });
    await engine.run({ task: 't', mode: 'plan_exec', model: new ScriptedModel(runs(...commands)), maxIterations: 10, policy: BUILDING });
    expect(engine.session.events.filter((e) => e.type === 'phase_violation').length).toBeGreaterThan(0);
    const { files } = await workspaceOf(sandbox);
    delete files['.keep'];
    expect(files).toEqual(STARTER_PROJECT);
  });
});
