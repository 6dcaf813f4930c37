import { describe, expect, it } from 'vitest';
import type { EventOf } from '../../../src/protocol/events';
import type { MockReply } from '../model/mock-openai-server';
import { answerReply, callReply, mockEndpointPerTest, readMissing, runCli } from './run-cli';
import { addTest, rightFix, wrongFix } from './wrong-fixes';

const CRITIQUE = answerReply('You keep guessing the operator: read the test, it wants the sum.');

describe('agent run: different fixes that fail the same way', () => {
  const startServer = mockEndpointPerTest();
  const argv = (baseUrl: string) => ['--task', 'Add an add function', '--base-url', baseUrl, '--model', 'm', '--json'];

  it('three different wrong fixes failing the same test start the recovery, trigger same_failure, with the attempts listed', async () => {
    const server = await startServer([
      addTest,
      ...wrongFix(1),
      ...wrongFix(2),
      ...wrongFix(3),
      CRITIQUE,
      rightFix,
      callReply('call_run_right', 'run_tests', {}),
      answerReply('add() sums its arguments; the tests pass.'),
    ]);
    const { code, events } = await runCli(argv(server.baseUrl));
    const recoveries = events.filter((e): e is EventOf<'recovery_started'> => e.type === 'recovery_started');
    expect(recoveries).toMatchObject([{ trigger: 'same_failure' }]);
    expect(recoveries[0]?.detail).toMatch(/^3 different attempts at the failing test "tests\/add_test\.sh: adds two numbers" ended in the same failure: /);
    for (const n of [1, 2, 3]) expect(recoveries[0]?.detail).toContain(`attempt ${n}: ran the tests after`);
    // It starts right after the third failing run: the request that follows asks for the critique.
    const thirdRun = events.findIndex((e) => e.type === 'tool_result' && e.callId === 'call_run_3');
    expect(events.slice(thirdRun + 1).find((e) => e.type !== 'iteration_started')).toMatchObject({ type: 'recovery_started' });
    expect(JSON.stringify(server.requests[7]?.body)).toContain('3 different attempts at the failing test');
    expect(JSON.stringify(server.requests[8]?.body)).toContain('You keep guessing the operator');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(code).toBe(0);
  });

  it('five different wrong fixes, with nobody watching, end the run loop_detected with the attempts listed', async () => {
    const server = await startServer([addTest, ...wrongFix(1), ...wrongFix(2), ...wrongFix(3), CRITIQUE, ...wrongFix(4), ...wrongFix(5)], {
      fallback: answerReply('Still trying.'),
    });
    const { code, events } = await runCli(argv(server.baseUrl));
    expect(code).toBe(1);
    expect(events.filter((e) => e.type === 'recovery_started')).toMatchObject([{ trigger: 'same_failure' }]);
    // No terminal and no answers file: nobody is asked.
    expect(events.some((e) => e.type === 'human_asked')).toBe(false);
    expect(server.requests).toHaveLength(12);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected' });
    const reason = end?.type === 'run_finished' ? (end.reason ?? '') : '';
    expect(reason).toMatch(/^5 different attempts at the failing test "tests\/add_test\.sh: adds two numbers" ended in the same failure: /);
    for (const n of [1, 2, 3, 4, 5]) expect(reason).toContain(`attempt ${n}: ran the tests after`);
  });

  it('more than 10 failed tool calls, with nobody watching, end the run needs_human (too_many_failures)', async () => {
    const reads = (from: number, to: number): MockReply[] =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'stream', chunks: readMissing(from + i) }));
    const server = await startServer([...reads(1, 3), CRITIQUE, ...reads(4, 11)], { fallback: answerReply('Still looking.') });
    const { code, events } = await runCli(argv(server.baseUrl));
    expect(code).toBe(1);
    const failed = events.filter((e) => e.type === 'tool_result' && !e.ok);
    expect(failed).toHaveLength(11);
    expect(events.some((e) => e.type === 'human_asked')).toBe(false);
    // The 11th failure is the last call: the run ends before another request.
    expect(server.requests).toHaveLength(12);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'needs_human', cause: 'too_many_failures' });
    expect(end?.type === 'run_finished' ? end.reason : '').toMatch(/^11 tool calls have failed in this run \(the last: read_file, not_found\)/);
  });
});
