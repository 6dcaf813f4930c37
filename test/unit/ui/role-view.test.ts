import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { type RoleGroupProps, sameGroup } from '../../../src/ui/components/RoleGroup';
import { type PhaseStrip, phaseStrip } from '../../../src/ui/state/phase-strip';
import { initialState, reduce, reduceAll, type TimelineEntry, type UiState } from '../../../src/ui/state/reducer';
import { loadLog, seek } from '../../../src/ui/state/session-view';
import { entryProps } from '../../../src/ui/timeline/entry-props';
import { roleHeaderText } from '../../../src/ui/timeline/format';
import { groupByRole, type TimelineItem } from '../../../src/ui/timeline/role-groups';
import { runOrchestrator } from '../engine/orchestrator-helpers';

/** "coder:2" → the index of its role_started in the log. */
function roleStart(events: readonly EngineEvent[], role: string): number {
  const index = events.findIndex((event) => event.type === 'role_started' && `${event.role}:${event.round}` === role);
  expect(index, role).toBeGreaterThan(-1);
  return index;
}

/** The demo's log cut right after the first tool result of `role`: the run was interrupted there. */
function cutInside(events: readonly EngineEvent[], role: string): EngineEvent[] {
  const start = roleStart(events, role);
  return events.slice(0, events.findIndex((event, i) => i > start && event.type === 'tool_result') + 1);
}

/** What the strip says, step by step: its text and each role's label and status. */
const stripOf = (strip: PhaseStrip) => ({ text: strip.text, roles: strip.roles.map((step) => `${step.label}: ${step.status}`) });

/** The Timeline's layout: a group as "header [n entries] + handoff kind", an entry outside groups as its kind. */
function layout(items: readonly TimelineItem[]): string[] {
  return items.map((item) =>
    item.kind === 'entry' ? item.entry.kind : `${roleHeaderText(item.header)} [${item.entries.length}]${item.handoff ? ` + ${item.handoff.handoff.kind}` : ''}`,
  );
}

const groupsOf = (state: UiState) => groupByRole(state.timeline).filter((item) => item.kind === 'group');

