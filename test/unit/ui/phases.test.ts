import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { lastViolation, type ViolationView } from '../../../src/ui/state/phase';
import { phaseStrip } from '../../../src/ui/state/phase-strip';
import { initialState, reduce, reduceAll, type UiState } from '../../../src/ui/state/reducer';
import { admit, dismiss, emptyQueue, MAX_VISIBLE_TOASTS } from '../../../src/ui/state/toast-queue';
import { phaseChangeText, refusalSummary } from '../../../src/ui/timeline/format';
import { eventLog, runStarted } from './event-log';

const PLANNING_HINT = 'Planning is read-only: explore and plan, then call advance_phase when the plan is complete.';
const SLUGIFY = 'slugify() { echo "$1"; }\n';

/** Two tool calls as the engine logs them: call, optional events in between, result. */
function call(callId: string, name: string, args: Record<string, unknown>, ok: boolean, output: string, between: EventPayload[] = []): EventPayload[] {
  return [
    { type: 'tool_call', callId, name, args, rawArguments: JSON.stringify(args) },
    ...between,
    { type: 'tool_result', callId, name, ok, output, durationMs: 2 },
  ];
}

function advance(callId: string, from: 'planning' | 'building' | 'verification', to: 'building' | 'verification' | 'delivery', reason: string): EventPayload[] {
  return call(callId, 'advance_phase', { reason }, true, `Moved from ${from} to ${to}.`, [{ type: 'phase_changed', from, to, reason, auto: false }]);
}

/** The shape of the plan_exec demo: plan (one refused write), build, verify, deliver. */
const PLAN_EXEC_RUN: EventPayload[] = [
  runStarted('Add a slugify function', 'plan_exec'),
  { type: 'phase_changed', from: null, to: 'planning', reason: 'run started', auto: false },
  { type: 'iteration_started', iteration: 1 },
  { type: 'assistant_message', text: 'Planning first.', toolCalls: [{ id: 'c1', name: 'list_files', arguments: '{"path":"."}' }] },
  ...call('c1', 'list_files', { path: '.' }, true, 'src/\ntests/'),
  { type: 'iteration_started', iteration: 2 },
  { type: 'assistant_message', text: 'Let me create the function.', toolCalls: [{ id: 'c2', name: 'create_file', arguments: '{}' }] },
  ...call('c2', 'create_file', { path: 'src/slugify.sh', content: SLUGIFY }, false, '{"error":"phase_violation"}', [
    {
      type: 'phase_violation',
      callId: 'c2',
      tool: 'create_file',
      phase: 'planning',
      kind: 'tool',
      reason: 'create_file is not allowed in the planning phase',
      hint: PLANNING_HINT,
    },
  ]),
  { type: 'iteration_started', iteration: 3 },
  ...advance('c3', 'planning', 'building', 'plan complete'),
  { type: 'iteration_started', iteration: 4 },
  ...call('c4', 'create_file', { path: 'src/slugify.sh', content: SLUGIFY }, true, 'Created src/slugify.sh', [
    { type: 'file_changed', path: 'src/slugify.sh', change: 'created', before: null, after: SLUGIFY, diff: '+slugify' },
  ]),
  { type: 'iteration_started', iteration: 5 },
  ...advance('c5', 'building', 'verification', 'slugify is written'),
  { type: 'iteration_started', iteration: 6 },
  ...call('c6', 'run_tests', {}, true, 'Test files: 2 passed, 0 failed'),
  { type: 'iteration_started', iteration: 7 },
  ...advance('c7', 'verification', 'delivery', 'the suite passes'),
  { type: 'iteration_started', iteration: 8 },
  { type: 'assistant_message', text: 'Delivered.', toolCalls: [] },
  { type: 'run_finished', status: 'completed', summary: 'Delivered.', iterations: 8 },
];

/** A second per event, so phase durations are easy to read. */
const events = eventLog('run-1', PLAN_EXEC_RUN, 0, 1000);
const indexOf = (predicate: (payload: EventPayload) => boolean) => PLAN_EXEC_RUN.findIndex(predicate);
const entering = (phase: string) => indexOf((p) => p.type === 'phase_changed' && p.to === phase);
const T0 = 1_700_000_000_000;

function stripAfter(count: number, nextMode: 'react' | 'plan_exec' = 'react') {
  return phaseStrip(reduceAll(initialState, events.slice(0, count)), nextMode);
}

const stepStatuses = (state: UiState) => phaseStrip(state, 'react').steps.map((step) => `${step.phase}:${step.status}`);

