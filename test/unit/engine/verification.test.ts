import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { FINISHED_WITH_UNTESTED_CHANGES } from '../../../src/engine/prompts';
import type { ScriptedTurn } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';

const failingTest = { name: 'create_file', args: { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' } };
const runTests = { name: 'run_tests', args: {} };
const editReadme = { name: 'edit_file', args: { path: 'README.md', search: '# sample-utils', replace: '# sample-utils (edited)' } };
const readReadme = { name: 'read_file', args: { path: 'README.md' } };

async function run(turns: ScriptedTurn[], options: { snapshots?: boolean } = {}) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), ...(options.snapshots === false ? {} : { blobs: new MemoryStore() }) });
  const model = new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns });
  // The model's own test runs only: the engine's final check is off (final-check.test.ts has it on).
  await engine.run({ task: 'do it', mode: 'react', model, maxIterations: 10, finalCheck: false });
  const events = engine.session.events as EngineEvent[];
  const end = events.at(-1);
  if (end?.type !== 'run_finished') throw new Error('no end');
  return { end, challenges: events.filter((e) => e.type === 'user_message' && e.reason === 'verification_challenge') };
}

describe('done means verified, with the final check off', () => {
  it('challenges a final answer over failing tests once, then accepts it as not verified', async () => {
    const { end, challenges } = await run([{ toolCalls: [failingTest] }, { toolCalls: [runTests] }, { text: 'Done.' }, { text: 'It is acceptable.' }]);
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toMatchObject({ text: expect.stringMatching(/^The last test run failed: Tests FAILED/) });
    expect(end).toMatchObject({ status: 'completed', verified: false, summary: 'It is acceptable.' });
  });

  it('challenges files changed after the last passing run, with or without snapshots', async () => {
    for (const snapshots of [true, false]) {
      const { end, challenges } = await run(
        [{ toolCalls: [readReadme] }, { toolCalls: [runTests] }, { toolCalls: [editReadme] }, { text: 'Done.' }, { text: 'Done anyway.' }],
        { snapshots },
      );
      expect(challenges.map((c) => c.type === 'user_message' && c.text)).toEqual([FINISHED_WITH_UNTESTED_CHANGES]);
      expect(end).toMatchObject({ status: 'completed', verified: false });
    }
  });

  it('accepts at once when the last tests passed with nothing changed since, and says unknown when none ran', async () => {
    const passed = await run([{ toolCalls: [readReadme] }, { toolCalls: [runTests] }, { text: 'Done.' }]);
    expect(passed.challenges).toHaveLength(0);
    expect(passed.end).toMatchObject({ verified: true });
    const none = await run([{ toolCalls: [readReadme] }, { text: 'Done.' }]);
    expect(none.challenges).toHaveLength(0);
    expect(none.end).toMatchObject({ verified: 'unknown' });
  });

  it('fixing the failure and testing again is verified', async () => {
    const fix = { name: 'edit_file', args: { path: 'tests/broken_test.sh', search: '"2"', replace: '"1"' } };
    const { end, challenges } = await run([
      { toolCalls: [failingTest] },
      { toolCalls: [runTests] },
      { toolCalls: [fix] },
      { toolCalls: [runTests] },
      { text: 'Fixed.' },
    ]);
    expect(challenges).toHaveLength(0);
    expect(end).toMatchObject({ verified: true });
  });
});

describe('the emergency tier', () => {
  it('ends a failed run with a code, numbered suggestions, retryable and the last checkpoint', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
    const model = new ScriptedModel({
      name: 't',
      title: 't',
      description: 't',
      defaultTask: 't',
      turns: [{ toolCalls: [editReadme] }, { toolCalls: [readReadme] }],
    });
    await engine.run({ task: 'do it', mode: 'react', model, maxIterations: 1 });
    const events = engine.session.events as EngineEvent[];
    // Roll back goes to where the run began (react has no phases).
    const lastSnapshot = events.find((e) => e.type === 'workspace_snapshot' && e.reason === 'run_start');
    expect(events.at(-1)).toMatchObject({
      type: 'run_finished',
      status: 'failed',
      errorCode: 'budget_exceeded',
      cause: 'max_iterations',
      retryable: true,
      lastCheckpoint: lastSnapshot?.type === 'workspace_snapshot' ? lastSnapshot.manifest : 'missing',
      suggestions: expect.arrayContaining([expect.stringContaining('Max iterations')]),
    });
  });
});
