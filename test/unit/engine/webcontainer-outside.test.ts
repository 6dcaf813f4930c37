import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import type { Sandbox } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { WebContainerSandbox, type WebContainerSandboxOptions } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { call, refusalOf, scenario } from './gate-helpers';

/** Verification may run any command here, so only the before/after comparison keeps a command in. */
const OPEN_VERIFICATION = { startPhase: 'verification', phases: { verification: { shell: 'any' } } };

/** What lies outside the workspace before the command: a home folder with notes, an empty /tmp, a binary file. */
const OUTSIDE = 'mkdir -p /tmp /home/user/.config && echo keep > /home/user/notes.txt && echo cfg > /home/user/.config/app.json';

const openPorts: MessagePort[] = [];
afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

async function setUp(options: WebContainerSandboxOptions = {}) {
  const container = new FakeWebContainer();
  const sandbox = new WebContainerSandbox(container, options);
  await sandbox.mountFiles(STARTER_PROJECT);
  expect((await container.bash.exec(OUTSIDE)).exitCode).toBe(0);
  return { container, sandbox };
}

/** Every path outside the workspace with what it is and holds, as the fake's shell sees it. */
async function outsideState(container: FakeWebContainer): Promise<string> {
  const fs = container.bash.fs;
  const lines: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const name of (await fs.readdir(dir)).sort()) {
      const path = `${dir === '/' ? '' : dir}/${name}`;
      if (path === container.workdir || path === '/proc') continue;
      const s = await fs.lstat(path);
      if (s.isSymbolicLink) lines.push(`${path} -> ${await fs.readlink(path)}`);
      else if (s.isDirectory) {
        lines.push(`${path}/`);
        await walk(path);
      } else lines.push(`${path} = ${JSON.stringify(await fs.readFile(path))}`);
    }
  };
  await walk('/');
  return lines.join('\n');
}

async function runInVerification(sandbox: Sandbox, command: string) {
  const engine = new Engine({ sandbox });
  const model = new ScriptedModel(scenario([call('run_command', { command })]));
  await engine.run({ task: 't', mode: 'plan_exec', model, maxIterations: 5, policy: OPEN_VERIFICATION });
  const events = engine.session.events as EngineEvent[];
  const result = events.find((e): e is Extract<EngineEvent, { type: 'tool_result' }> => e.type === 'tool_result');
  const violations = events.filter((e) => e.type === 'phase_violation');
  return { result: result!, violations, refusal: result?.ok === false ? refusalOf(result.output) : null };
}

/** The page exposes the sandbox; the worker reaches it over a real MessageChannel, as in the app. */
async function bridged(sandbox: Sandbox): Promise<RemoteSandbox> {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  Comlink.expose(exposeSandbox(sandbox), port1);
  return RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2));
}

