import { describe, expect, it } from 'vitest';
import { type LoopAction, LoopDetector, type StepFacts } from '../../../src/engine/loop-detector';
import { normaliseArguments, normaliseResult, stepKey } from '../../../src/engine/step-key';
import { REALISTIC_RUNS, scenarioSteps } from './scenario-steps';

const step = (tool: string, args: unknown, resultText = 'same result', workspaceDigest = 'w0', ok = true): StepFacts => ({
  tool,
  args,
  rawArguments: JSON.stringify(args),
  resultText,
  ok,
  workspaceDigest,
});

const READ = step('read_file', { path: 'README.md' });
const LIST = step('list_files', { path: '.' });
const GREP = step('run_command', { command: 'grep -rn slug src' });

function actions(steps: readonly StepFacts[], detector = new LoopDetector()): LoopAction[] {
  return steps.map((s) => detector.observe(s).action);
}

/** 1-based positions of the steps that did something, by action. */
function fired(steps: readonly StepFacts[], detector = new LoopDetector()): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  actions(steps, detector).forEach((action, i) => {
    if (action !== 'none') (out[action] ??= []).push(i + 1);
  });
  return out;
}

const times = (n: number, s: StepFacts) => Array.from({ length: n }, () => s);

describe('LoopDetector: the same step again', () => {
  it.each([
    { n: 1, expected: 'none' },
    { n: 2, expected: 'none' },
    { n: 3, expected: 'nudge' },
    { n: 4, expected: 'none' },
    { n: 5, expected: 'recover' },
    { n: 6, expected: 'escalate' },
    { n: 7, expected: 'escalate' },
    { n: 12, expected: 'escalate' },
  ] as const)('the $n. identical step → $expected', ({ n, expected }) => {
    expect(actions(times(n, READ)).at(-1)).toBe(expected);
  });

  it.each([
    { name: 'consecutive', steps: times(8, READ), expected: { nudge: [3], recover: [5], escalate: [6, 7, 8] } },
    {
      name: 'interleaved with other calls',
      steps: [READ, LIST, READ, GREP, READ, step('list_files', { path: 'src' }), READ, READ, GREP, READ],
      expected: { nudge: [5], recover: [8], escalate: [10] },
    },
  ])('$name: each action fires exactly at its threshold', ({ steps, expected }) => {
    expect(fired(steps)).toEqual(expected);
  });

  it('follows custom thresholds', () => {
    expect(fired(times(6, READ), new LoopDetector({ nudge: 2, recover: 4 }))).toEqual({ nudge: [2], recover: [4], escalate: [5, 6] });
  });

  it('refuses thresholds out of order', () => {
    expect(() => new LoopDetector({ nudge: 5, recover: 5 })).toThrow(/thresholds/);
    expect(() => new LoopDetector({ nudge: 1 })).toThrow(/thresholds/);
    expect(() => new LoopDetector({ window: 5 })).toThrow(/thresholds/);
  });

  it('names the call and the count in its verdict and message', () => {
    const detector = new LoopDetector();
    const verdicts = times(6, READ).map((s) => detector.observe(s));
    expect(verdicts[0]).toMatchObject({ action: 'none', count: 1, pattern: null, message: null });
    expect(verdicts[1]).toMatchObject({ action: 'none', count: 2, pattern: 'repeat', message: null });
    expect(verdicts[2]).toMatchObject({ action: 'nudge', count: 3, pattern: 'repeat', key: stepKey(READ) });
    expect(verdicts[2]?.message).toBe(
      'Note: you have made the same call 3 times with the same result on the same workspace: read_file {"path":"README.md"}. ' +
        'Repeating it will not tell you anything new: use what it returned, try something different, or finish with what you have.',
    );
    expect(verdicts[4]?.message).toMatch(/^Stop: you have made the same call 5 times .* This is a loop\./);
    expect(verdicts[5]).toMatchObject({ action: 'escalate', count: 6 });
    expect(verdicts[5]?.message).toMatch(/^The run is stuck in a loop: you have made the same call 6 times/);
  });

  it('forgets steps that left the window, and everything on reset', () => {
    const detector = new LoopDetector({ window: 20 });
    const filler = Array.from({ length: 20 }, (_, i) => step('read_file', { path: `f${i}.txt` }));
    expect(actions([READ, READ, ...filler, READ, READ], detector)).not.toContain('nudge');
    detector.reset();
    expect(actions([READ, READ], detector)).toEqual(['none', 'none']);
    expect(detector.observe(READ).action).toBe('nudge');
  });
});

describe('LoopDetector: two calls taking turns', () => {
  const ab = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? READ : LIST));

  it('counts full A/B rounds: 3 → nudge, 5 → recover, 6 and more → escalate', () => {
    expect(fired(ab(14))).toEqual({ nudge: [6], recover: [10], escalate: [12, 13, 14] });
  });

  it('reports the pair as an alternation, naming both calls', () => {
    const detector = new LoopDetector();
    const verdicts = ab(6).map((s) => detector.observe(s));
    expect(verdicts[4]).toMatchObject({ action: 'none', pattern: 'alternation', count: 2 });
    expect(verdicts[5]).toMatchObject({ action: 'nudge', pattern: 'alternation', count: 3, key: stepKey(LIST) });
    expect(verdicts[5]?.message).toContain('alternated between the same two calls 3 times');
    expect(verdicts[5]?.message).toContain('read_file {"path":"README.md"} and list_files {"path":"."}');
  });

  it('a repeat that turns into an alternation does not nudge twice', () => {
    // A A A (nudge on A), then B A B A …: the pair inherits A's nudge; recover comes at A's fifth sighting.
    expect(fired([READ, READ, READ, LIST, READ, LIST, READ, LIST])).toEqual({ nudge: [3], recover: [7] });
  });

  it('an alternation whose results change is progress', () => {
    // Each round edits a file (the workspace changes) and the test run reports one failure fewer.
    const steps = Array.from({ length: 12 }, (_, i) => {
      const round = Math.floor(i / 2);
      return i % 2 === 0 ? step('run_tests', {}, `Tests FAILED — ${6 - round} failed`, `w${round}`) : { ...LIST, workspaceDigest: `w${round}` };
    });
    expect(actions(steps).every((a) => a === 'none')).toBe(true);
  });
});

