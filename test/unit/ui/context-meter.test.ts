import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/engine/engine';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { buildRunRequest } from '../../../src/ui/engine/run-request';
import { DEFAULT_PAGE_SETTINGS } from '../../../src/ui/settings/page-settings';
import { toDraft, validateDraft } from '../../../src/ui/settings/validate';
import { meterView } from '../../../src/ui/state/context-usage';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { eventLog, runStarted } from './event-log';

const usage = (fields: Partial<EventPayload<'usage'>> = {}): EventPayload => ({
  type: 'usage',
  promptTokens: 12_400,
  completionTokens: 300,
  estimated: false,
  contextWindow: 128_000,
  requestTokens: 12_400,
  ...fields,
});

describe('the context meter state', () => {
  it('is empty until the first reply, then shows the last request against the window and the totals', () => {
    expect(initialState.usage).toBeNull();
    const log = eventLog('r1', [
      runStarted('t'),
      usage({ costUsd: 0.02, cachedTokens: 1_000 }),
      usage({ promptTokens: 15_000, completionTokens: 500, requestTokens: 15_000, costUsd: 0.03 }),
    ]);
    expect(reduceAll(initialState, log.slice(0, 1)).usage).toBeNull();
    const state = reduceAll(initialState, log);
    expect(state.usage).toEqual({
      requestTokens: 15_000,
      contextWindow: 128_000,
      estimated: false,
      promptTokens: 27_400,
      completionTokens: 800,
      cachedTokens: 1_000,
      costUsd: expect.closeTo(0.05, 10) as unknown,
      anyEstimated: false,
      replies: 2,
      byRole: { agent: 28_200 },
    });
    const view = meterView(state.usage ?? (undefined as never));
    expect(view.text).toBe('15k / 128k');
    expect(view.fraction).toBeCloseTo(15_000 / 128_000);
    expect(view.detail).toBe('Next request: 15,000 of 128,000 tokens (12%). Session: 27,400 prompt (1,000 cached) + 800 completion tokens; $0.0500.');
  });

  it('says "cost unknown" once any reply had no cost, and marks estimates', () => {
    const state = reduceAll(
      initialState,
      eventLog('r1', [runStarted('t'), usage({ costUsd: 0.01 }), usage({ estimated: true, requestTokens: 900, contextWindow: 32_000 })]),
    );
    expect(state.usage?.costUsd).toBeNull();
    const view = meterView(state.usage ?? (undefined as never));
    expect(view.text).toBe('~900 / 32k');
    expect(view.detail).toMatch(/completion tokens, estimated; cost unknown\.$/);
  });

  it('counts summary and recovery calls in the totals and breaks them down by role, the window gauge staying on the agent’s request', () => {
    const state = reduceAll(
      initialState,
      eventLog('r1', [
        runStarted('t'),
        usage({ requestTokens: 10_000, promptTokens: 10_000, completionTokens: 200 }),
        usage({ role: 'summary', requestTokens: 4_000, promptTokens: 4_000, completionTokens: 300, contextWindow: 8_000 }),
        usage({ role: 'recovery', requestTokens: 11_000, promptTokens: 11_000, completionTokens: 100 }),
      ]),
    );
    expect(state.usage).toMatchObject({ requestTokens: 10_000, contextWindow: 128_000, promptTokens: 25_000, completionTokens: 600, replies: 1 });
    expect(state.usage?.byRole).toEqual({ agent: 10_200, summary: 4_300, recovery: 11_100 });
    expect(meterView(state.usage ?? (undefined as never)).detail).toBe(
      'Next request: 10,000 of 128,000 tokens (8%). Session: 25,000 prompt + 600 completion tokens; cost unknown. By call: agent 10,200, summaries 4,300, recovery 11,100 tokens.',
    );
  });

  it('starts over with a new run and ignores another run’s usage', () => {
    const first = eventLog('r1', [runStarted('one'), usage()]);
    const second = eventLog('r2', [runStarted('two')], 10);
    const stray = eventLog('r1', [usage()], 20);
    expect(reduceAll(initialState, [...first, ...second, ...stray]).usage).toBeNull();
  });

  it('comes from a scripted run’s log alone (replay shows it as the live page did)', async () => {
    const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }) });
    await engine.run({ task: 'Add slugify', mode: 'react', model: new ScriptedModel(getScenario('demo')), maxIterations: 30, contextWindow: 32_000 });
    const events = engine.session.events as EngineEvent[];
    const state = reduceAll(initialState, events);
    const replies = events.filter((event) => event.type === 'assistant_message').length;
    expect(state.usage).toMatchObject({ contextWindow: 32_000, estimated: true, anyEstimated: true, costUsd: null, replies });
    expect(state.usage?.requestTokens).toBeGreaterThan(0);
    expect(meterView(state.usage ?? (undefined as never)).text).toMatch(/^~\d+(\.\d)?k? \/ 32k$/);
  });
});

