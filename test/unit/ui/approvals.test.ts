import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { parseSettings } from '../../../src/protocol/settings';
import { buildRunRequest } from '../../../src/ui/engine/run-request';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { loadSettings, saveSettings, SETTINGS_KEY } from '../../../src/ui/settings/storage';
import { toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { waitingApproval } from '../../../src/ui/state/approvals';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { RunRequestSchema } from '../../../src/worker/run-request';
import { eventLog, runStarted } from './event-log';
import { memoryStore } from './memory-storage';

const call: EventPayload<'tool_call'> = {
  type: 'tool_call',
  callId: 'c1',
  name: 'run_command',
  args: { command: 'npm test' },
  rawArguments: '{"command":"npm test"}',
};
const requested: EventPayload<'approval_requested'> = { type: 'approval_requested', callId: 'c1', tool: 'run_command', kind: 'command', summary: 'npm test' };
const denied: EventPayload<'approval_decided'> = {
  type: 'approval_decided',
  callId: 'c1',
  kind: 'command',
  decision: 'denied',
  reason: 'not now',
  via: 'page',
};

describe('approvals on the page', () => {
  it('a request makes the run "waiting" until the decision, which the Timeline keeps with it', () => {
    const waiting = reduceAll(initialState, eventLog('run-1', [runStarted('t'), call, requested]));
    expect(waiting.status).toBe('waiting');
    expect(waitingApproval(waiting.timeline)).toMatchObject({
      callId: 'c1',
      tool: 'run_command',
      approvalKind: 'command',
      summary: 'npm test',
      decision: null,
    });
    const decided = reduceAll(initialState, eventLog('run-1', [runStarted('t'), call, requested, denied]));
    expect(decided.status).toBe('running');
    expect(waitingApproval(decided.timeline)).toBeNull();
    expect(decided.timeline.find((e) => e.kind === 'approval')).toMatchObject({ decision: 'denied', reason: 'not now' });
  });

  it('a request asked again after a resume stays one card, and its call one entry', () => {
    const resumed: EventPayload<'run_resumed'> = { type: 'run_resumed', manifest: null, interruptedCalls: [], reason: 'reloaded' };
    const state = reduceAll(initialState, eventLog('run-1', [runStarted('t'), call, requested, resumed, call, requested]));
    expect(state.timeline.filter((e) => e.kind === 'approval')).toHaveLength(1);
    expect(state.timeline.filter((e) => e.kind === 'tool')).toHaveLength(1);
    expect(state.status).toBe('waiting');
  });
});

describe('the "Ask before" setting', () => {
  it('reads as "nothing" from settings stored before it existed', () => {
    const { askBefore: _gone, ...older } = DEFAULT_PAGE_SETTINGS;
    const store = memoryStore();
    store.data.set(SETTINGS_KEY, JSON.stringify(older));
    expect(loadSettings(store).settings.askBefore).toBe('nothing');
    expect(parseSettings({ ...older, askBefore: 'always' }).error).toMatch(/askBefore/);
  });

  it('round-trips through storage and the Settings form, and travels in the run request', () => {
    const store = memoryStore();
    saveSettings(store, { ...DEFAULT_PAGE_SETTINGS, askBefore: 'commands' });
    const { settings } = loadSettings(store);
    expect(settings.askBefore).toBe('commands');
    const validated = validateDraft({ ...toDraft(settings), askBefore: 'edits_and_commands' });
    expect(validated).toMatchObject({ ok: true, settings: { askBefore: 'edits_and_commands' } });
    const built = buildRunRequest('t', { ...settings, askBefore: 'edits_and_commands' });
    expect(built).toMatchObject({ ok: true, request: { askBefore: 'edits_and_commands' } });
    expect(built.ok && RunRequestSchema.parse(built.request).askBefore).toBe('edits_and_commands');
  });
});