describe('LoopDetector: progress is not a loop', () => {
  it('read → edit → re-read of the same file', () => {
    const read = (content: string, ws: string) => step('read_file', { path: 'src/a.sh' }, content, ws);
    const edit = (search: string, ws: string) => step('edit_file', { path: 'src/a.sh', search, replace: 'x' }, 'Edited src/a.sh', ws);
    const steps = [read('v1', 'w1'), edit('one', 'w2'), read('v2', 'w2'), edit('two', 'w3'), read('v3', 'w3'), edit('three', 'w4'), read('v4', 'w4')];
    expect(actions(steps).every((a) => a === 'none')).toBe(true);
  });

  it('the same read after the workspace changed, even when the file read did not', () => {
    const steps = Array.from({ length: 10 }, (_, i) => step('read_file', { path: 'README.md' }, 'unchanged text', `w${i}`));
    expect(actions(steps).every((a) => a === 'none')).toBe(true);
  });

  it('the same command whose result differs', () => {
    const steps = Array.from({ length: 10 }, (_, i) => step('run_tests', {}, `Tests FAILED — ${10 - i} failed`));
    expect(actions(steps).every((a) => a === 'none')).toBe(true);
  });

  it.each(REALISTIC_RUNS)('every step of the %s scenario (%s mode)', async (scenario, mode) => {
    const steps = await scenarioSteps(scenario, mode);
    expect(steps.length).toBeGreaterThan(3);
    const detector = new LoopDetector();
    expect(steps.map((s) => `${s.tool}: ${detector.observe(s).action}`)).toEqual(steps.map((s) => `${s.tool}: none`));
  });
});

describe('step keys', () => {
  it.each([
    { name: 'key order', a: { path: 'a', start_line: 1 }, b: { start_line: 1, path: 'a' } },
    { name: 'surrounding whitespace', a: { path: ' a.ts ' }, b: { path: 'a.ts' } },
    { name: 'whitespace runs', a: { command: 'grep  -rn\tx   src' }, b: { command: 'grep -rn x src' } },
    { name: 'nested objects', a: { edits: [{ search: 'x', replace: 'y' }] }, b: { edits: [{ replace: 'y', search: '  x' }] } },
  ])('arguments differing only in $name are the same', ({ a, b }) => {
    expect(normaliseArguments(a, '')).toBe(normaliseArguments(b, ''));
  });

  it('keeps values that differ apart', () => {
    expect(normaliseArguments({ path: 'a' }, '')).not.toBe(normaliseArguments({ path: 'b' }, ''));
    expect(normaliseArguments({ n: 1 }, '')).not.toBe(normaliseArguments({ n: '1' }, ''));
  });

  it('keys arguments that are not JSON on their raw text', () => {
    expect(normaliseArguments(null, '{"path": "README.md"')).toBe('raw:{"path": "README.md"');
    expect(normaliseArguments(null, '{"path":  "README.md"')).toBe(normaliseArguments(null, ' {"path": "README.md"'));
    const broken = { ...READ, args: null, rawArguments: '{"path": "README.md"' };
    expect(fired(times(3, broken))).toEqual({ nudge: [3] });
  });

  it.each([
    ['a duration in ms', 'Done in 12.3 ms', 'Done in 840 ms'],
    ['a duration in seconds', 'Duration  0.8s (transform 1.2s)', 'Duration  2s (transform 0.31s)'],
    ['a timestamp', 'Start at 2026-01-02T10:11:12.345Z', 'Start at 2026-03-04T01:02:03Z'],
    ['a clock time', 'Start at 17:20:17', 'Start at 09:01:02'],
    ['a temp path', 'wrote /tmp/vitest-abc123/out.json', 'wrote /tmp/vitest-zz9/out.json'],
    ['trailing spaces', 'ok   \nline  ', 'ok\nline'],
  ])('masks %s in results', (_name, a, b) => {
    expect(normaliseResult(a)).toBe(normaliseResult(b));
  });

  it('keeps counts and sizes that are not durations', () => {
    expect(normaliseResult('2 failed, 3 passed, 0 skipped')).not.toBe(normaliseResult('1 failed, 4 passed, 0 skipped'));
    expect(normaliseResult('(83 B)')).not.toBe(normaliseResult('(84 B)'));
  });

  it('keys on tool, arguments, result, outcome and workspace', () => {
    const base = stepKey(READ);
    expect(stepKey({ ...READ })).toBe(base);
    expect(stepKey({ ...READ, tool: 'outline' })).not.toBe(base);
    expect(stepKey({ ...READ, args: { path: 'other' } })).not.toBe(base);
    expect(stepKey({ ...READ, resultText: 'different' })).not.toBe(base);
    expect(stepKey({ ...READ, ok: false })).not.toBe(base);
    expect(stepKey({ ...READ, workspaceDigest: 'w1' })).not.toBe(base);
  });
});
