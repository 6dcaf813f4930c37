import { describe, expect, it } from 'vitest';
import { getScenario } from '../../../src/model/scenarios';
import { cutInside, ofType, resumeFresh, rolesStarted, runOrchestrator } from './orchestrator-helpers';

const DEMO_ROLES = ['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2'];

describe('orchestrator mode: a run interrupted mid-role', () => {
  it.each(['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2'])('goes on in %s, in its own conversation, to the same end', async (role) => {
    const { events, store } = await runOrchestrator(getScenario('orchestrator-demo'));
    const cut = cutInside(events, role);
    const { after, model } = await resumeFresh(cut, store);
    // The interrupted role is not started again; the roles after it start once each.
    expect([...rolesStarted(cut), ...rolesStarted(after)]).toEqual(DEMO_ROLES);
    expect(rolesStarted(after)).toEqual(DEMO_ROLES.slice(DEMO_ROLES.indexOf(role) + 1));
    // Its next request is the role's own conversation so far: its brief and its first step, as that role.
    const first = model.requests[0];
    expect(first?.role).toBe(role);
    const started = ofType(cut, 'role_started').at(-1);
    expect(first?.text).toContain(started?.brief.slice(0, 200) ?? 'missing');
    const firstReply = cut.findLast((event) => event.type === 'assistant_message');
    expect(first?.text).toContain(firstReply?.type === 'assistant_message' ? firstReply.text : 'missing');
    expect(after.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('goes on with the next role when it was cut between two roles', async () => {
    const { events, store } = await runOrchestrator(getScenario('orchestrator-demo'));
    const finished = events.findIndex((event) => event.type === 'role_finished' && event.role === 'reviewer');
    const { after } = await resumeFresh(events.slice(0, finished + 1), store);
    expect(rolesStarted(after)).toEqual(['coder:2', 'reviewer:2']);
    expect(ofType(after, 'role_started')[0]?.brief).toContain('Capital letters are kept');
    expect(after.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
  });

  it('keeps max review rounds as the run recorded it', async () => {
    const { events, store } = await runOrchestrator(getScenario('orchestrator-demo'), { maxReviewRounds: 1 });
    const { after } = await resumeFresh(cutInside(events, 'coder:1'), store);
    expect(ofType(after, 'run_resumed')[0]).toMatchObject({ maxReviewRounds: 1 });
    expect(rolesStarted(after)).toEqual(['reviewer:1']);
    expect(after.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});