describe('the page reducing an orchestrator run (orchestrator-demo)', () => {
  it('keeps each role turn with its round, fix reason, status and handoff', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const state = reduceAll(initialState, events);
    expect(state.roles.visits.map(({ role, round, fix, status, handoff }) => [role, round, fix, status, handoff?.kind])).toEqual([
      ['planner', 1, null, 'done', 'plan'],
      ['coder', 1, null, 'done', 'work'],
      ['reviewer', 1, null, 'done', 'review'],
      ['coder', 2, 'review', 'done', 'work'],
      ['reviewer', 2, null, 'done', 'review'],
    ]);
    const review = state.roles.visits[2]?.handoff;
    expect(review?.kind === 'review' && review.review.findings[0]).toMatchObject({ file: 'src/slugify.sh', line: 3 });
  });

  it('groups the Timeline under the role headers, the task before them and the run end after them', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const state = reduceAll(initialState, events);
    const items = groupByRole(state.timeline);
    expect(layout(items).map((text) => text.replace(/\[\d+\]/, '[n]'))).toEqual([
      'task',
      'Planner [n] + plan',
      'Coder · round 1 [n] + work',
      'Reviewer · round 1 [n] + review',
      'Coder · round 2 · sent back by the review [n] + work',
      'Reviewer · round 2 [n] + review',
      // The engine's final check ("not run again: npm test already passed on these files").
      'notice',
      'end',
    ]);
    expect(items.at(-2)).toMatchObject({ kind: 'entry', entry: { kind: 'notice', message: expect.stringContaining('Check not run again') } });
    // Every entry is laid out exactly once: in its group, as a handoff, as a header or on its own.
    const laidOut = items.flatMap((item) => (item.kind === 'entry' ? [item.entry] : [item.header, ...item.entries, ...(item.handoff ? [item.handoff] : [])]));
    expect(laidOut).toEqual(state.timeline);
    // The coder's steps are in its group: its two writes of round 1, the reviewer's read in its own.
    const [, coder1, reviewer1] = groupsOf(state);
    expect(coder1?.kind === 'group' && coder1.entries.filter((entry) => entry.kind === 'file').map((entry) => entry.kind === 'file' && entry.path)).toEqual([
      'src/slugify.sh',
      'tests/slugify_test.sh',
    ]);
    expect(reviewer1?.kind === 'group' && reviewer1.entries.some((entry) => entry.kind === 'tool' && entry.name === 'read_file')).toBe(true);
  });

  it('walks the Phase strip through Planner, Coder and Reviewer with their rounds', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const seen: ReturnType<typeof stripOf>[] = [];
    let state = initialState;
    for (const event of events) {
      state = reduce(state, event);
      const strip = stripOf(phaseStrip(state, 'react'));
      if (JSON.stringify(seen.at(-1)) !== JSON.stringify(strip)) seen.push(strip);
    }
    expect(seen.map((strip) => strip.text)).toEqual([
      'Role: none — starting',
      'Role: planner',
      'Role: none — after the planner',
      'Role: coder (round 1)',
      'Role: none — after the coder (round 1)',
      'Role: reviewer (round 1)',
      'Role: none — after the reviewer (round 1)',
      'Role: coder (round 2)',
      'Role: none — after the coder (round 2)',
      'Role: reviewer (round 2)',
      'Role: none — after the reviewer (round 2)',
      'Role: none — the run ended after the reviewer (round 2)',
    ]);
    expect(seen.find((strip) => strip.text === 'Role: coder (round 2)')?.roles).toEqual([
      'Planner: done',
      'Coder (round 2): current',
      'Reviewer (round 2): upcoming',
    ]);
    expect(seen.find((strip) => strip.text === 'Role: reviewer (round 1)')?.roles).toEqual([
      'Planner: done',
      'Coder (round 1): done',
      'Reviewer (round 1): current',
    ]);
    expect(seen.at(-1)?.roles).toEqual(['Planner: done', 'Coder (round 2): done', 'Reviewer (round 2): done']);
  });

  it('shows the roles before the first run in orchestrator mode, and none in the other modes', () => {
    expect(stripOf(phaseStrip(initialState, 'orchestrator'))).toEqual({
      text: 'Role: none — not started (planner, coder, reviewer)',
      roles: ['Planner: upcoming', 'Coder (round 1): upcoming', 'Reviewer (round 1): upcoming'],
    });
    expect(phaseStrip(initialState, 'plan_exec').roles).toEqual([]);
  });

  it('skips the Reviewer in a run that allows no review', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'), { maxReviewRounds: 0 });
    const strip = phaseStrip(reduceAll(initialState, events), 'orchestrator');
    expect(stripOf(strip).roles).toEqual(['Planner: done', 'Coder (round 1): done', 'Reviewer (round 1): skipped']);
  });

  it('replays to a point inside a role as the live run showed it there, after seeks both ways', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const inside = cutInside(events, 'reviewer:1').length;
    const live = reduceAll(initialState, events.slice(0, inside));
    const view = seek(seek(loadLog(events), 3), inside);
    expect(view.shown.roles).toEqual(live.roles);
    expect(view.shown.timeline).toEqual(live.timeline);
    expect(phaseStrip(view.shown, 'react').text).toBe('Role: reviewer (round 1)');
    const groups = groupsOf(view.shown);
    // The reviewer's group is open: no handoff yet, its read under it.
    expect(layout(groups).map((text) => text.replace(/\[\d+\]/, '[n]'))).toEqual([
      'Planner [n] + plan',
      'Coder · round 1 [n] + work',
      'Reviewer · round 1 [n]',
    ]);
  });
});

