import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { FixAttemptTracker, type FixCall } from '../../../src/engine/fix-attempts';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventOf } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import type { HumanAnswer, HumanChannel, HumanQuestion } from '../../../src/tools/tool';
import { PageAnswers } from '../../../src/worker/page-answers';

/** A project whose one extra test wants 42; every fix below writes another wrong answer. */
const FILES = {
  ...STARTER_PROJECT,
  'src/answer.sh': 'answer() { echo 0; }\n',
  'tests/answer_test.sh': 'source src/answer.sh\nassert_eq "$(answer)" "42" "answers 42"\n',
};
const TEST = 'tests/answer_test.sh: answers 42';

/** One wrong fix (a different value each time), then the tests. */
const wrongFix = (n: number): ScriptedTurn[] => [
  {
    toolCalls: [
      { name: 'read_file', args: { path: 'src/answer.sh' } },
      { name: 'edit_file', args: { path: 'src/answer.sh', search: `echo ${n - 1}`, replace: `echo ${n}` } },
    ],
  },
  { toolCalls: [{ name: 'run_tests', args: {} }] },
];
/** The right fix after the wrong ones, then the tests (passing) and the final answer. */
const rightFix = (last: number): ScriptedTurn[] => [
  { toolCalls: [{ name: 'edit_file', args: { path: 'src/answer.sh', search: `echo ${last}`, replace: 'echo 42' } }] },
  { toolCalls: [{ name: 'run_tests', args: {} }] },
  { text: 'It answers 42 now.' },
];
const scenario = (turns: ScriptedTurn[]): Scenario => ({ name: 't', title: 't', description: 't', defaultTask: 'make it answer 42', turns });

class Person implements HumanChannel {
  readonly asked: HumanQuestion[] = [];
  constructor(
    readonly interactive: boolean,
    private readonly reply = 'Read tests/assert.sh first.',
  ) {}
  async ask(question: HumanQuestion): Promise<HumanAnswer | null> {
    this.asked.push(question);
    return { answer: this.reply, via: 'page' };
  }
}

async function run(turns: ScriptedTurn[], options: { human?: HumanChannel; maxRecoveries?: number; finalCheck?: boolean } = {}) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: FILES }) });
  await engine.run({ task: 'make it answer 42', mode: 'react', model: new ScriptedModel(scenario(turns)), maxIterations: 60, ...options });
  const events = [...engine.session.events] as EngineEvent[];
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { events, of };
}

/** run_tests failing on TEST, as the tracker sees it. */
const failing: FixCall = {
  tool: 'run_tests',
  args: {},
  ok: false,
  errorKind: 'tests_failed',
  output: `Tests failed\nFirst failure (of 1): ${TEST}\nexpected: '42'\nactual: '1'`,
};

const critique = { text: 'The value is wrong each time; read the test.' };

