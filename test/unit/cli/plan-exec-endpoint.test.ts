import { describe, expect, it } from 'vitest';
import { answerReply, callReply, mockEndpointPerTest, runCli } from './run-cli';

const advance = (id: string, reason: string) => callReply(id, 'advance_phase', { reason });
const argv = (baseUrl: string, ...more: string[]) => ['--task', 'Add a farewell', '--mode', 'plan_exec', '--base-url', baseUrl, '--model', 'm', ...more];

describe('agent run --mode plan_exec against an endpoint: the run ends in delivery, on the engine’s check', () => {
  const startServer = mockEndpointPerTest();

  it('a final answer in building is challenged to advance, and the run cannot end completed from building', async () => {
    const server = await startServer([advance('call_plan', 'the plan is to add farewell()')], { fallback: answerReply('Done: farewell() is in.') });
    const { code, events } = await runCli(argv(server.baseUrl, '--json'));
    // The request after the first answer in building carries the challenge.
    expect(server.requests).toHaveLength(4);
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain('You are still in building');
    expect(JSON.stringify(server.requests[2]?.body)).toContain('You are still in building: this run is done only in delivery. Call advance_phase to move on');
    expect(events.filter((e) => e.type === 'user_message' && e.reason === 'phase_not_final')).toHaveLength(2);
    expect(events.flatMap((e) => (e.type === 'phase_changed' ? [e.to] : []))).toEqual(['planning', 'building']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'phase_incomplete', cause: 'final_answer_before_delivery' });
    expect(code).toBe(1);
  });

  it('rm -rf tests in building, run_tests refused in verification, "all 3 tests pass": the claim reads as the agent’s, the refusal names the remover, no green end', async () => {
    const server = await startServer(
      [
        advance('call_plan', 'plan done'),
        callReply('call_rm', 'run_command', { command: 'rm -rf tests' }),
        advance('call_built', 'built'),
        callReply('call_tests', 'run_tests', {}),
        advance('call_claim', 'all 3 tests pass'),
      ],
      { fallback: answerReply('All 3 tests pass.') },
    );
    const { code, lines } = await runCli(argv(server.baseUrl));
    const text = lines.join('\n');
    // Each phase line gives the model's reason as its claim; the last claim is never shown as the phase's reason.
    expect(lines.filter((line) => line.startsWith('◆ phase:'))).toEqual([
      '◆ phase: planning — run started',
      '◆ phase: planning → building — the agent says: plan done',
      '◆ phase: building → verification — the agent says: built',
      // The engine's failed check sends the work back, as the engine's move, not the agent's.
      "◆ phase: verification → building (automatic) — the engine's check `npm test` failed on leaving verification: back to building to fix it (fix attempt 1 of 3)",
    ]);
    expect(text).not.toMatch(/→ delivery/);
    // The refusal says what is missing and which command removed it; the model reads it in the next request.
    expect(text).toContain("runs script 'tests/run.sh', which does not exist");
    const note =
      'Missing: tests/run.sh, which the command runs, is not in the workspace. By the log, it was removed by `rm -rf tests` (run_command in building)';
    expect(text).toContain(note);
    expect(JSON.stringify(server.requests[4]?.body)).toContain(note);
    // The engine ran the check itself before leaving verification, and it failed.
    expect(text).toContain('▸ checking the work: npm test');
    expect(text).toContain('✗ The engine ran `npm test` before leaving verification, and it failed');
    expect(lines.at(-1)).toMatch(/^■ failed after \d+ iterations — /);
    expect(lines.at(-1)).not.toContain('tests pass');
    expect(code).toBe(1);
  });

  it('with the tests intact, the engine’s passing check lets the claim through to delivery, and the run ends completed, tests pass', async () => {
    const server = await startServer([
      advance('call_plan', 'plan done'),
      advance('call_built', 'built'),
      advance('call_claim', 'all tests pass'),
      answerReply('Delivered.'),
    ]);
    const { code, lines } = await runCli(argv(server.baseUrl));
    expect(lines.filter((line) => line.startsWith('◆ phase:')).at(-1)).toBe('◆ phase: verification → delivery — the agent says: all tests pass');
    expect(lines.filter((line) => line.startsWith('  ▸ checking the work: npm test'))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('  ✓ check passed: '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^■ completed after 4 iterations — tests pass$/);
    expect(code).toBe(0);
  });
});
