import { describe, expect, it } from 'vitest';
import type { ApprovalAnswer, ApprovalChannel, ApprovalRequest } from '../../../src/engine/approvals';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import type { Scenario, ScriptedTurn } from '../../../src/model/scenario';
import { getScenario } from '../../../src/model/scenarios';
import { APPROVALS_COMMAND, APPROVALS_FILE } from '../../../src/model/scenarios/approvals';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import type { ExecOptions } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { PageApprovals } from '../../../src/worker/page-approvals';

const of = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T) =>
  events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
const scenario = (turns: ScriptedTurn[]): Scenario => ({ name: 't', title: 't', description: 't', defaultTask: 'do it', turns });

/** The real sandbox, with every command and write it receives noted: the proof that a denied call never reached it. */
class SpySandbox extends VirtualSandbox {
  readonly commands: string[] = [];
  readonly writes: string[] = [];
  override exec(command: string, options?: ExecOptions) {
    this.commands.push(command);
    return super.exec(command, options);
  }
  override writeFile(path: string, content: string) {
    this.writes.push(path);
    return super.writeFile(path, content);
  }
}

/** Decides each request with the next answer, and keeps the requests. */
class Decisions implements ApprovalChannel {
  readonly asked: ApprovalRequest[] = [];
  constructor(private readonly answers: Omit<ApprovalAnswer, 'via'>[]) {}
  async decide(request: ApprovalRequest): Promise<ApprovalAnswer> {
    this.asked.push(request);
    const next = this.answers.shift();
    if (!next) throw new Error(`no decision left for ${request.summary}`);
    return { ...next, via: 'page' };
  }
}

function setup(store = new MemoryStore()) {
  const sandbox = new SpySandbox({ files: STARTER_PROJECT });
  return { sandbox, engine: new Engine({ sandbox, blobs: store }) };
}

async function run(s: Scenario, options: Partial<RunOptions>, engine = setup().engine) {
  await engine.run({ task: s.defaultTask, mode: 'react', model: new ScriptedModel(s), maxIterations: 10, finalCheck: false, ...options });
  return engine.session.events as EngineEvent[];
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!condition()) throw new Error('timed out waiting for the condition');
}

const approvalsScenario = getScenario('approvals');

