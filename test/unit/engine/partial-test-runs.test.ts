import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { FINISHED_WITH_PART_OF_SUITE } from '../../../src/engine/prompts';
import type { RunOptions } from '../../../src/engine/run-options';
import type { ScriptedTurn } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const nodeTest = (name: string, body: string) =>
  `const { it } = require('node:test');\nconst assert = require('node:assert/strict');\nit('${name}', () => ${body});\n`;

/** A node --test project: one test passes, one fails. */
const ONE_FAILING = {
  'package.json': '{"scripts":{"test":"node --test"}}',
  'test/pass.test.js': nodeTest('passes', 'assert.equal(1 + 1, 2)'),
  'test/fail.test.js': nodeTest('fails', 'assert.equal(1 + 1, 3)'),
};
const ALL_PASSING = { 'package.json': '{"scripts":{"test":"node --test"}}', 'test/pass.test.js': nodeTest('passes', 'assert.equal(1 + 1, 2)') };

async function run(turns: ScriptedTurn[], files: Record<string, string>, options: Partial<RunOptions> = {}) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files }), blobs: new MemoryStore() });
  const model = new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns });
  await engine.run({ task: 'do it', mode: 'react', model, maxIterations: 8, ...options });
  const events = engine.session.events as EngineEvent[];
  const end = events.at(-1);
  if (end?.type !== 'run_finished') throw new Error('no end');
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { end, of };
}

describe('run_tests on part of the suite never stands for the whole check', () => {
  it('a passing test_path while another test fails: the final check still runs, and the run is not verified', async () => {
    const { end, of } = await run([{ toolCalls: [{ name: 'run_tests', args: { test_path: 'test/pass.test.js' } }] }, { text: 'Done.' }], ONE_FAILING, {
      fixAttempts: 0,
    });
    expect(of('tool_result').find((e) => e.name === 'run_tests')).toMatchObject({ ok: true });
    expect(of('final_check_started')).toMatchObject([{ command: 'npm test', source: 'runner' }]);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'failed', failures: ['fails'] }]);
    expect(end).toMatchObject({ status: 'failed', errorCode: 'verification_failed' });
    expect(end).not.toHaveProperty('verified', true);
  });

  it('a name filter that matches nothing ran no tests: the final check runs the whole suite', async () => {
    const { end, of } = await run([{ toolCalls: [{ name: 'run_tests', args: { name: 'zzz-nothing' } }] }, { text: 'Done.' }], ALL_PASSING);
    expect(of('tool_result').find((e) => e.name === 'run_tests')).toMatchObject({ ok: false, errorKind: 'no_tests' });
    expect(of('final_check_started')).toHaveLength(1);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'passed' }]);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('a whole-suite pass after the partial one still lets the final check be skipped', async () => {
    const turns = [
      { toolCalls: [{ name: 'run_tests', args: {} }] },
      { toolCalls: [{ name: 'run_tests', args: { test_path: 'test/pass.test.js' } }] },
      { text: 'Done.' },
    ];
    const { end, of } = await run(turns, ALL_PASSING);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'skipped' }]);
    expect(end).toMatchObject({ status: 'completed', verified: true });
  });

  it('with the final check off, a partial pass is challenged once and never verified', async () => {
    const turns = [{ toolCalls: [{ name: 'run_tests', args: { test_path: 'test/pass.test.js' } }] }, { text: 'Done.' }, { text: 'Done anyway.' }];
    const { end, of } = await run(turns, ONE_FAILING, { finalCheck: false });
    expect(of('user_message').filter((m) => m.reason === 'verification_challenge')).toMatchObject([{ text: FINISHED_WITH_PART_OF_SUITE }]);
    expect(end).toMatchObject({ status: 'completed', verified: 'unknown', summary: 'Done anyway.' });
  });
});

describe('a check that runs no tests is "no tests found"', () => {
  it('node --test finding no test file (exit 0) completes "unknown", naming the command', async () => {
    const { end, of } = await run([{ text: 'Done.' }], { 'package.json': '{"scripts":{"test":"node --test"}}', 'index.js': 'module.exports = 1;\n' });
    expect(of('final_check_started')).toMatchObject([{ command: 'npm test' }]);
    expect(of('final_check_finished')).toMatchObject([
      { outcome: 'no_tests', command: 'npm test', summary: expect.stringMatching(/^`npm test` ran no tests/) },
    ]);
    expect(end).toMatchObject({ status: 'completed', verified: 'unknown' });
  });

  it('vitest finding no test file (exit 1) is not a failure either', async () => {
    const { end, of } = await run([{ text: 'Done.' }], { 'package.json': '{"scripts":{"test":"vitest run"}}', 'index.js': 'export const one = 1;\n' });
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'no_tests', summary: expect.stringContaining('No test files found') }]);
    expect(end).toMatchObject({ status: 'completed', verified: 'unknown' });
  });

  it('the model’s own run that found no tests is not a pass: the final check runs and says so', async () => {
    const files = { 'package.json': '{"scripts":{"test":"node --test"}}', 'index.js': 'module.exports = 1;\n' };
    const { end, of } = await run([{ toolCalls: [{ name: 'run_tests', args: {} }] }, { text: 'Done.' }], files);
    expect(of('tool_result').find((e) => e.name === 'run_tests')?.output).toMatch(/^No tests ran \(exit code 0\)/);
    expect(of('final_check_finished')).toMatchObject([{ outcome: 'no_tests' }]);
    expect(end).toMatchObject({ verified: 'unknown' });
  });
});