describe('outside the workspace on the WebContainer adapter, in a phase without writes', () => {
  it.each([
    ['echo x > /tmp/x', 'created /tmp/x'],
    ['mkdir -p /tmp/a/b && echo y > /tmp/a/b/y', 'created /tmp/a/'],
    ['echo changed > /home/user/notes.txt', 'modified /home/user/notes.txt'],
    ['rm /home/user/notes.txt && ln -s /etc/passwd /home/user/notes.txt', 'deleted /home/user/notes.txt'],
    ['rm -r /home/user/.config', 'deleted /home/user/.config/'],
    ['mv /home/user/notes.txt /tmp/moved.txt', 'created /tmp/moved.txt'],
  ])('`%s` is noticed, undone and refused', async (command, named) => {
    const { container, sandbox } = await setUp();
    const before = await outsideState(container);
    const { refusal, violations } = await runInVerification(sandbox, command);
    expect(container.spawnCalls.some((c) => c.args.join(' ').includes(command))).toBe(true);
    expect(violations).toHaveLength(1);
    expect(refusal?.reason).toContain('outside the workspace');
    expect(refusal?.reason).toContain(named);
    expect(refusal?.reason).not.toContain('could not be put back');
    expect(await outsideState(container)).toBe(before);
  });

  it('a file swapped for a link comes back as the file it was, not a link', async () => {
    const { container, sandbox } = await setUp();
    await runInVerification(sandbox, 'rm /home/user/notes.txt && ln -s /home/user/.config/app.json /home/user/notes.txt');
    expect((await container.bash.fs.lstat('/home/user/notes.txt')).isSymbolicLink).toBe(false);
    expect(await container.bash.fs.readFile('/home/user/notes.txt')).toBe('keep\n');
    expect(await container.bash.fs.readFile('/home/user/.config/app.json')).toBe('cfg\n');
  });

  it('a command that only reads outside is allowed and leaves no refusal', async () => {
    const { container, sandbox } = await setUp();
    const before = await outsideState(container);
    const { result, violations } = await runInVerification(sandbox, 'cat /home/user/notes.txt && ls /tmp');
    expect(result.ok).toBe(true);
    expect(result.output).toContain('keep');
    expect(violations).toHaveLength(0);
    expect(await outsideState(container)).toBe(before);
  });

  it('works the same for the sandbox the worker reaches over comlink', async () => {
    const { container, sandbox } = await setUp();
    const before = await outsideState(container);
    const { refusal } = await runInVerification(await bridged(sandbox), 'echo x > /tmp/x && echo changed > /home/user/notes.txt');
    expect(refusal?.reason).toContain('created /tmp/x');
    expect(refusal?.reason).toContain('modified /home/user/notes.txt');
    expect(await outsideState(container)).toBe(before);
  });

  it('an outside tree larger than the walk reads fails closed: the command does not run', async () => {
    const { container, sandbox } = await setUp({ outsideLimits: { entries: 40 } });
    const { result, refusal } = await runInVerification(sandbox, 'cat README.md');
    expect(result.ok).toBe(false);
    expect(refusal?.reason).toContain('outside the workspace');
    expect(refusal?.reason).toContain('the command did not run');
    expect(container.spawnCalls.some((c) => c.args.join(' ').includes('cat README.md'))).toBe(false);
  });

  it('a change whose earlier content was too large to keep is refused, saying it could not be put back', async () => {
    const { container, sandbox } = await setUp({ outsideLimits: { fileBytes: 4 } });
    const { refusal } = await runInVerification(sandbox, 'echo changed > /home/user/notes.txt && echo x > /tmp/x');
    expect(refusal?.reason).toContain('modified /home/user/notes.txt');
    expect(refusal?.reason).toContain('could not be put back: /home/user/notes.txt');
    // What could be undone still was.
    expect(await container.bash.fs.exists('/tmp/x')).toBe(false);
  });
});

describe('a command that fills a folder outside past what the walk reads', () => {
  it('is refused, and the folder is rebuilt as it was', async () => {
    const { container, sandbox: measuring } = await setUp();
    await container.bash.exec('echo old > /tmp/old.txt');
    // Room for 20 more entries than there are: /tmp's listing goes past it, so the walk reads it no more.
    const sandbox = new WebContainerSandbox(container, { outsideLimits: { entries: (await measuring.outside.capture()).length + 20 } });
    const before = await outsideState(container);
    const { refusal } = await runInVerification(sandbox, 'rm /tmp/old.txt; for i in $(seq 1 250); do echo $i > /tmp/f$i; done');
    expect(refusal?.reason).toContain('modified /tmp/');
    expect(refusal?.reason).not.toContain('could not be put back');
    expect(await outsideState(container)).toBe(before);
  });
});

describe('npm in a phase without writes', () => {
  it('runs with its debug logs and update check off, which it would write outside the workspace', async () => {
    const { sandbox } = await setUp();
    const { result } = await runInVerification(sandbox, 'echo "logs=$npm_config_logs_max notifier=$npm_config_update_notifier"');
    expect(result.output).toContain('logs=0 notifier=false');
  });
});
