import { describe, expect, it } from 'vitest';
import { requestOfLog } from '../../../src/engine/context/request-of-log';
import { hasNoOrphans } from '../../../src/engine/context/turns';
import { Engine, type RunOptions } from '../../../src/engine/engine';
import { type ChatMessage, type Model, ModelError, type ModelRequest, type ModelResponse } from '../../../src/model/port';
import { ScriptedModel } from '../../../src/model/scripted';
import { loadTokenCounter } from '../../../src/model/token-counter';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { PLAN_EXEC_TOOLS, toolSpecs } from '../../../src/tools/registry';
import { LONG_SESSION_TASK, longContextSession } from './long-context-session';

const TASK = LONG_SESSION_TASK;
const of = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T) =>
  events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

/** A scripted model that keeps every request it was sent. */
class Recording implements Model {
  readonly requests: ChatMessage[][] = [];
  /** Each request as the provider would count it: the messages and the tool schemas sent with them. */
  readonly sent: Pick<ModelRequest, 'messages' | 'tools'>[] = [];
  /** The agent's turns only (a recovery critique is asked for without tools). */
  readonly turns: ChatMessage[][] = [];
  constructor(
    private readonly inner: Model,
    readonly info = inner.info,
  ) {}
  complete(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request.messages);
    this.sent.push({ messages: request.messages, tools: request.tools });
    if (request.tools.length > 0) this.turns.push(request.messages);
    return this.inner.complete(request);
  }
}

async function run(model: Model, options: Partial<RunOptions> = {}) {
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
  const summary = await engine.run({ task: TASK, mode: 'plan_exec', model, maxIterations: 210, contextWindow: 16_000, ...options });
  return { summary, events: [...engine.session.events] as EngineEvent[] };
}

