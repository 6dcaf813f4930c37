import { describe, expect, it } from 'vitest';
import { PINNED_LIMITS, pinnedState } from '../../../src/engine/context/pinned-state';
import { DEFAULT_POLICY } from '../../../src/engine/policy';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';
import { recordedRun } from '../store/recorded-run';
import { call, changed, configured, failingTestsOutput, logOf, phase, said, started } from './log-events';

const HEAD = "Current state of this run (rebuilt from the run's log for every request; it is never summarised):";
const TASK = 'Task, as the user wrote it:\nAdd a slugify function to sample-utils, with tests.';
const CREATED = 'Files changed so far:\n- created src/slugify.sh\n- created tests/slugify_test.sh';
const FAILING =
  'Open failures (not fixed yet):\n- run_tests: Tests FAILED (exit code 1) — 1 failed, 1 passed, 0 skipped test files (starter); failing: "tests/slugify_test.sh: lowercases and joins words with dashes", "tests/slugify_test.sh: strips punctuation"';
const PLAN =
  'Plan (the last message you wrote in the planning phase):\nRefused: planning is read-only. The plan is complete, so I will say it and move on: 1) add src/slugify.sh, 2) add tests/slugify_test.sh, 3) run the suite, 4) verify and deliver.';

/** The log up to and including the first failed run_tests result. */
function untilFirstFailingTests(events: readonly EngineEvent[]): EngineEvent[] {
  const at = events.findIndex((e) => e.type === 'tool_result' && e.name === 'run_tests' && !e.ok);
  expect(at).toBeGreaterThan(0);
  return events.slice(0, at + 1);
}

const sections = (...parts: string[]) => [HEAD, ...parts].join('\n\n');

describe('pinned state from recorded runs', () => {
  it('react demo: the task, the mode, the files; the failing tests while they fail, gone once they pass', async () => {
    const { events } = await recordedRun('demo', 'react');
    expect(pinnedState(untilFirstFailingTests(events))).toBe(sections(TASK, 'Mode: react (no phases).', CREATED, FAILING));
    expect(pinnedState(events)).toBe(sections(TASK, 'Mode: react (no phases).', CREATED));
  });

  it('plan_exec demo: the current phase with what it allows, and the plan written while planning', async () => {
    const { events } = await recordedRun('plan_exec-demo', 'plan_exec');
    const building =
      'Mode: plan_exec. Current phase: building: tools read_file, list_files, search_codebase, outline, ask_human, create_file, edit_file, run_command, run_tests, advance_phase; shell: any command that is not destructive; file writes allowed.';
    expect(pinnedState(untilFirstFailingTests(events))).toBe(sections(TASK, building, PLAN, CREATED, FAILING));
    const delivery = 'Mode: plan_exec. Current phase: delivery: tools every tool; shell: any command; file writes allowed.';
    expect(pinnedState(events)).toBe(sections(TASK, delivery, PLAN, CREATED));
    // Before any reply there is no plan yet; the phase is the first one.
    const first = events.findIndex((e) => e.type === 'assistant_message');
    expect(pinnedState(events.slice(0, first))).toBe(
      sections(
        TASK,
        'Mode: plan_exec. Current phase: planning: tools read_file, list_files, search_codebase, outline, ask_human, run_command, advance_phase; shell: read-only commands only; file writes not allowed.',
      ),
    );
  });

  it('is empty before the run has started', () => {
    expect(pinnedState([])).toBe('');
  });
});