describe('phase events in the reducer', () => {
  it('tracks the current phase and the phases visited, with when each began', () => {
    const state = reduceAll(initialState, events);
    expect(state.phase.current).toBe('delivery');
    expect(state.phase.history.map((visit) => visit.phase)).toEqual(['planning', 'building', 'verification', 'delivery']);
    expect(state.phase.history[0]).toEqual({ phase: 'planning', enteredAt: T0 + 1000, reason: 'run started', auto: false });
    expect(state.phase.history[1]).toEqual({
      phase: 'building',
      enteredAt: T0 + entering('building') * 1000,
      reason: 'plan complete',
      auto: false,
    });
  });

  it('counts refusals and keeps the last one', () => {
    const state = reduceAll(initialState, events);
    expect(state.phase.violations).toHaveLength(1);
    expect(lastViolation(state.phase)).toEqual({
      id: `run-1:${indexOf((p) => p.type === 'phase_violation')}`,
      callId: 'c2',
      tool: 'create_file',
      phase: 'planning',
      kind: 'tool',
      target: null,
      reason: 'create_file is not allowed in the planning phase',
      hint: PLANNING_HINT,
      at: T0 + indexOf((p) => p.type === 'phase_violation') * 1000,
    });
    expect(lastViolation(initialState.phase)).toBeNull();
  });

  it('puts phase changes and the refusal in the timeline, in log order, the refusal once: on its call', () => {
    const timeline = reduceAll(initialState, events).timeline;
    const notable = timeline.flatMap((entry) =>
      entry.kind === 'phase' ? [phaseChangeText(entry)] : entry.kind === 'tool' && entry.refusal ? [`refused ${refusalSummary(entry.refusal)}`] : [],
    );
    expect(notable).toEqual([
      'Phase: planning — run started',
      'refused create_file in planning',
      'Phase: planning → building — plan complete',
      'Phase: building → verification — slugify is written',
      'Phase: verification → delivery — the suite passes',
    ]);
    // No line of its own: the refused call's entry holds the refusal and its failed result.
    expect(timeline.filter((entry) => entry.kind === 'refusal')).toEqual([]);
    expect(timeline.filter((entry) => entry.kind === 'tool' && entry.callId === 'c2')).toMatchObject([
      { result: { ok: false }, refusal: { refused: 'tool', hint: PLANNING_HINT, reason: 'create_file is not allowed in the planning phase' } },
    ]);
  });

  it('a refusal whose call is not on the Timeline is a line of its own', () => {
    const state = reduceAll(
      initialState,
      eventLog('run-1', [
        runStarted('t', 'plan_exec'),
        {
          type: 'phase_violation',
          callId: 'gone',
          tool: 'run_command',
          phase: 'building',
          kind: 'command',
          target: 'rm -rf /',
          reason: 'destructive',
          hint: 'h',
        },
      ]),
    );
    expect(state.timeline.at(-1)).toMatchObject({ kind: 'refusal', callId: 'gone', refused: 'command', target: 'rm -rf /' });
  });

  it('starts every run with no phase and no refusals', () => {
    const first = reduceAll(initialState, events);
    const second = reduceAll(first, eventLog('run-2', [runStarted('again', 'plan_exec')]));
    expect(second.phase).toEqual({ current: null, history: [], violations: [] });
    const react = reduceAll(first, eventLog('run-3', [runStarted('react run')]));
    expect(react.phase.current).toBeNull();
  });

  it('ignores phase events of a run that is not the current one', () => {
    const running = reduceAll(initialState, eventLog('new', [runStarted('t', 'plan_exec')]));
    const stale = eventLog('old', [
      { type: 'phase_changed', from: null, to: 'building', reason: 'late', auto: true },
      { type: 'phase_violation', callId: 'x', tool: 'rm', phase: 'building', kind: 'command', target: 'rm -rf /', reason: 'destructive', hint: 'h' },
    ]);
    expect(reduceAll(running, stale)).toBe(running);
  });

  it('records command refusals with their target and auto-advances', () => {
    const state = reduceAll(
      initialState,
      eventLog('r', [
        runStarted('t', 'plan_exec'),
        { type: 'phase_changed', from: null, to: 'planning', reason: 'run started', auto: false },
        { type: 'phase_changed', from: 'planning', to: 'building', reason: '5 steps in planning', auto: true },
        {
          type: 'phase_violation',
          callId: 'c9',
          tool: 'run_command',
          phase: 'building',
          kind: 'command',
          target: 'rm -rf src',
          reason: 'rm -rf src is destructive',
          hint: 'Building allows changes but not destructive commands.',
        },
      ]),
    );
    const [, start, auto, refusal] = state.timeline;
    expect(start?.kind === 'phase' && phaseChangeText(start)).toBe('Phase: planning — run started');
    expect(auto?.kind === 'phase' && phaseChangeText(auto)).toBe('Phase: planning → building — 5 steps in planning (auto)');
    expect(refusal?.kind === 'refusal' && refusalSummary(refusal)).toBe('run_command in building (a command: rm -rf src)');
    expect(lastViolation(state.phase)).toMatchObject({ kind: 'command', target: 'rm -rf src' });
  });
});

