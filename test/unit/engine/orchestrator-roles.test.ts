import { describe, expect, it } from 'vitest';
import { readFileOrNull } from '../../../src/engine/workspace-files';
import { getScenario } from '../../../src/model/scenarios';
import { demoWith, ofType, rolesStarted, runOrchestrator } from './orchestrator-helpers';

const WRITE_TOOLS = ['create_file', 'edit_file'];
const VALID_PLAN = { goal: 'g', steps: [{ id: '1', title: 't', files: [] }], acceptance: ['a'] };

describe('orchestrator mode: the demo', () => {
  it('plans, codes, is sent back once, fixes, is approved, and ends completed and verified', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    expect(rolesStarted(events)).toEqual(['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2']);
    expect(ofType(events, 'role_finished').map((event) => event.handoff.kind)).toEqual(['plan', 'work', 'review', 'work', 'review']);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(ofType(events, 'run_configured')[0]).toMatchObject({ mode: 'orchestrator', maxReviewRounds: 2 });
  });

  it('meters each role’s turns as that role', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const roles = new Set(ofType(events, 'usage').map((event) => event.role));
    expect(roles).toEqual(new Set(['planner', 'coder', 'reviewer']));
  });
});

describe('orchestrator mode: each role’s tools', () => {
  it('offers the planner and the reviewer no write tool, the coder both, and each role only its own submit tool', async () => {
    const { model } = await runOrchestrator(getScenario('orchestrator-demo'));
    const byRole = (prefix: string) => model.requests.filter((request) => request.role?.startsWith(prefix));
    for (const request of [...byRole('planner'), ...byRole('reviewer')]) for (const tool of WRITE_TOOLS) expect(request.tools).not.toContain(tool);
    for (const request of byRole('coder')) expect(request.tools).toEqual(expect.arrayContaining(WRITE_TOOLS));
    expect(byRole('planner')[0]?.tools.filter((tool) => tool.startsWith('submit_'))).toEqual(['submit_plan']);
    expect(byRole('coder')[0]?.tools.filter((tool) => tool.startsWith('submit_'))).toEqual(['submit_work']);
    expect(byRole('reviewer')[0]?.tools.filter((tool) => tool.startsWith('submit_'))).toEqual(['submit_review']);
    expect(byRole('reviewer')[0]?.tools).toContain('run_tests');
  });

  it('refuses at the gate a write the planner or the reviewer attempts anyway', async () => {
    const scenario = demoWith({
      'planner:1': [
        { toolCalls: [{ name: 'create_file', args: { path: 'planner.txt', content: 'x' } }] },
        { toolCalls: [{ name: 'submit_plan', args: VALID_PLAN }] },
      ],
      'reviewer:1': [
        { toolCalls: [{ name: 'edit_file', args: { path: 'src/greet.sh', search: 'Hello', replace: 'Bye' } }] },
        { toolCalls: [{ name: 'submit_review', args: { verdict: 'approve', findings: [] } }] },
      ],
    });
    const { events, sandbox } = await runOrchestrator(scenario);
    const refusals = ofType(events, 'phase_violation');
    expect(refusals.map((event) => [event.tool, event.phase])).toEqual([
      ['create_file', 'planning'],
      ['edit_file', 'verification'],
    ]);
    const results = ofType(events, 'tool_result').filter((event) => event.name === 'create_file' || event.name === 'edit_file');
    expect(results[0]).toMatchObject({ ok: false, errorKind: 'refused_by_gate' });
    expect(await readFileOrNull(sandbox, `${sandbox.workdir}/planner.txt`)).toBeNull();
    expect(await readFileOrNull(sandbox, `${sandbox.workdir}/src/greet.sh`)).toContain('Hello');
  });
});