describe('an orchestrator run cut off inside a role', () => {
  it('shows the role stopped when the run ended there, its end after the group', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const cut = cutInside(events, 'coder:2');
    const last = cut.at(-1) as EngineEvent;
    const cancelled = { ...last, type: 'run_finished', status: 'cancelled', iterations: 9, seq: last.seq + 1 } as EngineEvent;
    const state = reduceAll(initialState, [...cut, cancelled]);
    expect(state.roles.visits.at(-1)).toMatchObject({ role: 'coder', round: 2, status: 'stopped', handoff: null });
    expect(layout(groupByRole(state.timeline)).slice(-2)).toEqual([expect.stringMatching(/^Coder · round 2 · sent back by the review \[\d+\]$/), 'end']);
    expect(phaseStrip(state, 'react').text).toBe('Role: none — the run ended after the coder (round 2)');
  });

  it('goes on in the same role group when the run is resumed there', async () => {
    const { events, store } = await runOrchestrator(getScenario('orchestrator-demo'));
    const cut = cutInside(events, 'coder:2');
    // Interrupted: the log ends inside the coder's round, which is still the current role.
    expect(phaseStrip(reduceAll(initialState, cut), 'react').text).toBe('Role: coder (round 2)');

    const sandbox = new VirtualSandbox({ files: (await workspaceAt(cut, store)) ?? STARTER_PROJECT });
    const engine = new Engine({ sandbox, blobs: store });
    await engine.resume({ events: cut, model: new ScriptedModel(getScenario('orchestrator-demo')), reason: 'reloaded' });
    const lastSeq = cut.at(-1)?.seq ?? -1;
    const resumed = [...cut, ...engine.session.events.filter((event) => event.seq > lastSeq)];

    const state = reduceAll(initialState, resumed);
    expect(state.roles.visits.map((visit) => `${visit.role}:${visit.round}:${visit.status}`)).toEqual([
      'planner:1:done',
      'coder:1:done',
      'reviewer:1:done',
      'coder:2:done',
      'reviewer:2:done',
    ]);
    const coder2 = groupsOf(state)[3];
    expect(coder2?.kind === 'group' && coder2.entries.some((entry: TimelineEntry) => entry.kind === 'notice' && entry.message.startsWith('Resumed'))).toBe(
      true,
    );
    expect(coder2?.kind === 'group' && coder2.handoff?.handoff.kind).toBe('work');
    expect(state.timeline.at(-1)).toMatchObject({ kind: 'end', status: 'completed', verified: true });
  });
});

describe('groupByRole with the Timeline window', () => {
  it("keeps a group's header when the window starts inside it, and lays out only the window's entries", async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const { timeline } = reduceAll(initialState, events);
    const coder2 = timeline.findIndex((entry) => entry.kind === 'role' && entry.role === 'coder' && entry.round === 2);
    const from = coder2 + 2;
    const items = groupByRole(timeline, from);
    const first = items[0];
    expect(first?.kind === 'group' && roleHeaderText(first.header)).toBe('Coder · round 2 · sent back by the review');
    expect(first?.kind === 'group' && first.entries[0]).toBe(timeline[from]);
    const laidOut = items.flatMap((item) =>
      item.kind === 'entry' ? [item.entry] : [...(item === first ? [] : [item.header]), ...item.entries, ...(item.handoff ? [item.handoff] : [])],
    );
    expect(laidOut).toEqual(timeline.slice(from));
  });
});

describe('a role group as the Timeline renders it', () => {
  it('renders again only when an entry of its own changed: a finished group stays as it was while the next role works', async () => {
    const { events } = await runOrchestrator(getScenario('orchestrator-demo'));
    const inside = cutInside(events, 'coder:2').length;
    const before = reduceAll(initialState, events.slice(0, inside));
    const after = reduce(before, events[inside] as EngineEvent);
    // Each render makes a new wait and answer callback, as the page does; the file opener is stable, and a
    // live run has no end actions (the page offers them once the run ended).
    const openFile = () => Promise.resolve(null);
    const groupProps = (state: UiState, index: number): RoleGroupProps => {
      const shared = {
        endActions: null,
        wait: { current: null, live: true, model: 'demo' },
        onAnswer: () => {},
        waiting: null,
        openFile,
      };
      const group = groupsOf(state)[index];
      if (group?.kind !== 'group') throw new Error(`no group ${index}`);
      return {
        group,
        items: group.entries.map((entry) => entryProps(entry, shared)),
        handoff: group.handoff && entryProps(group.handoff, shared),
        open: group.handoff === null,
        onToggle: () => {},
        Item: () => null,
      };
    };
    const onToggle = () => {};
    const Item = () => null;
    const same = (index: number) => sameGroup({ ...groupProps(before, index), onToggle, Item }, { ...groupProps(after, index), onToggle, Item });
    expect(after.timeline).not.toBe(before.timeline);
    expect([0, 1, 2].map(same)).toEqual([true, true, true]);
    expect(same(3)).toBe(false);
  });
});
