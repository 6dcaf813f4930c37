/**
 * Context compaction on a long session (200 steps, 20–40 KB of output each, a 16,000-token window):
 * - prompt tokens sent in all, with compaction against the naive loop that resends everything
 *   (target: at least 3× fewer);
 * - the time a compaction takes, model call excluded (the scripted summary stand-in answers at
 *   once; target: under 20 ms);
 * - counting a 30,000-token request with the real tokenizer, nothing cached (target: under 10 ms).
 * Times are the process's CPU time (support/cpu-time.ts); every figure goes through support/verdict.mjs.
 */
import { readFileSync } from 'node:fs';
import { ContextManager } from '../src/engine/context/context-manager';
import { applyToConversation, conversationOf } from '../src/engine/conversation';
import { Engine } from '../src/engine/engine';
import type { ChatMessage, Model, ModelRequest } from '../src/model/port';
import { ScriptedModel } from '../src/model/scripted';
import { loadTokenCounter } from '../src/model/token-counter';
import type { EngineEvent } from '../src/protocol/events';
import { STARTER_PROJECT } from '../src/sandbox/starter-project';
import { VirtualSandbox } from '../src/sandbox/virtual';
import { MemoryStore } from '../src/store/memory-store';
import { PLAN_EXEC_TOOLS, toolSpecs } from '../src/tools/registry';
import { LONG_SESSION_TASK, longContextSession } from '../test/unit/engine/long-context-session';
import { cpuMs, timed } from './support/cpu-time';
import { median } from './support/stats.mjs';
import { info, target } from './support/verdict.mjs';

const WINDOW = 16_000;
const STEPS = 200;
/**
 * Re-aimed from 5 ms (issue 19): the tokenizer's split regex alone takes about 3.8 ms of CPU on these
 * 28,000 tokens and counting the pieces at least 3 ms more (7 ms measured after the piece memo in
 * src/model/token-counter.ts, 11 ms before). A whole request is counted uncached only on the first
 * turn after a load or resume (messages are counted once per object), next to a model call of seconds.
 */
const COUNT_TARGET_MS = 10;

const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);

const counter = await loadTokenCounter('o200k');
const tools = toolSpecs(PLAN_EXEC_TOOLS);

// Time every compaction step the loop takes (prepare), and which of them wrote a summary.
const prepareMs: number[] = [];
const prepare = ContextManager.prototype.prepare;
// CPU time: nothing else runs in this process meanwhile, and on a shared machine wall time measures the other jobs.
ContextManager.prototype.prepare = async function timedPrepare(this: ContextManager, ...args: Parameters<typeof prepare>) {
  const started = cpuMs();
  const out = await prepare.apply(this, args);
  prepareMs.push(cpuMs() - started);
  return out;
};

const sent: ChatMessage[][] = [];
const inner = new ScriptedModel(longContextSession(STEPS));
const model: Model = {
  info: inner.info,
  complete(request: ModelRequest) {
    if (request.tools.length > 0) sent.push(request.messages);
    return inner.complete(request);
  },
};
const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: new MemoryStore() });
const summary = await engine.run({ task: LONG_SESSION_TASK, mode: 'plan_exec', model, maxIterations: 210, contextWindow: WINDOW });
const events = engine.session.events as EngineEvent[];
if (summary.status !== 'completed') throw new Error(`the long session ended ${summary.status}`);

const compacted = sent.reduce((total, request) => total + counter.countRequest(request, tools), 0);
// The naive loop: the whole conversation (no summaries, no masking) on every turn.
const full = conversationOf(events.filter((e) => e.type !== 'context_compacted'));
const perMessage = full.map((m) => counter.countRequest([m], []));
const prefix: number[] = [];
perMessage.reduce((sum, tokens, i) => (prefix[i] = sum + tokens), 0);
// Each turn's request is the conversation as it stood when the turn began (the fold grows it in log order).
let naive = 0;
const sizes: number[] = [];
const growing: ChatMessage[] = [];
for (const event of events) {
  if (event.type === 'iteration_started') sizes.push(growing.length);
  if (event.type !== 'context_compacted') applyToConversation(growing, event);
}
for (const size of sizes) naive += (prefix[size - 1] ?? 0) + counter.count(JSON.stringify(tools));
const compactions = events.filter((e): e is Extract<EngineEvent, { type: 'context_compacted' }> => e.type === 'context_compacted');

// Counting one 30,000-token request of real code, nothing cached (fresh message objects each time).
const source = readFileSync('node_modules/typescript/lib/typescript.js', 'utf8').slice(0, 400_000);
let text = source;
while (counter.count(text) > 30_000) text = text.slice(0, Math.floor(text.length * 0.9));
// The tokenizer in a worker that has run a while is warm: five untimed rounds first. Timed in CPU
// time, the fastest of 15 rounds: counting is synchronous, and what a shared machine adds (the other
// jobs' turns on the core, their use of its caches) only ever adds.
const countMs: number[] = [];
const countWallMs: number[] = [];
for (let i = -5; i < 15; i++) {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'system' },
    { role: 'user', content: text.slice(0, text.length / 2) },
    { role: 'assistant', content: '', toolCalls: [] },
    { role: 'tool', toolCallId: 'c', name: 'read_file', content: text.slice(text.length / 2) },
  ];
  const time = await timed(() => counter.countRequest(messages, []));
  if (i >= 0) {
    countMs.push(time.cpuMs);
    countWallMs.push(time.wallMs);
  }
}

const tokens = (n: number) => n.toLocaleString('en-US');
console.log(`long session: ${STEPS} steps, ${sent.length} agent requests, window ${tokens(WINDOW)} tokens`);
target('largest request sent, tokens (must fit the window)', max(sent.map((r) => counter.countRequest(r, tools))), { atMost: WINDOW }, '', 0);
info('prompt tokens sent with compaction', compacted, '', 0, 'the ratio below is the target');
info('prompt tokens sent without (the naive loop)', naive, '', 0, 'the ratio below is the target');
target('prompt tokens, without / with compaction', naive / compacted, { atLeast: 3 }, '×');
info('masking reports written', compactions.filter((c) => c.tier === 'mask').length, '', 0, 'how the saving was made');
info('summaries written', compactions.filter((c) => c.tier === 'summary').length, '', 0, 'how the saving was made');
target('compaction step per request, no model call (median CPU)', median(prepareMs), { below: 20 }, 'ms', 2);
info('compaction step per request (max)', max(prepareMs), 'ms', 2, 'a summary step; the target is on the median');
target(`counting a ${tokens(counter.count(text))}-token request, uncached (fastest CPU)`, Math.min(...countMs), { below: COUNT_TARGET_MS }, 'ms', 2);
info('  the same, median CPU', median(countMs), 'ms', 2, 'other jobs on a shared machine only add to it');
info('  the same, median wall time', median(countWallMs), 'ms', 2, 'includes other jobs on a shared machine');
