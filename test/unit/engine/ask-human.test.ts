import { describe, expect, it } from 'vitest';
import { conversationOf } from '../../../src/engine/conversation';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { CLARIFY_OPTIONS, CLARIFY_QUESTION } from '../../../src/model/scenarios/clarify';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import type { HumanAnswer, HumanChannel, HumanQuestion } from '../../../src/tools/tool';
import { PageAnswers } from '../../../src/worker/page-answers';

const of = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T) =>
  events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
const scenario = (turns: ScriptedTurn[]): Scenario => ({ name: 't', title: 't', description: 't', defaultTask: 'do it', turns });

/** Answers each question with the next of `answers` (null: nobody can answer), and keeps the questions. */
class Answers implements HumanChannel {
  readonly asked: HumanQuestion[] = [];
  constructor(
    private readonly answers: (string | null)[],
    readonly interactive = true,
  ) {}
  async ask(question: HumanQuestion): Promise<HumanAnswer | null> {
    this.asked.push(question);
    const answer = this.answers.shift();
    return answer === undefined || answer === null ? null : { answer, via: 'page' };
  }
}

function engineWith(store = new MemoryStore(), files = STARTER_PROJECT) {
  return new Engine({ sandbox: new VirtualSandbox({ files }), blobs: store });
}

async function run(s: Scenario, options: Partial<RunOptions> = {}, engine = engineWith()) {
  await engine.run({ task: s.defaultTask, mode: 'react', model: new ScriptedModel(s), maxIterations: 30, ...options });
  return engine.session.events as EngineEvent[];
}