describe('pinned state from hand-built logs', () => {
  it('keeps the task verbatim, placeholders and all', () => {
    const task = '  Rename {{x}} to $1 in src/\n\n  and keep the blank line  ';
    expect(pinnedState(logOf(started(task)))).toBe(
      sections('Task, as the user wrote it:\nRename {{x}} to $1 in src/\n\n  and keep the blank line', 'Mode: react (no phases).'),
    );
  });

  it('keeps what a later run of a session was told of the runs before it, right after the task', () => {
    const earlier =
      'Earlier runs in this session worked in the same workspace; the files are as they left them (check before relying on them):\n1. "First" (completed). Files changed: a.txt. Outcome: Done.';
    const log = logOf(started('Second').map((payload) => (payload.type === 'run_configured' ? { ...payload, earlierRuns: earlier } : payload)));
    expect(pinnedState(log)).toBe(sections('Task, as the user wrote it:\nSecond', earlier, 'Mode: react (no phases).'));
  });

  it('a failed command stays open until the same command passes; another command passing does not close it', () => {
    const build = (id: string, ok: boolean) =>
      call(
        id,
        'run_command',
        { command: 'npm run  build' },
        ok ? { ok, output: 'exit code 0', exitCode: 0 } : { ok, output: 'exit code 2', errorKind: 'command_failed', exitCode: 2 },
      );
    const ls = call('ls', 'run_command', { command: 'ls' }, { ok: true, output: 'exit code 0', exitCode: 0 });
    const open = pinnedState(logOf([...started(), ...build('b1', false), ...ls]));
    expect(open).toContain('Open failures (not fixed yet):\n- run_command `npm run build`: exit code 2');
    expect(pinnedState(logOf([...started(), ...build('b1', false), ...ls, ...build('b2', true)]))).not.toContain('Open failures');
    // A timeout counts; a refusal by the gate, a stop or a bad call does not.
    const slow = call(
      's',
      'run_command',
      { command: 'sleep 99' },
      { ok: false, output: 'exit code 124 — timed out', errorKind: 'timeout', exitCode: 124, timedOut: true },
    );
    const refused = call('r', 'run_command', { command: 'rm -rf /' }, { ok: false, output: '{"error":"phase_violation"}', errorKind: 'refused_by_gate' });
    const text = pinnedState(logOf([...started(), ...slow, ...refused]));
    expect(text).toContain('- run_command `sleep 99`: timed out (exit code 124)');
    expect(text).not.toContain('rm -rf');
  });

  it('keeps the latest few failed commands, the latest last', () => {
    const failing = Array.from({ length: 5 }, (_, i) =>
      call(`c${i}`, 'run_command', { command: `make step${i}` }, { ok: false, output: 'exit code 1', errorKind: 'command_failed', exitCode: 1 }),
    ).flat();
    const text = pinnedState(logOf([...started(), ...failing]));
    expect(text).toContain('- run_command `make step2`: exit code 1\n- run_command `make step3`: exit code 1\n- run_command `make step4`: exit code 1');
    expect(text).not.toContain('step1');
  });

  it('failing tests: the last failing run, names capped with how many more; a passing run closes it', () => {
    const names = Array.from({ length: 14 }, (_, i) => `suite > case ${i}`);
    const tests = (id: string, output: string, ok = false) =>
      call(id, 'run_tests', {}, { ok, output, ...(ok ? {} : { errorKind: 'tests_failed' as const }), exitCode: ok ? 0 : 1 });
    const first = tests('t1', failingTestsOutput(['old > one']));
    const second = tests('t2', failingTestsOutput(names, 3));
    const text = pinnedState(logOf([...started(), ...first, ...second]));
    // The output names 3 in full and 5 more in its "not shown" line: those 8, then how many of the 14 are left.
    const shown = names
      .slice(0, 8)
      .map((n) => `"${n}"`)
      .join(', ');
    expect(text).toContain(`- run_tests: Tests FAILED (exit code 1) — 14 failed, 3 passed, 0 skipped (vitest); failing: ${shown} and 6 more`);
    const all = pinnedState(logOf([...started(), ...tests('t4', failingTestsOutput(names, 14))]));
    expect(all).toContain(`"suite > case ${PINNED_LIMITS.failingTests - 1}" and ${14 - PINNED_LIMITS.failingTests} more`);
    expect(text).not.toContain('old > one');
    const passed = tests('t3', 'Tests passed (exit code 0) — 0 failed, 3 passed, 0 skipped (vitest)', true);
    expect(pinnedState(logOf([...started(), ...second, ...passed]))).not.toContain('Open failures');
  });

  it('edits refused on a file stay open until a write lands on it', () => {
    const refusal = (id: string) =>
      call(
        id,
        'edit_file',
        { path: './src/a.ts', search: 'x', replace: 'y' },
        { ok: false, output: 'Could not edit src/a.ts. No match for the search text.\nClosest: …', errorKind: 'no_match' },
      );
    const events = [...started(), ...refusal('e1'), ...refusal('e2')];
    expect(pinnedState(logOf(events))).toContain(
      'Open failures (not fixed yet):\n- edit_file on src/a.ts refused 2 times (no_match): Could not edit src/a.ts. No match for the search text.',
    );
    // An edit that lands (it records file_changed) closes it.
    expect(pinnedState(logOf([...events, changed('src/a.ts', 'edited')]))).not.toContain('Open failures');
    // A refusal that is not about the edit itself (the file was not read) is not followed.
    const unread = call('e3', 'edit_file', { path: 'b.ts', search: 'x', replace: 'y' }, { ok: false, output: 'Read b.ts first.', errorKind: 'unread' });
    expect(pinnedState(logOf([...started(), ...unread]))).not.toContain('Open failures');
  });

  it('files changed: the net change per path, capped at 50 with how many more', () => {
    const net = pinnedState(
      logOf([
        ...started(),
        changed('a.ts', 'created'),
        changed('a.ts', 'edited'),
        changed('b.ts', 'edited'),
        changed('b.ts', 'deleted'),
        changed('c.ts', 'created'),
        changed('c.ts', 'deleted'),
        changed('d.ts', 'deleted'),
        changed('d.ts', 'created'),
      ]),
    );
    expect(net).toContain('Files changed so far:\n- created a.ts\n- deleted b.ts\n- created, then deleted c.ts\n- edited d.ts');
    const many = pinnedState(logOf([...started(), ...Array.from({ length: 60 }, (_, i) => changed(`f${i}.ts`, 'edited'))]));
    expect(many).toContain('- edited f49.ts\n- and 10 more');
    expect(many).not.toContain('f50.ts');
  });

  it("the user's answers, question and answer on one line", () => {
    const asked: EventPayload[] = [
      { type: 'human_asked', callId: 'q1', question: 'Which\nbranch?', kind: 'question' },
      { type: 'human_answered', callId: 'q1', question: 'Which\nbranch?', answer: 'main,\n  please', via: 'page' },
      { type: 'human_asked', callId: 'q2', question: 'Still open?', kind: 'question' },
    ];
    expect(pinnedState(logOf([...started(), ...asked]))).toBe(
      sections(
        'Task, as the user wrote it:\nFix the bug.',
        'Mode: react (no phases).',
        "The user's answers to your questions:\n- Q: Which branch? A: main, please",
      ),
    );
  });

  it('a run that went on in react mode has no phase; a policy that does not resolve names the phase only', () => {
    const plan = [...started('Fix the bug.', 'plan_exec'), said('1) read 2) fix'), phase('planning', 'building')];
    expect(pinnedState(logOf([...plan, configured('react')]))).toContain('\n\nMode: react (no phases).\n\n');
    const broken = [...started('Fix the bug.', 'react'), phase(null, 'verification'), configured('plan_exec', { phases: { nowhere: {} } })];
    expect(pinnedState(logOf(broken)).endsWith('\n\nMode: plan_exec. Current phase: verification')).toBe(true);
    expect(pinnedState(logOf([...started('Fix the bug.', 'react').slice(0, 1), configured('plan_exec', DEFAULT_POLICY)]))).toContain('\n\nMode: plan_exec.');
  });

  it('the plan is the last text written while planning, not what came after', () => {
    const events = [
      ...started('Fix the bug.', 'plan_exec'),
      said('First idea.'),
      said('  The plan: 1) a 2) b  '),
      said(''),
      phase('planning', 'building'),
      said('Building now.'),
    ];
    expect(pinnedState(logOf(events)).endsWith('\n\nPlan (the last message you wrote in the planning phase):\nThe plan: 1) a 2) b')).toBe(true);
  });

  it('stays bounded whatever the log holds', () => {
    const huge = 'x'.repeat(50_000);
    const events: EventPayload[] = [...started(huge, 'plan_exec'), said(huge)];
    for (let i = 0; i < 200; i++) {
      events.push(changed(`${'deep/'.repeat(20)}file${i}.ts`, 'created'));
      events.push(...call(`c${i}`, 'run_command', { command: `${huge}${i}` }, { ok: false, output: 'exit code 1', errorKind: 'command_failed', exitCode: 1 }));
      events.push(...call(`e${i}`, 'edit_file', { path: `p${i}.ts`, search: 'a', replace: 'b' }, { ok: false, output: huge, errorKind: 'ambiguous' }));
      events.push({ type: 'human_answered', callId: `q${i}`, question: huge, answer: huge, via: 'page' });
    }
    events.push(
      ...call(
        't',
        'run_tests',
        {},
        {
          ok: false,
          output: failingTestsOutput(
            Array.from({ length: 20 }, () => huge),
            20,
          ),
          errorKind: 'tests_failed',
          exitCode: 1,
        },
      ),
    );
    const text = pinnedState(logOf(events));
    expect(text).toContain(`[… task cut at 4,000 characters]`);
    expect(text.length).toBeLessThan(20_000);
    expect(pinnedState(logOf(events))).toBe(text);
  });
});
