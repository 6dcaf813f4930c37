import { describe, expect, it } from 'vitest';
import { SUMMARY_LIMITS, summaryOfEvents } from '../../../src/engine/context/log-summary';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';
import { recordedRun } from '../store/recorded-run';
import { call, changed, failingTestsOutput, logOf, phase, said, started } from './log-events';

const FAILED_RUN =
  'Last test run: Tests FAILED (exit code 1) — 1 failed, 1 passed, 0 skipped test files (starter); failing: "tests/slugify_test.sh: lowercases and joins words with dashes", "tests/slugify_test.sh: strips punctuation"';

function untilFirstFailingTests(events: readonly EngineEvent[]): EngineEvent[] {
  const at = events.findIndex((e) => e.type === 'tool_result' && e.name === 'run_tests' && !e.ok);
  expect(at).toBeGreaterThan(0);
  return events.slice(0, at + 1);
}

function read(path: string, startLine?: number, endLine?: number): EventPayload {
  return { type: 'file_read', path, content: '', truncated: false, ...(startLine === undefined ? {} : { startLine, endLine }) };
}

describe('summary of the log, from recorded runs', () => {
  it('react demo up to its failing test run', async () => {
    const { events } = await recordedRun('demo', 'react');
    expect(summaryOfEvents(untilFirstFailingTests(events))).toBe(
      [
        "6 tool calls, summarised from the run's log:",
        'Files read:\n- README.md: whole file\n- tests/greet_test.sh: whole file',
        'Files changed:\n- created src/slugify.sh\n- created tests/slugify_test.sh',
        'Commands run:\n- `npm test`: exit code 1',
        FAILED_RUN,
      ].join('\n\n'),
    );
  });

  it('plan_exec demo, the whole run: the plan written while planning, and the test run that passed last', async () => {
    const { events } = await recordedRun('plan_exec-demo', 'plan_exec');
    const summary = summaryOfEvents(events);
    expect(summary).toContain('Commands run:\n- `npm test`: exit code 1\n- `npm test`: exit code 0\n- `grep -n "tr " src/slugify.sh`: exit code 0');
    expect(summary).toContain('\n\nLast test run: Tests passed (exit code 0) — 0 failed, 2 passed, 0 skipped test files (starter)\n\n');
    expect(summary).toContain('\n\nLast plan:\nRefused: planning is read-only. The plan is complete, so I will say it and move on: 1) add src/slugify.sh');
    expect(summary).not.toContain('failing:');
  });
});

describe('summary of the log, from hand-built logs', () => {
  it('files read: line ranges sorted and merged per path, a whole read wins', () => {
    const summary = summaryOfEvents(
      logOf([
        ...started(),
        read('src/a.ts', 80, 90),
        read('src/a.ts', 1, 40),
        read('src/a.ts', 30, 60),
        read('src/a.ts', 91, 100),
        read('src/a.ts', 200, 200),
        read('b.md', 5, 9),
        read('b.md'),
        read('b.md', 1, 2),
      ]),
    );
    expect(summary).toContain('Files read:\n- src/a.ts: lines 1–60, 80–100, 200\n- b.md: whole file');
  });

  it('commands with how each ended: exit code, timeout, stop, or no end at all', () => {
    const events: EventPayload[] = [
      ...started(),
      ...call('c1', 'run_command', { command: 'make\n  all' }, { ok: false, output: 'exit code 2', errorKind: 'command_failed', exitCode: 2 }),
      ...call('c2', 'run_command', { command: 'sleep 999' }, { ok: false, output: 'timed out', errorKind: 'timeout', exitCode: 124, timedOut: true }),
      { type: 'command_started', callId: 'c3', command: 'npm start', cwd: '/workspace' },
      { type: 'command_finished', callId: 'c3', exitCode: 130, durationMs: 1, timedOut: false, aborted: true },
      { type: 'command_started', callId: 'c4', command: 'yes', cwd: '/workspace' },
    ];
    expect(summaryOfEvents(logOf(events))).toContain(
      'Commands run:\n- `make all`: exit code 2\n- `sleep 999`: timed out (exit code 124)\n- `npm start`: stopped (exit code 130)\n- `yes`: no exit code (it did not finish)',
    );
  });

  it('failing tests of the last run, and questions still without an answer', () => {
    const events: EventPayload[] = [
      ...started(),
      ...call('t1', 'run_tests', {}, { ok: false, output: failingTestsOutput(['math > adds', 'math > subtracts']), errorKind: 'tests_failed', exitCode: 1 }),
      { type: 'human_asked', callId: 'q1', question: 'Which branch?', kind: 'question' },
      { type: 'human_answered', callId: 'q1', question: 'Which branch?', answer: 'main', via: 'page' },
      { type: 'human_asked', callId: 'q2', question: 'May I delete\nthe fixtures?', kind: 'blocker', options: ['yes', 'no'] },
    ];
    const summary = summaryOfEvents(logOf(events));
    expect(summary).toContain('Last test run: Tests FAILED (exit code 1) — 2 failed, 3 passed, 0 skipped (vitest); failing: "math > adds", "math > subtracts"');
    expect(summary.endsWith('Questions to the user still unanswered:\n- May I delete the fixtures?')).toBe(true);
    expect(summary).not.toContain('Which branch');
  });

  it('the plan: the last text written while planning', () => {
    const events = [...started('Fix it.', 'plan_exec'), said('Looking around.'), said('Plan: 1) x 2) y'), phase('planning', 'building'), said('Now building.')];
    expect(summaryOfEvents(logOf(events))).toBe("0 tool calls, summarised from the run's log:\n\nLast plan:\nPlan: 1) x 2) y");
  });

  it('an empty stretch still says so', () => {
    expect(summaryOfEvents([])).toBe("0 tool calls, summarised from the run's log:\n\n(nothing else recorded)");
  });

  it('lists are capped with how many more, and the whole stays within its limit, deterministically', () => {
    const events: EventPayload[] = [...started('Fix it.', 'plan_exec'), said(`Plan: ${'step '.repeat(1_000)}`)];
    for (let i = 0; i < 100; i++) {
      events.push(read(`src/module${i}/index.ts`, 1, 10), read(`src/module${i}/index.ts`, 20 + i, 30 + i));
      events.push(changed(`src/module${i}/new.ts`, 'created'));
      events.push(
        ...call(`c${i}`, 'run_command', { command: `node scripts/step${i}.js ${'--flag '.repeat(50)}` }, { ok: true, output: 'exit code 0', exitCode: 0 }),
      );
      events.push({ type: 'human_asked', callId: `q${i}`, question: `Question ${i}? ${'why '.repeat(100)}`, kind: 'question' });
    }
    const summary = summaryOfEvents(logOf(events));
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_LIMITS.chars);
    expect(summary).toContain(
      `- src/module${SUMMARY_LIMITS.filesRead - 1}/index.ts: lines 1–10, ${20 + SUMMARY_LIMITS.filesRead - 1}–${30 + SUMMARY_LIMITS.filesRead - 1}\n- and 75 more`,
    );
    expect(summary.endsWith('\n[… summary cut at 4,000 characters]')).toBe(true);
    expect(summaryOfEvents(logOf(events))).toBe(summary);
    // Without the long lists every section fits, each capped with how many more.
    const fewer = summaryOfEvents(logOf(events.filter((e) => e.type !== 'file_read' && e.type !== 'file_changed')));
    expect(fewer).toContain('- and 85 more\n\nLast plan:\nPlan: step step');
    expect(fewer.length).toBeLessThanOrEqual(SUMMARY_LIMITS.chars);
  });
});
