import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args';
import { runCli as run } from './run-cli';

describe('agent run', () => {
  it('prints the event log as JSONL, every line a valid event, the last one saying how the run ended', async () => {
    const { code, events } = await run(['--task', 'Add slugify', '--model', 'scripted:demo', '--json']);
    expect(code).toBe(0);
    expect(events[0]).toMatchObject({ type: 'run_started', task: 'Add slugify', mode: 'react', sandbox: { kind: 'virtual' } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('prints readable text without --json, and runs plan_exec with the phased demo', async () => {
    const { code, lines } = await run(['--task', 'Add slugify', '--mode', 'plan_exec']);
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain('◆ phase: planning');
    expect(text).toContain('◆ phase: verification → delivery');
    expect(text).toContain('⛔ refused in planning');
    expect(lines.at(-1)).toMatch(/^■ completed after \d+ iterations — tests pass$/);
  });

  it('plays python-demo on its own Python project: pytest fails twice, the fix lands, pytest passes', async () => {
    const { code, events } = await run(['--task', 'Fix the tests', '--model', 'scripted:python-demo', '--json']);
    expect(code).toBe(0);
    const results = events.flatMap((event) => (event.type === 'tool_result' && event.name === 'run_tests' ? [event.output] : []));
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('2 failed, 2 passed');
    expect(results[1]).toContain('4 passed');
    expect(events.some((event) => event.type === 'file_changed' && event.path === 'text_tools.py')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  }, 60_000);

  it('plays node-demo on its own TypeScript project: node --test fails twice, the fix lands, the suite passes', async () => {
    const { code, events } = await run(['--task', 'Fix the tests', '--model', 'scripted:node-demo', '--json']);
    expect(code).toBe(0);
    const results = events.flatMap((event) => (event.type === 'tool_result' && event.name === 'run_tests' ? [event.output] : []));
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('2 failed, 1 passed, 0 skipped (node:test)');
    expect(results[1]).toContain('0 failed, 3 passed, 0 skipped (node:test)');
    expect(events.some((event) => event.type === 'file_changed' && event.path === 'src/words.ts')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  }, 60_000);

  it('exits 1 when the run fails, with the reason', async () => {
    const { code, lines } = await run(['--task', 't', '--model', 'scripted:endless', '--max-iterations', '2']);
    expect(code).toBe(1);
    expect(lines.at(-1)).toContain('failed after 2 iterations');
    expect(lines.at(-1)).toContain('[budget_exceeded]');
    expect(lines.at(-1)).toContain('\n  1. Raise "Max iterations" in Settings and retry.');
  });

  it.each([
    [['--model', 'scripted:demo'], /needs --task/],
    [['--task', 't', '--mode', 'yolo'], /--mode must be/],
    [['--task', 't', '--model', 'gpt-4o'], /needs --base-url/],
    [['--task', 't', '--frobnicate', 'x'], /unknown option --frobnicate/],
    [['--task', 't', '--policy', '{nope'], /--policy must be JSON/],
    [['--task', 't', '--max-iterations', '0'], /whole number from 1 to 200/],
    [['--task', 't', '--max-iterations', '201'], /whole number from 1 to 200/],
    [['--task', 't', '--max-iterations', '2.5'], /whole number from 1 to 200/],
  ])('rejects %j with a usage error', async (argv, message) => {
    await expect(run(argv)).rejects.toThrow(UsageError);
    await expect(run(argv)).rejects.toThrow(message);
  });
});

describe('agent run: --policy', () => {
  it("takes a phase's rollback command without rollbackOnFailure, and the command runs when the validation fails", async () => {
    const policy = JSON.stringify({ phases: { building: { validate: 'exit 1', rollback: 'echo undone' } } });
    const { events } = await run(['--task', 't', '--mode', 'plan_exec', '--policy', policy, '--json']);
    // Each failed advance_phase out of building rolls back with the command.
    const started = events.filter((e) => e.type === 'phase_rollback_started');
    expect(started.length).toBeGreaterThan(0);
    expect(started).toEqual(started.map(() => expect.objectContaining({ phase: 'building', command: 'echo undone' })));
    expect(events.filter((e) => e.type === 'phase_rollback_completed')).toEqual(
      started.map(() => expect.objectContaining({ result: expect.objectContaining({ stdout: 'undone\n', passed: true }) })),
    );
    // It never left building, so it did not complete.
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed' });
  });
});

describe('agent run: the failure chain flags', () => {
  it('takes --max-recoveries 0..5 and --no-emergency', async () => {
    await expect(run(['--task', 't', '--max-recoveries', '9'])).rejects.toThrow(/--max-recoveries must be a whole number from 0 to 5/);
    const { code, events } = await run([
      '--task',
      't',
      '--model',
      'scripted:endless',
      '--max-iterations',
      '2',
      '--no-emergency',
      '--max-recoveries',
      '0',
      '--json',
    ]);
    expect(code).toBe(1);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', errorCode: 'budget_exceeded' });
    expect(end).not.toHaveProperty('suggestions');
  });
});

describe('agent run: --policy destructiveEffect', () => {
  it('accepts the limits and refuses a bad one by name', async () => {
    const ok = await run(['--task', 't', '--model', 'scripted:demo', '--policy', '{"destructiveEffect":{"maxFraction":0.25,"maxFiles":10}}']);
    expect(ok.code).toBe(0);
    const bad = await run(['--task', 't', '--model', 'scripted:demo', '--policy', '{"destructiveEffect":{"maxFiles":-1}}']);
    expect(bad.code).toBe(1);
    expect(bad.lines.at(-1)).toContain('destructiveEffect.maxFiles');
  });

  it('--policy: a rollback that can never run is said as a warning before the run starts, not ignored', async () => {
    const policy = JSON.stringify({ phases: { building: { rollback: 'git checkout .' } } });
    const { code, lines } = await run(['--task', 'Add slugify', '--mode', 'plan_exec', '--policy', policy]);
    expect(code).toBe(0);
    const warning = lines.findIndex((line) => line.includes('! Policy: phases.building.rollback never runs'));
    expect(warning).toBeGreaterThan(-1);
    expect(warning).toBeLessThan(lines.findIndex((line) => line.startsWith('◆ phase: planning')));
  });
});
