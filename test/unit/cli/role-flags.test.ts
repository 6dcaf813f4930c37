import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { RUN_SWITCHES } from '../../../src/cli/run-task';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import type { SessionFile } from '../../../src/protocol/session-file';
import { runCli } from './run-cli';

const DEMO = ['--task', 'x', '--model', 'scripted:orchestrator-demo', '--mode', 'orchestrator'];
const startedOf = (events: readonly EngineEvent[]) => events.filter((event): event is EventOf<'role_started'> => event.type === 'role_started');
const CODER_LIMIT = 'The coder reached its limit of 3 steps (round 2) without calling submit_work.';

describe('agent run: the role flags', () => {
  it('keeps every value of a repeated flag, in order', () => {
    const args = parseArgs(['--role-model', 'planner=a', '--role-model=reviewer=b'], RUN_SWITCHES);
    expect(args.lists.get('role-model')).toEqual(['planner=a', 'reviewer=b']);
  });

  it('give a role its step cap and instructions, recorded with the run', async () => {
    const note = 'Ask for a test of capitals.';
    const { code, events } = await runCli([...DEMO, '--role-steps', 'coder=3', '--role-instructions', `reviewer=${note}`, '--json']);
    expect(events.find((event) => event.type === 'run_configured')).toMatchObject({ roles: { coder: { maxSteps: 3 }, reviewer: { instructions: note } } });
    const started = startedOf(events);
    expect(started.map((event) => [event.role, event.systemPrompt.includes(note)])).toEqual([
      ['planner', false],
      ['coder', false],
      ['reviewer', true],
      ['coder', false],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', cause: 'max_iterations', reason: CODER_LIMIT });
    expect(code).toBe(1);
  });

  it('take a role model name with a scripted model as the scripted model itself', async () => {
    const { code, events } = await runCli([...DEMO, '--role-model', 'reviewer=other', '--json']);
    expect(startedOf(events).every((event) => event.model === undefined)).toBe(true);
    expect(code).toBe(0);
  });

  it.each([
    [['--role-steps', 'coder=3'], '--role-model, --role-steps and --role-instructions go with --mode orchestrator', false],
    [['--role-model', 'tester=m'], '--role-model: unknown role "tester" (the roles are planner, coder or reviewer)', true],
    [['--role-model', 'reviewer'], '--role-model takes ROLE=NAME (ROLE: planner, coder or reviewer), not "reviewer"', true],
    [['--role-model', 'reviewer= '], '--role-model reviewer= needs a model name', true],
    [['--role-steps', 'coder=lots'], '--role-steps coder=lots: the step cap is a whole number from 1 to 200', true],
    [['--role-steps', 'coder=0'], '--role-steps coder=0: the step cap is a whole number from 1 to 200', true],
    [['--role-steps', 'coder=2.5'], '--role-steps coder=2.5: the step cap is a whole number from 1 to 200', true],
    [['--role-instructions', 'planner='], '--role-instructions planner= needs text', true],
    [
      ['--role-instructions', `planner=${'x'.repeat(4_001)}`],
      "--role-instructions planner: instructions: a role's extra instructions are at most 4,000 characters",
      true,
    ],
    [['--role-steps', 'coder=3', '--role-steps', 'coder=4'], '--role-steps is given twice for the coder', true],
  ])('refuse %j', async (flags, message, orchestrator) => {
    const base = orchestrator ? DEMO : ['--task', 'x', '--model', 'scripted:demo'];
    await expect(runCli([...base, ...flags])).rejects.toThrow(message);
  });
});

describe('agent run --resume: the role flags', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The demo saved with a coder step cap of 3 and reviewer instructions, cut after the first result of coder round 2. */
  async function cutInCoderRound2(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'pg-role-flags-'));
    dirs.push(dir);
    const full = join(dir, 'full.phasegate.json');
    await runCli([...DEMO, '--role-steps', 'coder=3', '--role-instructions', 'reviewer=Be strict.', '--save', full]);
    const session = JSON.parse(await readFile(full, 'utf8')) as SessionFile;
    const start = session.events.findIndex((event) => event.type === 'role_started' && event.role === 'coder' && event.round === 2);
    expect(start).toBeGreaterThan(-1);
    const firstResult = session.events.findIndex((event, i) => i > start && event.type === 'tool_result');
    const cut = join(dir, 'cut.phasegate.json');
    await writeFile(cut, JSON.stringify({ ...session, session: { ...session.session, status: 'running' }, events: session.events.slice(0, firstResult + 1) }));
    return cut;
  }

  it('keeps the recorded step caps and instructions, and takes a flag that repeats one', async () => {
    const cut = await cutInCoderRound2();
    const { events } = await runCli(['--resume', cut, '--role-steps', 'coder=3', '--json']);
    expect(events[0]).toMatchObject({ type: 'run_resumed', roles: { coder: { maxSteps: 3 }, reviewer: { instructions: 'Be strict.' } } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', reason: CODER_LIMIT });
  });

  it('refuses a flag that would change a recorded step cap or instructions', async () => {
    const cut = await cutInCoderRound2();
    await expect(runCli(['--resume', cut, '--role-steps', 'coder=10'])).rejects.toThrow(
      /^--role-steps would change a setting the session recorded \(roles\.coder\.maxSteps: 3, given 10\)/,
    );
    await expect(runCli(['--resume', cut, '--role-instructions', 'planner=Plan less.'])).rejects.toThrow(
      /^--role-instructions would change a setting the session recorded \(roles\.planner\.instructions: none, given "Plan less\."\)/,
    );
  });

  it('refuses the role flags on a session that is not an orchestrator run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-role-flags-'));
    dirs.push(dir);
    const path = join(dir, 'react.phasegate.json');
    await runCli(['--task', 'x', '--model', 'scripted:demo', '--save', path]);
    await expect(runCli(['--resume', path, '--role-model', 'coder=m'])).rejects.toThrow(
      /^the role flags go with an orchestrator session \(this one is in react mode\)/,
    );
  });
});
