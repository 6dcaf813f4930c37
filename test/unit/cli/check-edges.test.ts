import { describe, expect, it } from 'vitest';
import { answerReply, callReply, mockEndpointPerTest, runCli } from './run-cli';
import { addTest, rightFix, wrongFix } from './wrong-fixes';

/** The failure chain and the engine's check at their edges, through the real SDK and the mock endpoint. */

const rightFixAndDone = [rightFix, callReply('call_run_right', 'run_tests', {}), answerReply('add() sums; the tests pass.')];
const CRITIQUE = answerReply('Read the test: it wants the sum.');
const react = (baseUrl: string, ...more: string[]) => ['--task', 'Add add', '--base-url', baseUrl, '--model', 'm', '--json', ...more];
const planExec = (baseUrl: string, ...more: string[]) => ['--task', 'Add add', '--mode', 'plan_exec', '--base-url', baseUrl, '--model', 'm', ...more];

describe('the failure chain and the final check at their edges, through the CLI', () => {
  const startServer = mockEndpointPerTest();

  it('an unknown-tool call after the same-failure recovery does not fire the stale verdict again', async () => {
    const server = await startServer([
      addTest,
      ...wrongFix(1),
      ...wrongFix(2),
      ...wrongFix(3),
      CRITIQUE,
      callReply('call_x', 'frobnicate', {}),
      ...rightFixAndDone,
    ]);
    const { events } = await runCli(react(server.baseUrl));
    expect(events.filter((e) => e.type === 'recovery_started')).toMatchObject([{ trigger: 'same_failure' }]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('with no recovery left (--max-recoveries 0), three different failed fixes do not escalate yet', async () => {
    const server = await startServer([addTest, ...wrongFix(1), ...wrongFix(2), ...wrongFix(3), ...rightFixAndDone]);
    const { events } = await runCli(react(server.baseUrl, '--max-recoveries', '0'));
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('a plan_exec run whose check keeps failing when leaving verification ends verification_failed', async () => {
    let claims = 0;
    const server = await startServer(
      [
        callReply('call_plan', 'advance_phase', { reason: 'plan done' }),
        callReply('call_rm', 'run_command', { command: 'rm -rf tests' }),
        callReply('call_built', 'advance_phase', { reason: 'built' }),
      ],
      { fallback: () => callReply(`call_claim_${++claims}`, 'advance_phase', { reason: `all 3 tests pass (${claims})` }) },
    );
    const { events } = await runCli([...planExec(server.baseUrl), '--json']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'verification_failed' });
  });

  it('the missing-script note blames rm -rf tests, not the mkdir tests after it', async () => {
    const server = await startServer(
      [
        callReply('call_plan', 'advance_phase', { reason: 'plan done' }),
        callReply('call_rm', 'run_command', { command: 'rm -rf tests' }),
        callReply('call_mkdir', 'run_command', { command: 'mkdir tests' }),
        callReply('call_built', 'advance_phase', { reason: 'built' }),
        callReply('call_tests', 'run_tests', {}),
      ],
      { fallback: answerReply('Done.') },
    );
    const { lines } = await runCli(planExec(server.baseUrl));
    expect(lines.join('\n')).toContain('it was removed by `rm -rf tests` (run_command in building)');
  });

  it('reading commands (cat, ls) between test runs are not different fix attempts', async () => {
    const look = (id: string, command: string) => callReply(id, 'run_command', { command });
    const server = await startServer(
      [
        addTest,
        ...wrongFix(1),
        look('call_cat', 'cat src/add.sh'),
        callReply('call_run_again', 'run_tests', {}),
        look('call_ls', 'ls src'),
        callReply('call_run_third', 'run_tests', {}),
      ],
      { fallback: answerReply('Stuck.') },
    );
    const { events } = await runCli(react(server.baseUrl, '--fix-attempts', '0'));
    // Three failing runs in a row do start a recovery, but for the repeated errors: one fix was tried, not three.
    expect(events.filter((e) => e.type === 'recovery_started')).toMatchObject([{ trigger: 'repeated_errors' }]);
  });

  it('a non-test check (test -f) is not summarised as a test run with counts unavailable', async () => {
    const server = await startServer([answerReply('Done.')], { fallback: answerReply('Done.') });
    const policy = JSON.stringify({ phases: { delivery: { validate: 'test -f NOTES.md' } } });
    const { events } = await runCli(react(server.baseUrl, '--policy', policy, '--fix-attempts', '0'));
    const finished = events.find((e) => e.type === 'final_check_finished');
    expect(finished).toMatchObject({ outcome: 'failed', command: 'test -f NOTES.md' });
    expect(finished?.type === 'final_check_finished' ? finished.summary : '').not.toMatch(/Tests FAILED|counts unavailable/);
  });
});