describe('context compaction', () => {
  it('a 200-step session with large outputs in a 16,000-token window: every request fits, keeps the task and the phase, and the run completes', async () => {
    const model = new Recording(new ScriptedModel(longContextSession(200)));
    const { summary, events } = await run(model);
    expect(summary.status).toBe('completed');
    const counter = await loadTokenCounter('o200k');
    const tools = of(events, 'run_configured')[0]?.tools ?? [];
    expect(tools.length).toBeGreaterThan(0);
    const phases = of(events, 'phase_changed').map((e) => e.to);
    expect(phases).toEqual(['planning', 'building', 'verification', 'delivery']);
    const named: string[] = [];
    for (const [turn, request] of model.requests.entries()) {
      const text = request.map((m) => m.content).join('\n');
      expect(text, `request ${turn}`).toContain(TASK);
      expect(hasNoOrphans(request), `request ${turn} pairs every call with its result`).toBe(true);
      // The pinned state names the phase the request is made in.
      const phase = /Current phase: (\w+)/.exec(text)?.[1];
      expect(phase, `request ${turn}`).toBeDefined();
      if (named.at(-1) !== phase) named.push(phase ?? '');
    }
    // Fits as sent: the tool schemas (about 3,000 tokens) count against the window too.
    expect(model.sent.some((request) => request.tools.length > 0)).toBe(true);
    for (const [turn, request] of model.sent.entries()) {
      expect(counter.countRequest(request.messages, request.tools), `request ${turn}`).toBeLessThan(16_000);
    }
    expect(named).toEqual(phases);
    // Every request, summaries included, is rebuilt byte for byte from the log before it: a resume sends the same.
    const settings = { window: 16_000, counter, tools: toolSpecs(PLAN_EXEC_TOOLS) };
    const replyStarts = events.flatMap((e, i) =>
      e.type === 'assistant_message' || (e.type === 'model_delta' && events[i - 1]?.type !== 'model_delta') ? [i] : [],
    );
    const firstReplyAfter = (i: number) => replyStarts.find((start) => start > i) ?? events.length;
    const turns = events.flatMap((e, i) => (e.type === 'iteration_started' ? [i] : []));
    expect(turns).toHaveLength(model.turns.length);
    // Every fourth turn, and every turn a summary was written for (rebuilding all is quadratic).
    const summarisedAt = new Set(
      turns.flatMap((start, turn) => (events.slice(start, firstReplyAfter(start)).some((e) => e.type === 'context_compacted') ? [turn] : [])),
    );
    model.turns.forEach((request, turn) => {
      if (turn % 4 !== 0 && !summarisedAt.has(turn)) return;
      const prefix = events.slice(0, firstReplyAfter(turns[turn] ?? 0));
      expect(JSON.stringify(requestOfLog(prefix, settings)), `request ${turn}`).toBe(JSON.stringify(request));
    });
    const compactions = of(events, 'context_compacted');
    expect(compactions.some((e) => e.tier === 'mask')).toBe(true);
    expect(compactions.some((e) => e.tier === 'summary' && e.summaryBy === 'aux')).toBe(true);
    for (const c of compactions) expect(c.tokensAfter).toBeLessThan(c.tokensBefore);
  }, 120_000);

  it('a failing summary model (500), then a main model that sends an empty summary: the engine summarises from the log, and the chain is in the events', async () => {
    // Long replies: masking old results is not enough, so old turns must be summarised.
    const scripted = new ScriptedModel(
      longContextSession(40, 'I am looking at the next range of numbers to see whether it holds anything unusual. '.repeat(6)),
    );
    const main: Model = {
      info: { kind: 'openai', name: 'main', label: 'main @ test' },
      complete: (request) => (request.tools.length === 0 ? Promise.resolve({ text: '', toolCalls: [], finishReason: 'stop' }) : scripted.complete(request)),
    };
    const aux: Model = {
      info: { kind: 'openai', name: 'aux', label: 'aux @ test' },
      complete: () => Promise.reject(new ModelError('aux @ test had a server error (HTTP 500)', 'server', true)),
    };
    const { summary, events } = await run(main, { summaryModel: aux, contextWindow: 8_000 });
    expect(summary.status).toBe('completed');
    const notices = of(events, 'notice').map((e) => e.message);
    expect(notices.some((m) => /summary by aux @ test failed \(.*HTTP 500.*\); using the main model/.test(m))).toBe(true);
    expect(notices.some((m) => /summary by main @ test failed \(it sent an empty summary\); using a summary built from the log/.test(m))).toBe(true);
    const summaries = of(events, 'context_compacted').filter((e) => e.tier === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.every((e) => e.summaryBy === 'deterministic' && (e.summary ?? '').length > 0)).toBe(true);
  }, 60_000);

  it('a provider overflow error compacts from the log without a model call, retries once, and the run goes on', async () => {
    const scripted = new ScriptedModel(longContextSession(12));
    let overflowed = false;
    const calls: number[] = [];
    const main: Model = {
      info: { kind: 'scripted', name: 'long', label: 'long' },
      complete: (request) => {
        calls.push(request.messages.length);
        if (!overflowed && request.messages.length > 12) {
          overflowed = true;
          return Promise.reject(new ModelError("This model's maximum context length is 8192 tokens.", 'context_overflow', false));
        }
        return scripted.complete(request);
      },
    };
    const { summary, events } = await run(main, { contextWindow: 200_000 });
    expect(summary.status).toBe('completed');
    const overflow = of(events, 'context_compacted').filter((e) => e.tier === 'overflow');
    expect(overflow).toHaveLength(1);
    expect(overflow[0]).toMatchObject({ summaryBy: 'deterministic', keptTurns: 1 });
    // The retry is smaller than the request that overflowed.
    const at = calls.findIndex((n) => n > 12);
    expect(calls[at + 1]).toBeLessThan(calls[at] ?? 0);
  }, 60_000);

  it('a second overflow in a row ends the run with context_overflow', async () => {
    const main: Model = {
      info: { kind: 'openai', name: 'tiny', label: 'tiny' },
      complete: () => Promise.reject(new ModelError('prompt is too long', 'context_overflow', false)),
    };
    const { events } = await run(main);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'context_overflow', retryable: false });
  });
});