describe('orchestrator mode: handoffs', () => {
  it('sends an invalid handoff back to the same role as a tool error with the schema’s message, counted as a step', async () => {
    const scenario = demoWith({
      'planner:1': [
        { toolCalls: [{ name: 'submit_plan', args: { goal: 'g', steps: [], acceptance: ['a'] } }] },
        { toolCalls: [{ name: 'submit_plan', args: VALID_PLAN }] },
      ],
    });
    const { events } = await runOrchestrator(scenario);
    const submits = ofType(events, 'tool_result').filter((event) => event.name === 'submit_plan');
    expect(submits[0]).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
    expect(submits[0]?.output).toContain('steps: a plan has at least one step');
    expect(submits[1]).toMatchObject({ ok: true });
    const plannerEnd = events.findIndex((event) => event.type === 'role_finished');
    expect(ofType(events.slice(0, plannerEnd), 'iteration_started').map((event) => event.iteration)).toEqual([1, 2]);
    expect(ofType(events, 'role_finished')[0]?.handoff).toEqual({ kind: 'plan', plan: VALID_PLAN });
  });

  it('refuses changes_requested without findings', async () => {
    const scenario = demoWith({
      'reviewer:1': [
        { toolCalls: [{ name: 'submit_review', args: { verdict: 'changes_requested', findings: [] } }] },
        { toolCalls: [{ name: 'submit_review', args: { verdict: 'approve', findings: [] } }] },
      ],
    });
    const { events } = await runOrchestrator(scenario);
    const submits = ofType(events, 'tool_result').filter((event) => event.name === 'submit_review');
    expect(submits[0]?.output).toContain('findings: changes_requested needs at least one finding');
    expect(rolesStarted(events)).toEqual(['planner:1', 'coder:1', 'reviewer:1']);
  });

  it('nudges a role that answers without its submit tool once, then fails the run with a clear reason', async () => {
    const scenario = demoWith({ 'planner:1': [{ text: 'Here is my plan: do it.' }, { text: 'As I said, do it.' }] });
    const { events } = await runOrchestrator(scenario);
    expect(ofType(events, 'user_message').map((event) => event.reason)).toEqual(['handoff_nudge']);
    expect(ofType(events, 'user_message')[0]?.text).toContain('submit_plan');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'llm_failure', cause: 'no_handoff' });
    expect((events.at(-1) as { reason?: string }).reason).toMatch(/planner answered without calling submit_plan/);
  });

  it('goes on after the nudge when the role then submits', async () => {
    const demo = getScenario('orchestrator-demo');
    const planner = demo.roles?.['planner:1'] ?? [];
    const scenario = demoWith({ 'planner:1': [{ text: 'The plan is simple.' }, ...planner] });
    const { events } = await runOrchestrator(scenario);
    expect(ofType(events, 'user_message').map((event) => event.reason)).toEqual(['handoff_nudge']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});

const SEND_BACK = {
  toolCalls: [
    {
      name: 'submit_review',
      args: { verdict: 'changes_requested', findings: [{ file: 'src/slugify.sh', problem: 'STILL-OPEN problem', suggestion: 'fix it' }] },
    },
  ],
};
const WORK = { toolCalls: [{ name: 'submit_work', args: { summary: 'did the work', filesChanged: [], testsRun: 'none' } }] };

describe('orchestrator mode: review rounds', () => {
  it('stops at max review rounds and delivers with the open findings in its summary', async () => {
    const scenario = demoWith({ 'reviewer:1': [SEND_BACK], 'coder:2': [WORK], 'reviewer:2': [SEND_BACK] });
    const one = await runOrchestrator(scenario, { maxReviewRounds: 1 });
    expect(rolesStarted(one.events)).toEqual(['planner:1', 'coder:1', 'reviewer:1']);
    const end = one.events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'completed' });
    expect((end as { summary?: string }).summary).toContain('STILL-OPEN problem');

    const two = await runOrchestrator(scenario, { maxReviewRounds: 2 });
    expect(rolesStarted(two.events)).toEqual(['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2']);
    expect((two.events.at(-1) as { summary?: string }).summary).toMatch(/1 finding\(s\) still open after the last review round \(2\)/);
  });

  it('with 0 review rounds goes from the coder straight to the engine’s check', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'), { maxReviewRounds: 0 });
    expect(rolesStarted(events)).toEqual(['planner:1', 'coder:1']);
    expect(ofType(events, 'final_check_finished')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });
});

describe('orchestrator mode: fresh context', () => {
  it('starts round 2’s coder from the plan and the findings, with nothing of round 1’s coder', async () => {
    const scenario = demoWith({
      'planner:1': [{ toolCalls: [{ name: 'submit_plan', args: VALID_PLAN }] }],
      'coder:1': [{ text: 'ROUND-ONE-THOUGHTS', toolCalls: [{ name: 'read_file', args: { path: 'README.md' } }] }, WORK],
      'reviewer:1': [SEND_BACK],
      'coder:2': [WORK],
      'reviewer:2': [{ toolCalls: [{ name: 'submit_review', args: { verdict: 'approve', findings: [] } }] }],
    });
    const { model } = await runOrchestrator(scenario);
    const round2 = model.requests.filter((request) => request.role === 'coder:2');
    expect(round2.length).toBeGreaterThan(0);
    for (const request of round2) {
      expect(request.text).not.toContain('ROUND-ONE-THOUGHTS');
      expect(request.text).not.toContain('sample-utils\n\nSmall shell utilities'); // round 1's read_file result
      expect(request.text).toContain('STILL-OPEN problem');
      expect(request.text).toContain('Goal: g');
    }
    const reviewer = model.requests.find((request) => request.role === 'reviewer:1');
    expect(reviewer?.text).not.toContain('ROUND-ONE-THOUGHTS');
    expect(reviewer?.text).toContain('did the work');
  });
});

describe('orchestrator mode: a role’s loop is a run’s loop', () => {
  it('detects a role repeating itself as in any run', async () => {
    const read = { toolCalls: [{ name: 'read_file', args: { path: 'README.md' } }] };
    const { events } = await runOrchestrator(demoWith({ 'planner:1': [read, read, read, { toolCalls: [{ name: 'submit_plan', args: VALID_PLAN }] }] }));
    const plannerEnd = events.findIndex((event) => event.type === 'role_finished');
    expect(ofType(events.slice(0, plannerEnd), 'loop_detected').map((event) => event.action)).toEqual(['nudge']);
  });

  it('asks the human from a role, and every later role keeps the answer pinned', async () => {
    const ask = { toolCalls: [{ name: 'ask_human', args: { question: 'Tabs or spaces?' } }] };
    const planner = getScenario('orchestrator-demo').roles?.['planner:1'] ?? [];
    const human = { interactive: false, ask: async () => ({ answer: 'TABS-PLEASE', via: 'answers_file' as const }) };
    const { events, model } = await runOrchestrator(demoWith({ 'planner:1': [ask, ...planner] }), { human });
    expect(ofType(events, 'human_answered').map((event) => event.answer)).toEqual(['TABS-PLEASE']);
    for (const request of model.requests.filter((request) => request.role !== 'planner:1')) expect(request.text).toContain('TABS-PLEASE');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});
