import { describe, expect, it } from 'vitest';
import { costOf, loadModelPrice } from '../../../src/model/model-prices';
import { getScenario } from '../../../src/model/scenarios';
import { cutInside, ofType, RecordingModel, resumeFresh, rolesStarted, runOrchestrator } from './orchestrator-helpers';

const demo = () => getScenario('orchestrator-demo');
/** The demo's reviewer, played on a model of its own (a priced name, as an endpoint's). */
const reviewerModel = () => new RecordingModel(demo(), { kind: 'openai', name: 'gpt-4o', label: 'gpt-4o @ test' });
const rolesOf = (model: RecordingModel) => new Set(model.requests.map((request) => request.role?.split(':')[0]));

describe('orchestrator mode: a role on its own model', () => {
  it('sends that role’s requests to its model only, records its label, and prices its turns by it', async () => {
    const price = await loadModelPrice('gpt-4o');
    if (!price) throw new Error('gpt-tokenizer has no price for gpt-4o');
    const reviewer = reviewerModel();
    const { events, model } = await runOrchestrator(demo(), { roles: { reviewer: { model: reviewer } } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(rolesOf(reviewer)).toEqual(new Set(['reviewer']));
    expect(reviewer.requests.map((request) => request.role)).toEqual(['reviewer:1', 'reviewer:1', 'reviewer:2', 'reviewer:2']);
    expect(rolesOf(model)).toEqual(new Set(['planner', 'coder']));
    const started = ofType(events, 'role_started');
    expect(started.filter((event) => event.role === 'reviewer').map((event) => event.model)).toEqual(['gpt-4o @ test', 'gpt-4o @ test']);
    expect(started.filter((event) => event.role !== 'reviewer').map((event) => event.model)).toEqual([undefined, undefined, undefined]);
    // Still metered as the reviewer, at gpt-4o's price; the scripted main model has none.
    const usage = ofType(events, 'usage');
    const reviews = usage.filter((event) => event.role === 'reviewer');
    expect(reviews).toHaveLength(4);
    for (const event of reviews) expect(event.costUsd).toBeCloseTo(costOf(price, event), 12);
    expect(usage.filter((event) => event.role !== 'reviewer').every((event) => event.costUsd === undefined)).toBe(true);
  });

  it('goes on a resumed run with the role model the caller gives again', async () => {
    const { events, store } = await runOrchestrator(demo());
    const reviewer = reviewerModel();
    const { after, model } = await resumeFresh(cutInside(events, 'coder:1'), store, { roles: { reviewer: { model: reviewer } } });
    expect(after.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(rolesOf(reviewer)).toEqual(new Set(['reviewer']));
    expect(rolesOf(model)).toEqual(new Set(['coder']));
  });
});

describe('orchestrator mode: a role’s step cap', () => {
  it('holds for each of the role’s loops, and ends the run naming the role that hit it', async () => {
    // The demo's coder takes 3 turns in round 1 and 4 in round 2.
    const { events } = await runOrchestrator(demo(), { roles: { coder: { maxSteps: 3 } } });
    expect(rolesStarted(events)).toEqual(['planner:1', 'coder:1', 'reviewer:1', 'coder:2']);
    expect(events.at(-1)).toMatchObject({
      type: 'run_finished',
      status: 'failed',
      cause: 'max_iterations',
      reason: 'The coder reached its limit of 3 steps (round 2) without calling submit_work.',
    });
    expect(ofType(events, 'run_configured')[0]).toMatchObject({ roles: { coder: { maxSteps: 3 } } });
  });

  it('leaves the other roles the run’s step limit', async () => {
    const { events } = await runOrchestrator(demo(), { maxIterations: 4, roles: { planner: { maxSteps: 2 } } });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });
});

describe('orchestrator mode: a role’s extra instructions', () => {
  it('go into that role’s system prompt only', async () => {
    const note = 'Insist on a test for names that start with a capital.';
    const { events, model } = await runOrchestrator(demo(), { roles: { reviewer: { instructions: `  ${note}\n` } } });
    const started = ofType(events, 'role_started');
    for (const event of started) {
      if (event.role === 'reviewer') expect(event.systemPrompt).toContain(`Further instructions for the reviewer:\n${note}`);
      else expect(event.systemPrompt).not.toContain(note);
    }
    expect(model.requests.filter((request) => request.text.includes(note)).every((request) => request.role?.startsWith('reviewer'))).toBe(true);
    expect(model.requests.some((request) => request.text.includes(note))).toBe(true);
    expect(ofType(events, 'run_configured')[0]).toMatchObject({ roles: { reviewer: { instructions: note } } });
  });

  it('leave the prompt as it was when they are blank', async () => {
    const plain = await runOrchestrator(demo());
    const blank = await runOrchestrator(demo(), { roles: { coder: { instructions: ' \n ' } } });
    const prompts = (events: typeof plain.events) => ofType(events, 'role_started').map((event) => event.systemPrompt);
    expect(prompts(blank.events)).toEqual(prompts(plain.events));
    expect(ofType(blank.events, 'run_configured')[0]?.roles).toEqual({});
  });
});

describe('orchestrator mode: role settings across a resume', () => {
  it('keep the step cap in the role the run was cut in and the instructions of the roles after it', async () => {
    const note = 'Check the capitals case.';
    const roles = { coder: { maxSteps: 3 }, reviewer: { instructions: note } };
    const { events, store } = await runOrchestrator(demo(), { roles });
    const { after } = await resumeFresh(cutInside(events, 'coder:2'), store);
    expect(ofType(after, 'run_resumed')[0]).toMatchObject({ roles });
    expect(after.at(-1)).toMatchObject({ status: 'failed', reason: 'The coder reached its limit of 3 steps (round 2) without calling submit_work.' });

    const cutEarly = await resumeFresh(cutInside(events, 'coder:1'), store);
    const reviews = ofType(cutEarly.after, 'role_started').filter((event) => event.role === 'reviewer');
    expect(reviews.map((event) => event.systemPrompt.includes(note))).toEqual([true]);
  });

  it('take a step cap the caller gives again in place of the recorded one', async () => {
    const { events, store } = await runOrchestrator(demo(), { roles: { coder: { maxSteps: 3 } } });
    const { after } = await resumeFresh(cutInside(events, 'coder:2'), store, { roles: { coder: { maxSteps: 10 } } });
    expect(ofType(after, 'run_resumed')[0]).toMatchObject({ roles: { coder: { maxSteps: 10 } } });
    expect(after.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });
});
