import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import type { RunOptions } from '../../../src/engine/run-options';
import type { ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const failingTest = { name: 'create_file', args: { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' } };
const fixFailingTest = { name: 'edit_file', args: { path: 'tests/broken_test.sh', search: '"2"', replace: '"1"' } };
const runTests = { name: 'run_tests', args: {} };
const readReadme = { name: 'read_file', args: { path: 'README.md' } };

async function run(turns: ScriptedTurn[], options: Partial<RunOptions> = {}, files: Record<string, string> = STARTER_PROJECT) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files }), blobs: new MemoryStore() });
  const model = new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns });
  await engine.run({ task: 'do it', mode: 'react', model, maxIterations: 12, ...options });
  const events = engine.session.events as EngineEvent[];
  const end = events.at(-1);
  if (end?.type !== 'run_finished') throw new Error('no end');
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { end, events, of, sentBack: of('user_message').filter((m) => m.reason === 'final_check_failed') };
}

describe("the engine's final check", () => {
  it('runs the tests itself when the model stops without testing, and completes verified when they pass', async () => {
    const { end, of } = await run([{ toolCalls: [readReadme] }, { text: 'Done.' }]);
    expect(of('final_check_started')).toMatchObject([{ command: 'npm test', source: 'runner', callId: 'final-check-1', phase: null }]);
    // Its command and output are command events of its own call, as the Terminal shows them.
    expect(of('command_started').filter((e) => e.callId === 'final-check-1')).toMatchObject([{ command: 'npm test' }]);
    expect(of('command_finished').filter((e) => e.callId === 'final-check-1')).toMatchObject([{ exitCode: 0 }]);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'passed', command: 'npm test', failures: [] }]);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('sends the failures back, up to the fix attempts, then ends verification_failed naming the failing test', async () => {
    const { end, sentBack, of } = await run(
      [{ toolCalls: [failingTest] }, { text: 'Done.' }, { text: 'Done, really.' }, { text: 'It is fine.' }, { text: 'Finished.' }],
      { fixAttempts: 3 },
    );
    expect(sentBack).toHaveLength(3);
    expect(sentBack[0]?.text).toContain('npm test');
    expect(sentBack[0]?.text).toContain('broken_test');
    expect(sentBack[0]?.text).toContain('fix attempt 1 of 3');
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(of('final_check_finished')[0]?.failures).toEqual([expect.stringContaining('broken_test')]);
    expect(end).toMatchObject({
      status: 'failed',
      errorCode: 'verification_failed',
      cause: 'fix_attempts_spent',
      retryable: true,
      reason: expect.stringMatching(/npm test.*after 3 fix attempts.*broken_test/s),
      suggestions: expect.arrayContaining([expect.stringContaining('Fix attempts after a failed check')]),
    });
  });

  it('ends at once with no fix attempts, and the model that fixes the failure completes verified', async () => {
    const none = await run([{ toolCalls: [failingTest] }, { text: 'Done.' }], { fixAttempts: 0 });
    expect(none.sentBack).toHaveLength(0);
    expect(none.end).toMatchObject({ status: 'failed', errorCode: 'verification_failed' });

    const fixed = await run([{ toolCalls: [failingTest] }, { text: 'Done.' }, { toolCalls: [fixFailingTest] }, { text: 'Fixed.' }]);
    expect(fixed.sentBack).toHaveLength(1);
    expect(fixed.of('final_check_finished').map((e) => e.outcome)).toEqual(['failed', 'passed']);
    expect(fixed.end).toMatchObject({ status: 'completed', verified: true, summary: 'Fixed.' });
  });

  it('is not run again when the same check already passed on the current files', async () => {
    const { end, of } = await run([{ toolCalls: [runTests] }, { text: 'Done.' }]);
    expect(of('final_check_started')).toHaveLength(0);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'skipped', command: 'npm test' }]);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('runs again when files changed after the passing run', async () => {
    const edit = { name: 'edit_file', args: { path: 'README.md', search: '# sample-utils', replace: '# sample-utils (edited)' } };
    const { of } = await run([{ toolCalls: [runTests] }, { toolCalls: [readReadme] }, { toolCalls: [edit] }, { text: 'Done.' }]);
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['passed']);
  });

  it('says "unknown" when no tests are found', async () => {
    const { end, of } = await run([{ text: 'Done.' }], {}, { 'README.md': '# nothing to test\n' });
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'no_tests' }]);
    expect(end).toMatchObject({ status: 'completed', verified: 'unknown' });
  });

  it("runs the policy's delivery validate instead of the tests when the policy names one", async () => {
    const policy = { phases: { delivery: { validate: 'test -f DONE' } } };
    const { end, of } = await run([{ text: 'Done.' }, { toolCalls: [{ name: 'create_file', args: { path: 'DONE', content: 'yes\n' } }] }, { text: 'Now.' }], {
      policy,
    });
    expect(of('final_check_started')).toMatchObject([
      { command: 'test -f DONE', source: 'policy' },
      { command: 'test -f DONE', source: 'policy' },
    ]);
    expect(of('final_check_finished').map((e) => e.outcome)).toEqual(['failed', 'passed']);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('is recorded in run_configured, and off it leaves the final answer to the old challenge', async () => {
    const on = await run([{ text: 'Done.' }], { fixAttempts: 2 });
    expect(on.of('run_configured')[0]).toMatchObject({ finalCheck: true, fixAttempts: 2 });
    const off = await run([{ toolCalls: [failingTest] }, { text: 'Done.' }], { finalCheck: false });
    expect(off.of('run_configured')[0]).toMatchObject({ finalCheck: false, fixAttempts: 3 });
    expect(off.of('final_check_finished')).toHaveLength(0);
    expect(off.end).toMatchObject({ status: 'completed', verified: 'unknown' });
  });
});

describe('the untested scenario', () => {
  it('never tests, tries three wrong fixes after the failed checks, and ends verification_failed naming the test', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    await engine.run({ task: 't', mode: 'react', model: new ScriptedModel(getScenario('untested')), maxIterations: 30 });
    const events = engine.session.events as EngineEvent[];
    expect(events.filter((e) => e.type === 'tool_call' && e.name === 'run_tests')).toHaveLength(0);
    expect(events.filter((e) => e.type === 'final_check_finished').map((e) => e.type === 'final_check_finished' && e.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'failed',
    ]);
    expect(events.at(-1)).toMatchObject({
      status: 'failed',
      errorCode: 'verification_failed',
      retryable: true,
      reason: expect.stringContaining('add_test'),
    });
  });
});