describe('the Phase strip', () => {
  it('says why there is no phase before a run, by the mode Settings will use', () => {
    expect(phaseStrip(initialState, 'react')).toMatchObject({ text: 'Mode: ReAct — no phases', active: false });
    expect(phaseStrip(initialState, 'plan_exec')).toMatchObject({ text: 'Phase: none — not started', active: false });
    expect(phaseStrip(initialState, 'plan_exec').steps.every((step) => step.status === 'upcoming')).toBe(true);
  });

  it('follows the run through each phase, marking one as current', () => {
    expect(stripAfter(1, 'plan_exec').text).toBe('Phase: none — starting');
    const seen = [entering('planning'), entering('building'), entering('verification'), entering('delivery')].map((index) => {
      const strip = stripAfter(index + 1);
      expect(strip.steps.filter((step) => step.status === 'current')).toHaveLength(1);
      return strip.text;
    });
    expect(seen).toEqual(['Phase: planning', 'Phase: building', 'Phase: verification', 'Phase: delivery']);
    expect(stepStatuses(reduceAll(initialState, events.slice(0, entering('verification') + 1)))).toEqual([
      'planning:done',
      'building:done',
      'verification:current',
      'delivery:upcoming',
    ]);
  });

  it('gives finished phases their duration from the log timestamps', () => {
    const steps = phaseStrip(reduceAll(initialState, events), 'react').steps;
    expect(steps.map((step) => step.durationMs)).toEqual([
      (entering('building') - entering('planning')) * 1000,
      (entering('verification') - entering('building')) * 1000,
      (entering('delivery') - entering('verification')) * 1000,
      null,
    ]);
    expect(phaseStrip(reduceAll(initialState, events), 'react')).toMatchObject({ text: 'Phase: delivery', active: true });
  });

  it('shows skipped phases when a policy starts later', () => {
    const state = reduceAll(
      initialState,
      eventLog('r', [runStarted('t', 'plan_exec'), { type: 'phase_changed', from: null, to: 'building', reason: 'run started', auto: false }]),
    );
    expect(stepStatuses(state)).toEqual(['planning:skipped', 'building:current', 'verification:upcoming', 'delivery:upcoming']);
  });

  it('says react mode for a react run whatever Settings say next', () => {
    const state = reduceAll(initialState, eventLog('r', [runStarted('t')]));
    expect(phaseStrip(state, 'plan_exec')).toMatchObject({ text: 'Mode: ReAct — no phases', active: false });
  });

  it('is the same when the log is replayed at once, event by event, or in uneven batches', () => {
    const atOnce = reduceAll(initialState, events);
    const oneByOne = events.reduce((state, event) => reduce(state, event), initialState);
    let batched = initialState;
    for (let start = 0, size = 1; start < events.length; start += size, size = (size % 5) + 2) {
      batched = reduceAll(batched, events.slice(start, start + size));
    }
    for (const state of [oneByOne, batched]) {
      expect(state.phase).toEqual(atOnce.phase);
      expect(phaseStrip(state, 'react')).toEqual(phaseStrip(atOnce, 'react'));
      expect(state.timeline).toEqual(atOnce.timeline);
    }
  });
});

describe('refusal toasts', () => {
  const violationsAfter = (payloads: EventPayload[], runId = 'r') =>
    reduceAll(initialState, eventLog(runId, [runStarted('t', 'plan_exec'), ...payloads])).phase.violations;
  const refusal = (callId: string): EventPayload => ({
    type: 'phase_violation',
    callId,
    tool: 'create_file',
    phase: 'planning',
    kind: 'tool',
    reason: 'not allowed',
    hint: PLANNING_HINT,
  });

  it('shows one toast per phase_violation event, however often the state is seen', () => {
    const state = reduceAll(initialState, events);
    let queue = admit(emptyQueue<ViolationView>(), state.phase.violations);
    expect(queue.visible.map((toast) => toast.tool)).toEqual(['create_file']);
    const again = admit(queue, state.phase.violations);
    expect(again).toBe(queue);

    // Two refusals in one batch: two toasts, in order.
    const two = violationsAfter([refusal('a'), refusal('b')]);
    queue = admit(emptyQueue<ViolationView>(), two);
    expect(queue.visible.map((toast) => toast.callId)).toEqual(['a', 'b']);
    // A later batch adds only what is new.
    const three = violationsAfter([refusal('a'), refusal('b'), refusal('c')]);
    expect(admit(queue, three).visible.map((toast) => toast.callId)).toEqual(['a', 'b', 'c']);
  });

  it('never brings back a dismissed toast, and skips refusals already in the log at mount', () => {
    const violations = violationsAfter([refusal('a'), refusal('b')]);
    const queue = admit(emptyQueue<ViolationView>(), violations);
    const first = violations[0]!;
    const closed = dismiss(queue, first.id);
    expect(closed.visible.map((toast) => toast.callId)).toEqual(['b']);
    expect(admit(closed, violations)).toBe(closed);
    expect(dismiss(closed, 'missing')).toBe(closed);

    const restored = admit(emptyQueue<ViolationView>(violations.map((v) => v.id)), violations);
    expect(restored.visible).toEqual([]);
  });

  it('keeps at most a few on screen, dropping the oldest', () => {
    const many = violationsAfter(['a', 'b', 'c', 'd', 'e'].map(refusal));
    const queue = admit(emptyQueue<ViolationView>(), many);
    expect(queue.visible.map((toast) => toast.callId)).toEqual(['c', 'd', 'e'].slice(-MAX_VISIBLE_TOASTS));
    expect(queue.seen.size).toBe(5);
  });
});
