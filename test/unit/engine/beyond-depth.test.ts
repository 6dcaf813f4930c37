import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import type { DirEntry, ExecOptions } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { call, refusalOf, scenario } from './gate-helpers';

const chain = (count: number) => Array.from({ length: count }, (_, i) => `d${i}`).join('/');
const LIMIT_FOLDER = `/workspace/${chain(MAX_PATH_DEPTH)}`;
/** A script name standing for what WebContainer's shell can do and the virtual one refuses: write below the limit. */
const WRITE_BELOW = 'write-below-the-limit';

/**
 * A virtual sandbox whose folder at the depth limit can hold something below it, as a tree made by
 * WebContainer's shell can (the virtual file system refuses it). `hidden` is that something.
 */
class DeepTreeSandbox extends VirtualSandbox {
  hidden = false;
  readonly ran: string[] = [];
  override async listDir(path: string): Promise<DirEntry[]> {
    const entries = await super.listDir(path);
    return path === LIMIT_FOLDER && this.hidden ? [...entries, { name: 'below', type: 'dir' }] : entries;
  }
  override async remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    if (path === `${LIMIT_FOLDER}/below`) this.hidden = false;
    else await super.remove(path, options);
  }
  override async exec(command: string, options?: ExecOptions) {
    this.ran.push(command);
    if (command.includes(WRITE_BELOW)) this.hidden = true;
    return super.exec(command.includes(WRITE_BELOW) ? 'true' : command, options);
  }
}

async function runInVerification(sandbox: DeepTreeSandbox, command: string, hiddenAfterBuilding: boolean) {
  const engine = new Engine({ sandbox });
  const turns = scenario(
    [call('run_command', { command: `mkdir -p ${chain(MAX_PATH_DEPTH)}` })],
    [call('advance_phase', {})],
    [call('run_command', { command })],
  );
  // Building made the tree; whether something lies below the limit is up to the test.
  sandbox.hidden = false;
  const events: EngineEvent[] = [];
  engine.session.subscribe((event) => {
    events.push(event);
    if (event.type === 'tool_result' && events.filter((e) => e.type === 'tool_result').length === 1) sandbox.hidden = hiddenAfterBuilding;
  });
  await engine.run({
    task: 't',
    mode: 'plan_exec',
    model: new ScriptedModel(turns),
    maxIterations: 10,
    policy: { startPhase: 'building', phases: { verification: { shell: 'any' } } },
  });
  const results = events.filter((e): e is Extract<EngineEvent, { type: 'tool_result' }> => e.type === 'tool_result');
  return results[2]!;
}

describe('a tree deeper than the comparison reads (a WebContainer shell can make one)', () => {
  it('no command runs over it in a read-only phase, and the refusal names where and why', async () => {
    const sandbox = new DeepTreeSandbox({ files: STARTER_PROJECT });
    const last = await runInVerification(sandbox, 'cat README.md', true);
    expect(last.ok).toBe(false);
    const refusal = refusalOf(last.output);
    expect(refusal.reason).toContain(`deeper than ${MAX_PATH_DEPTH} levels (${chain(MAX_PATH_DEPTH)}/…)`);
    expect(refusal.reason).toContain('the command did not run');
    expect(sandbox.ran).not.toContain('cat README.md');
  });

  it('what a command writes below the limit is removed and the command refused', async () => {
    const sandbox = new DeepTreeSandbox({ files: STARTER_PROJECT });
    const last = await runInVerification(sandbox, `sh ${WRITE_BELOW}`, false);
    expect(sandbox.ran.some((command) => command.includes(WRITE_BELOW))).toBe(true);
    expect(last.ok).toBe(false);
    expect(refusalOf(last.output).reason).toContain(`modified ${chain(MAX_PATH_DEPTH)}/`);
    expect(sandbox.hidden).toBe(false);
  });

  it('a tree that stops at the limit is no obstacle', async () => {
    const sandbox = new DeepTreeSandbox({ files: STARTER_PROJECT });
    const last = await runInVerification(sandbox, 'cat README.md', false);
    expect(last.ok).toBe(true);
  });
});
