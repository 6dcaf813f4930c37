import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args';
import { answerReply, callReply, mockEndpointPerTest, runCli as run } from './run-cli';

/** A model that breaks the starter project's tests and never runs them. */
const breakTheTests = callReply('call_1', 'create_file', { path: 'tests/broken_test.sh', content: 'assert_eq "1" "2" "one is two"\n' });

describe('agent run: the final check flags', () => {
  const startServer = mockEndpointPerTest();

  it('--fix-attempts N sends the failures back N times, then exits 1 with verification_failed naming the test', async () => {
    const server = await startServer([breakTheTests, answerReply('Done.'), answerReply('Done again.')]);
    const { code, events } = await run(['--task', 't', '--base-url', server.baseUrl, '--model', 'm', '--fix-attempts', '1', '--json']);
    expect(code).toBe(1);
    expect(server.requests).toHaveLength(3);
    // The second final answer's request carries the engine's failures.
    expect(JSON.stringify(server.requests[2]?.body)).toContain('broken_test');
    expect(events.find((e) => e.type === 'run_configured')).toMatchObject({ finalCheck: true, fixAttempts: 1 });
    expect(events.at(-1)).toMatchObject({
      type: 'run_finished',
      status: 'failed',
      errorCode: 'verification_failed',
      retryable: true,
      reason: expect.stringContaining('broken_test'),
    });
  });

  it('a model that stops before doing anything, on a project whose tests pass, ends completed and verified: the engine ran the check', async () => {
    const server = await startServer([answerReply('Nothing to do: it already works.')]);
    const { code, events } = await run(['--task', 't', '--base-url', server.baseUrl, '--model', 'm', '--json']);
    expect(code).toBe(0);
    expect(server.requests).toHaveLength(1);
    // The model ran no tool at all: the check is the engine's own.
    expect(events.some((e) => e.type === 'tool_call')).toBe(false);
    expect(events.filter((e) => e.type === 'final_check_started')).toMatchObject([{ command: 'npm test' }]);
    expect(events.filter((e) => e.type === 'final_check_finished')).toMatchObject([{ outcome: 'passed' }]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('--no-final-check leaves the check out: the untested run completes, not verified', async () => {
    const server = await startServer([breakTheTests, answerReply('Done.')]);
    const { code, events } = await run(['--task', 't', '--base-url', server.baseUrl, '--model', 'm', '--no-final-check', '--json']);
    expect(code).toBe(0);
    expect(events.some((e) => e.type === 'final_check_started' || e.type === 'final_check_finished')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: 'unknown' });
  });

  it('prints the check in text mode, and refuses a bad --fix-attempts', async () => {
    const { code, lines } = await run(['--task', 't', '--model', 'scripted:demo']);
    expect(code).toBe(0);
    expect(lines.some((line) => line.includes('check not run again') || line.includes('check passed'))).toBe(true);
    for (const bad of ['6', '-1', '1.5', 'x', '']) {
      await expect(run(['--task', 't', '--fix-attempts', bad])).rejects.toThrow(UsageError);
    }
  });
});