describe('Ask before', () => {
  it('asks before the edit and the command; a denied command never reaches the sandbox and its reason is the result', async () => {
    const { engine, sandbox } = setup();
    const decisions = new Decisions([{ decision: 'approved' }, { decision: 'denied', reason: 'not the whole suite now' }]);
    const events = await run(approvalsScenario, { askBefore: 'edits_and_commands', approvals: decisions }, engine);
    expect(decisions.asked).toMatchObject([
      { tool: 'create_file', kind: 'edit', summary: `create ${APPROVALS_FILE}`, path: APPROVALS_FILE, detail: expect.stringContaining('farewell()') },
      { tool: 'run_command', kind: 'command', summary: APPROVALS_COMMAND },
    ]);
    expect(sandbox.commands.filter((c) => c.includes('tests/run.sh'))).toEqual([]);
    expect(sandbox.writes.some((path) => path.endsWith(APPROVALS_FILE))).toBe(true);
    expect(of(events, 'approval_decided')).toMatchObject([
      { kind: 'edit', decision: 'approved', via: 'page' },
      { kind: 'command', decision: 'denied', reason: 'not the whole suite now' },
    ]);
    const denied = of(events, 'tool_result').find((e) => e.name === 'run_command');
    expect(denied).toMatchObject({ ok: false, errorKind: 'denied_by_user' });
    expect(denied?.output).toMatch(/^The user denied this command: not the whole suite now\n/);
    // Not a failure of the run: the model read the denial and finished.
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
    // Each request is recorded before the decision, the decision before the call's result.
    const order = events.filter((e) => e.type.startsWith('approval_') || e.type === 'tool_result').map((e) => e.type);
    expect(order).toEqual(['approval_requested', 'approval_decided', 'tool_result', 'approval_requested', 'approval_decided', 'tool_result']);
  });

  it('"commands" asks only for commands; reads and edits go ahead', async () => {
    const decisions = new Decisions([{ decision: 'approved' }]);
    const events = await run(approvalsScenario, { askBefore: 'commands', approvals: decisions });
    expect(decisions.asked.map((r) => r.tool)).toEqual(['run_command']);
    expect(of(events, 'run_configured')[0]).toMatchObject({ askBefore: 'commands' });
  });

  it('asks nothing with "nothing", or without anyone to ask', async () => {
    const none = new Decisions([]);
    await run(approvalsScenario, { askBefore: 'nothing', approvals: none });
    const events = await run(approvalsScenario, { askBefore: 'edits_and_commands' });
    expect(none.asked).toEqual([]);
    expect(of(events, 'approval_requested')).toEqual([]);
    expect(of(events, 'run_configured')[0]).toMatchObject({ askBefore: 'edits_and_commands' });
  });

  it('"approve all" approves the rest of that kind without asking, and only that kind', async () => {
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ name: 'run_command', args: { command: 'echo one' } }] },
      { toolCalls: [{ name: 'run_command', args: { command: 'echo two' } }] },
      { toolCalls: [{ name: 'create_file', args: { path: 'a.txt', content: 'a\n' } }] },
      { text: 'done' },
    ];
    const decisions = new Decisions([{ decision: 'approved_all' }, { decision: 'approved' }]);
    const { engine, sandbox } = setup();
    await run(scenario(turns), { askBefore: 'edits_and_commands', approvals: decisions }, engine);
    expect(decisions.asked.map((r) => r.summary)).toEqual(['echo one', 'create a.txt']);
    expect(sandbox.commands).toEqual(expect.arrayContaining(['echo one', 'echo two']));
  });

  it('does not ask to approve what the gate refuses: the refusal is the result', async () => {
    const turns: ScriptedTurn[] = [{ toolCalls: [{ name: 'run_command', args: { command: 'rm -rf .' } }] }, { text: 'done' }];
    const decisions = new Decisions([]);
    const { engine, sandbox } = setup();
    const events = await run(scenario(turns), { askBefore: 'commands', approvals: decisions }, engine);
    expect(decisions.asked).toEqual([]);
    expect(of(events, 'approval_requested')).toEqual([]);
    expect(of(events, 'tool_result')[0]).toMatchObject({ ok: false, errorKind: 'refused_by_gate' });
    expect(sandbox.commands).not.toContain('rm -rf .');
  });

  it('a stop while waiting for approval cancels the run, and the command never ran', async () => {
    const { engine, sandbox } = setup();
    const done = run(approvalsScenario, { askBefore: 'commands', approvals: new PageApprovals() }, engine);
    await until(() => engine.session.events.some((e) => e.type === 'approval_requested'));
    engine.stop();
    const events = await done;
    expect(of(events, 'approval_decided')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'cancelled' });
    expect(sandbox.commands.filter((c) => c.includes('tests/run.sh'))).toEqual([]);
  });

  it('on resume, a request left waiting is asked again; a decided call and "approve all" are not', async () => {
    const store = new MemoryStore();
    const first = setup(store).engine;
    const page = new PageApprovals();
    const done = run(approvalsScenario, { askBefore: 'edits_and_commands', approvals: page }, first);
    await until(() => first.session.events.some((e) => e.type === 'approval_requested'));
    page.decideFromPage('call_1_0', 'approved_all');
    await until(() => first.session.events.filter((e) => e.type === 'approval_requested').length === 2);
    // The log as the store holds it when the tab goes: the command waits, no decision, no result.
    const cut = [...first.session.events] as EngineEvent[];
    first.stop();
    await done;

    const second = setup(store);
    const decisions = new Decisions([{ decision: 'denied', reason: 'later' }]);
    const summary = await second.engine.resume({ events: cut, model: new ScriptedModel(approvalsScenario), reason: 'reloaded', approvals: decisions });
    expect(summary.status).toBe('completed');
    const resumed = second.engine.session.events as EngineEvent[];
    expect(of(resumed, 'run_resumed')).toMatchObject([{ interruptedCalls: [], askBefore: 'edits_and_commands' }]);
    expect(decisions.asked.map((r) => r.callId)).toEqual(['call_2_0']);
    expect(of(resumed, 'tool_result').filter((e) => e.callId === 'call_2_0')).toMatchObject([{ ok: false, errorKind: 'denied_by_user' }]);
    expect(second.sandbox.commands.filter((c) => c.includes('tests/run.sh'))).toEqual([]);
  });

  it('a resumed run keeps "approve all" from its log: a later call of that kind is not asked', async () => {
    const store = new MemoryStore();
    const turns: ScriptedTurn[] = [
      { toolCalls: [{ name: 'run_command', args: { command: 'echo one' } }] },
      { toolCalls: [{ name: 'ask_human', args: { question: 'Go on?' } }] },
      { toolCalls: [{ name: 'run_command', args: { command: 'echo two' } }] },
      { text: 'done' },
    ];
    const first = setup(store).engine;
    const done = run(scenario(turns), { askBefore: 'commands', approvals: new Decisions([{ decision: 'approved_all' }]) }, first);
    await until(() => first.session.events.some((e) => e.type === 'human_asked'));
    const cut = [...first.session.events] as EngineEvent[];
    first.stop();
    await done;

    const second = setup(store);
    const decisions = new Decisions([]);
    const human = { interactive: true, ask: async () => ({ answer: 'yes', via: 'page' as const }) };
    const summary = await second.engine.resume({ events: cut, model: new ScriptedModel(scenario(turns)), reason: 'reloaded', approvals: decisions, human });
    expect(summary.status).toBe('completed');
    expect(decisions.asked).toEqual([]);
    expect(second.sandbox.commands).toContain('echo two');
  });
});