describe('different fixes that fail the same way', () => {
  it('the third different fix failing the same test starts the failure chain recovery', async () => {
    const { of, events } = await run([...wrongFix(1), ...wrongFix(2), ...wrongFix(3), critique, ...rightFix(3)]);
    const recovery = of('recovery_started');
    expect(recovery).toHaveLength(1);
    expect(recovery[0]).toMatchObject({ trigger: 'same_failure' });
    expect(recovery[0]?.detail).toContain(`3 different attempts at the failing test "${TEST}" ended in the same failure`);
    expect(recovery[0]?.detail).toContain('attempt 3: ran the tests after editing src/answer.sh');
    // No single call repeated itself: the loop detector saw nothing.
    expect(of('loop_detected')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('after five with nobody watching, the run ends loop_detected listing the attempts', async () => {
    const fixes = [1, 2, 3, 4, 5].flatMap(wrongFix);
    const { of, events } = await run([...fixes.slice(0, 6), critique, ...fixes.slice(6), { text: 'never reached' }], { human: new Person(false) });
    expect(of('recovery_started').map((e) => e.trigger)).toEqual(['same_failure']);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected' });
    const reason = end?.type === 'run_finished' ? (end.reason ?? '') : '';
    expect(reason).toContain(`5 different attempts at the failing test "${TEST}"`);
    for (const n of [1, 2, 3, 4, 5]) expect(reason).toContain(`attempt ${n}: ran the tests after editing src/answer.sh`);
    expect(of('human_asked')).toEqual([]);
  });

  it('after five in a watched session the human is asked, and the answer goes to the model', async () => {
    const person = new Person(true);
    const fixes = [1, 2, 3, 4, 5].flatMap(wrongFix);
    const { of, events } = await run([...fixes.slice(0, 6), critique, ...fixes.slice(6), ...rightFix(5)], { human: person });
    expect(person.asked).toHaveLength(1);
    expect(person.asked[0]?.kind).toBe('blocker');
    expect(person.asked[0]?.question).toContain('5 different attempts at the failing test');
    expect(of('user_message').find((e) => e.reason === 'human_guidance')?.text).toContain('Read tests/assert.sh first.');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('with no recovery left the third goes by: only the fifth escalates', async () => {
    const three = await run([...wrongFix(1), ...wrongFix(2), ...wrongFix(3), ...rightFix(3)], { maxRecoveries: 0 });
    expect(three.of('recovery_started')).toEqual([]);
    expect(three.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
    const five = await run([...[1, 2, 3, 4, 5].flatMap(wrongFix), { text: 'never reached' }], { maxRecoveries: 0, human: new Person(false) });
    const end = five.events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected' });
    expect(end?.type === 'run_finished' ? end.reason : '').toContain('5 different attempts');
  });

  it('a verdict is acted on once: a later call the tracker does not follow does not bring it back', async () => {
    const unknown: ScriptedTurn = { toolCalls: [{ name: 'bash', args: { command: 'ls' } }] };
    const { of, events } = await run([...wrongFix(1), ...wrongFix(2), ...wrongFix(3), critique, unknown, ...rightFix(3)], { human: new Person(false) });
    expect(of('recovery_started')).toHaveLength(1);
    expect(of('tool_result').some((e) => e.errorKind === 'unknown_tool')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('the same fix run again is one attempt, not several', () => {
    const tracker = new FixAttemptTracker();
    for (let i = 0; i < 6; i++) tracker.observe(failing);
    expect(tracker.takeSameFailure()).toBeNull();
  });

  it('looking between test runs is not a change: the same failing run is still one attempt', () => {
    const tracker = new FixAttemptTracker();
    for (const look of ['cat src/answer.sh', 'ls -la', 'grep -rn answer src', 'cat src/answer.sh']) {
      tracker.observe({ tool: 'run_command', args: { command: look }, ok: true, output: 'exit code 0' });
      tracker.observe(failing);
      expect(tracker.takeSameFailure()).toBeNull();
    }
    // A command that may write is a change: the next failing run is a different attempt.
    const verdicts = ['sed -i s/1/2/ src/answer.sh', 'touch src/x'].map((change) => {
      tracker.observe({ tool: 'run_command', args: { command: change }, ok: true, output: 'exit code 0' });
      tracker.observe(failing);
      return tracker.takeSameFailure();
    });
    expect(verdicts).toEqual([null, expect.objectContaining({ action: 'recover', count: 3 })]);
  });

  it('a failed command is keyed by its error, numbers aside: different commands failing alike count together', () => {
    const tracker = new FixAttemptTracker();
    const failed = (command: string, line: number): FixCall => ({
      tool: 'run_command',
      args: { command },
      ok: false,
      errorKind: 'command_failed',
      output: `exit code 1\n--- stdout ---\n(empty)\n--- stderr ---\nsrc/a.ts(${line},3): error TS2304: Cannot find name 'foo'.`,
    });
    expect(tracker.observe(failed('npx tsc', 3))).toBeNull();
    expect(tracker.observe(failed('npx tsc --noEmit', 4))).toBeNull();
    expect(tracker.observe(failed('npm run build', 9))?.target).toBe(`the error "src/a.ts(9,3): error TS2304: Cannot find name 'foo'."`);
    expect(tracker.takeSameFailure()).toMatchObject({ action: 'recover', count: 3 });
    expect(tracker.takeSameFailure()).toBeNull();
    // The command passing clears it.
    tracker.observe({ tool: 'run_command', args: { command: 'npm run build' }, ok: true, output: 'exit code 0' });
    expect(tracker.observe(failed('npx tsc', 3))).toBeNull();
  });
});

describe('too many failed tool calls', () => {
  // The project's own test fails on purpose (the fixes above); the engine's check of a final answer is not what these are about.
  const finalCheck = false;
  const missing = (n: number): ScriptedTurn => ({ toolCalls: [{ name: 'read_file', args: { path: `missing-${n}.txt` } }] });
  const elevenMisses = Array.from({ length: 11 }, (_, i) => missing(i + 1));

  it('more than 10 is a blocker: with nobody watching the run ends needs_human', async () => {
    const { events, of } = await run([...elevenMisses, { text: 'never reached' }], { maxRecoveries: 0, finalCheck });
    expect(of('tool_result').filter((e) => !e.ok)).toHaveLength(11);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'needs_human', cause: 'too_many_failures' });
    const end = events.at(-1);
    expect(end?.type === 'run_finished' ? end.reason : '').toContain('11 tool calls have failed in this run');
  });

  it('ten are not a blocker yet', async () => {
    const { events } = await run([...elevenMisses.slice(0, 10), { text: 'Done.' }], { maxRecoveries: 0, finalCheck });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('a blocker question left waiting ends needs_human on a resume with nobody watching', async () => {
    // The page's channel, never answered: the question waits, as when the tab went away.
    const silent = new PageAnswers();
    const store = new MemoryStore();
    const first = new Engine({ sandbox: new VirtualSandbox({ files: FILES }), blobs: store });
    const model = () => new ScriptedModel(scenario([...elevenMisses, { text: 'Done.' }]));
    const done = first.run({ task: 'make it answer 42', mode: 'react', model: model(), maxIterations: 60, maxRecoveries: 0, finalCheck, human: silent });
    while (!first.session.events.some((e) => e.type === 'human_asked')) await new Promise((resolve) => setTimeout(resolve, 10));
    // The log as the store holds it when the tab goes: the question, no answer, no run_finished.
    const cut = [...first.session.events] as EngineEvent[];
    first.stop();
    await done;
    expect(cut.filter((e) => e.type === 'human_asked')).toMatchObject([{ kind: 'blocker', callId: expect.stringMatching(/^loop-blocker-/) as unknown }]);

    const second = new Engine({ sandbox: new VirtualSandbox({ files: FILES }), blobs: store });
    const summary = await second.resume({ events: cut, model: model(), reason: 'reloaded', human: new Person(false) });
    expect(summary.status).toBe('failed');
    expect(second.session.events.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'needs_human', cause: 'too_many_failures' });
  });

  it('in a watched session the human is asked and the run goes on with the answer', async () => {
    const person = new Person(true, 'The files are under data/.');
    const { events, of } = await run([...elevenMisses, { text: 'Done.' }], { maxRecoveries: 0, human: person, finalCheck });
    expect(person.asked).toHaveLength(1);
    expect(person.asked[0]).toMatchObject({ kind: 'blocker', question: expect.stringContaining('11 tool calls have failed') });
    expect(of('user_message').at(-1)?.text).toContain('The files are under data/.');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});

describe('a resumed run counts on from its log', () => {
  /** Runs the turns to the end with snapshots kept, then gives the log up to and including the `n`th result matching `pick`. */
  async function cutAfter(turns: ScriptedTurn[], n: number, pick: (result: EventOf<'tool_result'>) => boolean, options: { maxRecoveries?: number } = {}) {
    const store = new MemoryStore();
    const first = new Engine({ sandbox: new VirtualSandbox({ files: FILES }), blobs: store });
    await first.run({ task: 'make it answer 42', mode: 'react', model: new ScriptedModel(scenario(turns)), maxIterations: 60, finalCheck: false, ...options });
    const events = [...first.session.events] as EngineEvent[];
    const results = events.flatMap((e, i) => (e.type === 'tool_result' && pick(e) ? [i] : []));
    const at = results[n - 1];
    if (at === undefined) throw new Error(`the run had fewer than ${n} such results`);
    return { store, cut: events.slice(0, at + 1) };
  }
  async function resume(store: MemoryStore, cut: EngineEvent[], turns: ScriptedTurn[]) {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: FILES }), blobs: store });
    await engine.resume({ events: cut, model: new ScriptedModel(scenario(turns)), reason: 'reloaded', human: new Person(false) });
    const resumed = [...engine.session.events] as EngineEvent[];
    return { resumed, of: <T extends EngineEvent['type']>(type: T) => resumed.filter((e): e is EventOf<T> => e.type === type) };
  }

  it('failed calls: 8 before the interruption and 3 after are a blocker', async () => {
    const missing = (n: number): ScriptedTurn => ({ toolCalls: [{ name: 'read_file', args: { path: `missing-${n}.txt` } }] });
    const turns = [...Array.from({ length: 11 }, (_, i) => missing(i + 1)), { text: 'Done.' }];
    const { store, cut } = await cutAfter(turns, 8, (r) => !r.ok, { maxRecoveries: 0 });
    const { resumed, of } = await resume(store, cut, turns);
    expect(of('tool_result').filter((e) => !e.ok)).toHaveLength(3);
    const end = resumed.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'needs_human', cause: 'too_many_failures' });
    expect(end?.type === 'run_finished' ? end.reason : '').toContain('11 tool calls have failed in this run');
  });

  it('different fixes: two before the interruption and one after start the recovery', async () => {
    const turns = [...wrongFix(1), ...wrongFix(2), ...wrongFix(3), critique, ...rightFix(3)];
    const { store, cut } = await cutAfter(turns, 2, (r) => r.name === 'run_tests');
    expect(cut.filter((e) => e.type === 'recovery_started')).toEqual([]);
    const { resumed, of } = await resume(store, cut, turns);
    expect(of('recovery_started')).toMatchObject([{ trigger: 'same_failure' }]);
    expect(of('recovery_started')[0]?.detail).toContain(`3 different attempts at the failing test "${TEST}" ended in the same failure`);
    expect(resumed.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('a recovery the log records counts against the limit', async () => {
    const missing = (n: number): ScriptedTurn => ({ toolCalls: [{ name: 'read_file', args: { path: `missing-${n}.txt` } }] });
    const found: ScriptedTurn = { toolCalls: [{ name: 'read_file', args: { path: 'src/answer.sh' } }] };
    // Three misses in a row recover (the one recovery allowed); after a success three more would, had it not been used.
    const turns = [missing(1), missing(2), missing(3), critique, found, missing(4), missing(5), missing(6), { text: 'Done.' }];
    const { store, cut } = await cutAfter(turns, 4, () => true, { maxRecoveries: 1 });
    expect(cut.filter((e) => e.type === 'recovery_started')).toMatchObject([{ trigger: 'repeated_errors' }]);
    const { of } = await resume(store, cut, turns);
    expect(of('recovery_started')).toEqual([]);
    expect(of('run_finished')).toMatchObject([{ status: 'completed' }]);
  });
});
