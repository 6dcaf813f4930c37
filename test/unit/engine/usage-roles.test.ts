import { describe, expect, it } from 'vitest';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import { costOf, loadModelPrice } from '../../../src/model/model-prices';
import type { Model } from '../../../src/model/port';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import { type EngineEvent, EngineEventSchema, type EventOf, usageRole } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { longContextSession } from './long-context-session';

async function run(options: Partial<RunOptions> & Pick<RunOptions, 'model'>) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
  await engine.run({ task: 'do it', mode: 'react', maxIterations: 30, ...options });
  const events = [...engine.session.events] as EngineEvent[];
  const finished = events.at(-1) as EventOf<'run_finished'>;
  const of = <T extends EngineEvent['type']>(type: T) => events.filter((e): e is EventOf<T> => e.type === type);
  return { finished, events, of };
}

const stuck = () => new ScriptedModel(getScenario('stuck'));
const tokensOf = (usage: readonly EventOf<'usage'>[]) => usage.reduce((sum, e) => sum + e.promptTokens + e.completionTokens, 0);

describe('every model call is metered', () => {
  it('a recovery critique records a usage event with the role "recovery" before its result; the agent’s turns carry none', async () => {
    const { of, events } = await run({ model: stuck() });
    const recoveries = of('recovery_finished');
    expect(recoveries.length).toBeGreaterThan(0);
    const usage = of('usage');
    const recovery = usage.filter((e) => e.role === 'recovery');
    expect(recovery).toHaveLength(recoveries.length);
    for (const finished of recoveries) expect(events[events.indexOf(finished) - 1]).toMatchObject({ type: 'usage', role: 'recovery', estimated: true });
    const agent = usage.filter((e) => e.role === undefined);
    expect(agent).toHaveLength(of('assistant_message').length);
    expect(usage.map(usageRole).filter((role) => role !== 'agent' && role !== 'recovery')).toEqual([]);
  });

  it('counts a recovery against the token budget: one the budget cannot pay for is not sent, and the run ends on its budget', async () => {
    const full = await run({ model: stuck() });
    const usage = full.of('usage');
    const first = usage.findIndex((e) => e.role === 'recovery');
    const recovery = usage[first] as EventOf<'usage'>;
    const budget = tokensOf(usage.slice(0, first)) + recovery.requestTokens - 1;

    const { of, finished } = await run({ model: stuck(), maxTokensPerRun: budget });
    expect(of('usage').filter((e) => e.role === 'recovery')).toEqual([]);
    expect(of('recovery_finished')).toMatchObject([{ ok: false, critique: '' }]);
    expect(of('notice').map((e) => e.message)).toContain(
      `The recovery request failed: The run would pass its token budget: used ${tokensOf(usage.slice(0, first)).toLocaleString('en-US')} of ${budget.toLocaleString('en-US')} tokens; the next request needs ~${recovery.requestTokens.toLocaleString('en-US')}.`,
    );
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens' });

    // With room for the critique, the same run spends it and goes on: the budget counted it.
    const roomy = await run({ model: stuck(), maxTokensPerRun: tokensOf(usage.slice(0, first + 1)) + 1 });
    expect(roomy.of('usage').filter((e) => e.role === 'recovery')).toHaveLength(1);
    expect(roomy.of('usage')).toHaveLength(first + 1);
    expect(roomy.finished).toMatchObject({ status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens' });
  });

  it('a summary model’s calls are recorded as "summary", with its counts and its own price, and the meter breaks them down', async () => {
    const price = await loadModelPrice('gpt-4o');
    if (!price) throw new Error('gpt-tokenizer has no price for gpt-4o');
    const scripted = new ScriptedModel(
      longContextSession(40, 'I am looking at the next range of numbers to see whether it holds anything unusual. '.repeat(6)),
    );
    const main: Model = { info: { kind: 'openai', name: 'main-model', label: 'main @ test' }, complete: (request) => scripted.complete(request) };
    let summaries = 0;
    const aux: Model = {
      info: { kind: 'openai', name: 'gpt-4o', label: 'gpt-4o @ test' },
      complete: () => (
        summaries++,
        Promise.resolve({
          text: 'Ranges were printed; nothing unusual.',
          toolCalls: [],
          finishReason: 'stop',
          usage: { promptTokens: 900, completionTokens: 12 },
        })
      ),
    };
    const { of, finished, events } = await run({ model: main, summaryModel: aux, mode: 'plan_exec', maxIterations: 210, contextWindow: 8_000 });
    expect(finished.status).toBe('completed');
    const summary = of('usage').filter((e) => e.role === 'summary');
    expect(summaries).toBeGreaterThan(0);
    expect(summary).toHaveLength(summaries);
    for (const e of summary) {
      expect(e).toMatchObject({ promptTokens: 900, completionTokens: 12, estimated: false });
      expect(e.costUsd).toBeCloseTo(costOf(price, { promptTokens: 900, completionTokens: 12 }), 10);
    }
    // The main model has no known price: its turns have no cost, and the session's cost is unknown.
    const state = reduceAll(initialState, events);
    const agentTokens = tokensOf(of('usage').filter((e) => e.role === undefined));
    expect(state.usage).toMatchObject({ byRole: { agent: agentTokens, summary: summaries * 912 }, replies: of('assistant_message').length, costUsd: null });
    // The meter shows the agent's last request, not a summary request's size.
    const lastAgent = of('usage').findLast((e) => e.role === undefined);
    expect(state.usage?.requestTokens).toBe(lastAgent?.requestTokens);
  }, 60_000);
});

describe('the usage event', () => {
  const base = {
    v: 1,
    seq: 0,
    ts: 0,
    runId: 'r',
    type: 'usage',
    promptTokens: 10,
    completionTokens: 2,
    estimated: false,
    contextWindow: 1_000,
    requestTokens: 10,
  };

  it('of a log written before roles still parses, and counts as the agent’s', () => {
    const parsed = EngineEventSchema.parse(base);
    expect(parsed).not.toHaveProperty('role');
    expect(usageRole(parsed as EventOf<'usage'>)).toBe('agent');
    expect(EngineEventSchema.parse({ ...base, role: 'summary' })).toMatchObject({ role: 'summary' });
  });

  it('refuses a role it does not know', () => {
    expect(EngineEventSchema.safeParse({ ...base, role: 'critic' }).success).toBe(false);
  });
});