describe('ask_human', () => {
  it('pauses the run on the question and goes on with the answer as the tool result', async () => {
    const human = new Answers(['Full stop']);
    const events = await run(getScenario('clarify'), { human });
    expect(human.asked).toEqual([{ callId: 'call_1_0', question: CLARIFY_QUESTION, kind: 'question', options: CLARIFY_OPTIONS }]);
    expect(of(events, 'human_asked')).toMatchObject([{ callId: 'call_1_0', question: CLARIFY_QUESTION, kind: 'question', options: CLARIFY_OPTIONS }]);
    expect(of(events, 'human_answered')).toMatchObject([{ callId: 'call_1_0', answer: 'Full stop', via: 'page', question: CLARIFY_QUESTION }]);
    const result = of(events, 'tool_result').find((e) => e.name === 'ask_human');
    expect(result).toMatchObject({ ok: true, output: 'The user answered: Full stop' });
    // The order the page relies on: asked, answered, then the result.
    const order = events.map((e) => e.type).filter((t) => t === 'human_asked' || t === 'human_answered' || t === 'tool_result');
    expect(order.slice(0, 3)).toEqual(['human_asked', 'human_answered', 'tool_result']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('pins every answer in the system prompt as "Previous clarifications", also when the run goes on in another mode', async () => {
    const events = await run(getScenario('clarify'), { human: new Answers(['Full stop']) });
    const system = conversationOf(events)[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/Previous clarifications[^\n]*\n- Q: Should the greeting end with an exclamation mark or a full stop\?\n {2}A: Full stop$/);
    const configured = of(events, 'run_configured')[0];
    if (!configured) throw new Error('no run_configured');
    const again = conversationOf([...events, { ...configured, mode: 'plan_exec', systemPrompt: 'Another mode.' }])[0];
    expect(again?.content).toMatch(/^Another mode\.\n\nPrevious clarifications[^\n]*\n- Q: .*\n {2}A: Full stop$/);
  });

  it('ends the run with needs_human, the question included, when nobody can answer', async () => {
    for (const human of [undefined, new Answers([null], false)]) {
      const events = await run(getScenario('clarify'), human ? { human } : {});
      expect(of(events, 'human_answered')).toEqual([]);
      const end = events.at(-1);
      expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'needs_human', retryable: false });
      expect(end?.type === 'run_finished' && end.reason).toContain(CLARIFY_QUESTION);
      expect(end?.type === 'run_finished' && end.suggestions?.length).toBeGreaterThan(0);
    }
  });

  it('a stop while waiting cancels the run, as any stop does', async () => {
    const engine = engineWith();
    const human = new PageAnswers();
    const done = run(getScenario('clarify'), { human }, engine);
    await until(() => engine.session.events.some((e) => e.type === 'human_asked'));
    engine.stop();
    const events = await done;
    expect(of(events, 'human_answered')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'cancelled' });
  });

  it('a question left waiting (the page went away) is asked again on resume, and the answer given ahead resumes it', async () => {
    const store = new MemoryStore();
    const first = engineWith(store);
    const done = run(getScenario('clarify'), { human: new PageAnswers() }, first);
    await until(() => first.session.events.some((e) => e.type === 'human_asked'));
    // The log as the store holds it when the tab goes: no answer, no result, no run_finished.
    const cut = [...first.session.events] as EngineEvent[];
    first.stop();
    await done;

    const human = new PageAnswers();
    human.answerAhead('call_1_0', 'Exclamation mark');
    const second = engineWith(store);
    const summary = await second.resume({ events: cut, model: new ScriptedModel(getScenario('clarify')), reason: 'reloaded', human });
    expect(summary.status).toBe('completed');
    const resumed = second.session.events as EngineEvent[];
    expect(of(resumed, 'run_resumed')).toMatchObject([{ interruptedCalls: [] }]);
    expect(of(resumed, 'human_asked').map((e) => e.callId)).toEqual(['call_1_0']);
    expect(of(resumed, 'human_answered')).toMatchObject([{ callId: 'call_1_0', answer: 'Exclamation mark' }]);
    expect(of(resumed, 'tool_result').filter((e) => e.callId === 'call_1_0')).toMatchObject([{ ok: true, output: 'The user answered: Exclamation mark' }]);
    expect(of(resumed, 'tool_result').map((e) => e.name)).toEqual(['ask_human', 'read_file']);
  });

  it('a looping agent asks the human once in a watched session; the answer goes to the model, a second escalation ends the run', async () => {
    const human = new Answers(['Stop reading the README; it says npm test.']);
    const events = await run(getScenario('stuck'), { human });
    const asked = of(events, 'human_asked');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: 'blocker' });
    expect(asked[0]?.callId).toMatch(/^loop-\d+$/);
    const guidance = of(events, 'user_message').filter((e) => e.reason === 'human_guidance');
    expect(guidance).toHaveLength(1);
    expect(guidance[0]?.text).toContain('Stop reading the README; it says npm test.');
    expect(of(events, 'loop_detected').map((e) => e.action)).toEqual(['nudge', 'recover', 'escalate', 'escalate']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected' });
  });

  it('does not ask about a loop when nobody watches (a file of answers): the run ends with loop_detected', async () => {
    const human = new Answers(['unused'], false);
    const events = await run(getScenario('stuck'), { human });
    expect(of(events, 'human_asked')).toEqual([]);
    expect(human.asked).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected' });
  });

  it('a failed command that looks like a blocker (auth, network) suggests asking; another failure does not', async () => {
    const events = await run(
      scenario([
        { toolCalls: [{ name: 'run_command', args: { command: 'echo "fatal: unable to access: Could not resolve host: github.com" >&2; exit 128' } }] },
        { toolCalls: [{ name: 'run_command', args: { command: 'echo "npm ERR! code E401 Unable to authenticate" >&2; exit 1' } }] },
        { toolCalls: [{ name: 'run_command', args: { command: 'echo "syntax error near line 3" >&2; exit 2' } }] },
        { text: 'Done.' },
      ]),
    );
    const outputs = of(events, 'tool_result').map((e) => e.output);
    expect(outputs[0]).toMatch(/no network access.*ask the user with ask_human \(kind "blocker"\)/s);
    expect(outputs[1]).toMatch(/authentication error.*ask_human/s);
    expect(outputs[2]).not.toContain('ask_human');
  });

  it('refuses a question without text and too many options, as arguments the model can correct', async () => {
    const events = await run(
      scenario([
        { toolCalls: [{ name: 'ask_human', args: { question: '  ' } }] },
        { toolCalls: [{ name: 'ask_human', args: { question: 'Which?', options: Array.from({ length: 11 }, (_, i) => `option ${i}`) } }] },
        { text: 'Done.' },
      ]),
      { human: new Answers([]) },
    );
    expect(of(events, 'tool_result').map((e) => e.errorKind)).toEqual(['invalid_arguments', 'invalid_arguments']);
    expect(of(events, 'human_asked')).toEqual([]);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('timed out waiting for the condition');
}