describe('Settings: context and budgets', () => {
  const draft = () => toDraft(DEFAULT_PAGE_SETTINGS);

  it('shows the defaults as typed text, empty for the known window and no budget', () => {
    expect(draft()).toMatchObject({
      contextWindow: '',
      tokenizer: 'o200k',
      temperature: '0',
      maxOutputTokens: '16384',
      summaryModel: '',
      maxTokensPerRun: '',
      maxCostPerRun: '',
    });
  });

  it('round-trips every field', () => {
    const result = validateDraft({
      ...draft(),
      contextWindow: '64000',
      tokenizer: 'cl100k',
      temperature: '0.5',
      maxOutputTokens: '4096',
      summaryModel: ' small ',
      maxTokensPerRun: '200000',
      maxCostPerRun: '0.75',
    });
    expect(result).toMatchObject({
      ok: true,
      settings: {
        model: { contextWindow: 64_000, tokenizer: 'cl100k', temperature: 0.5, maxOutputTokens: 4_096, summaryModel: 'small' },
        maxTokensPerRun: 200_000,
        maxCostPerRun: 0.75,
      },
    });
    if (!result.ok) return;
    expect(toDraft(result.settings)).toMatchObject({
      contextWindow: '64000',
      tokenizer: 'cl100k',
      temperature: '0.5',
      maxOutputTokens: '4096',
      summaryModel: 'small',
      maxTokensPerRun: '200000',
      maxCostPerRun: '0.75',
    });
    expect(buildRunRequest('t', result.settings)).toMatchObject({
      ok: true,
      request: { maxTokensPerRun: 200_000, maxCostPerRun: 0.75, model: { contextWindow: 64_000, temperature: 0.5, summaryModel: 'small' } },
    });
  });

  it('reads empty fields as the known window and no budget', () => {
    const result = validateDraft({ ...draft(), contextWindow: ' ', maxTokensPerRun: '', maxCostPerRun: '' });
    expect(result).toMatchObject({ ok: true, settings: { model: { contextWindow: 0 }, maxTokensPerRun: null, maxCostPerRun: null } });
  });

  it('puts a clear message on each bad field', () => {
    expect(
      validateDraft({
        ...draft(),
        contextWindow: '100',
        temperature: '2.5',
        maxOutputTokens: '0',
        maxTokensPerRun: '-5',
        maxCostPerRun: 'lots',
        summaryModel: 'm'.repeat(201),
      }),
    ).toEqual({
      ok: false,
      errors: {
        contextWindow: "Enter a whole number of tokens from 1,000 to 10,000,000, or leave it empty for the model's known window.",
        temperature: 'Enter a number from 0 to 2.',
        maxOutputTokens: 'Enter a whole number of tokens from 1 to 1,000,000.',
        summaryModel: 'The summary model name is at most 200 characters.',
        maxTokensPerRun: 'Enter a whole number of tokens (at least 1), or leave it empty for no budget.',
        maxCostPerRun: 'Enter an amount in US dollars from 0.0001 to 100000, or leave it empty for no budget.',
      },
    });
  });
});
