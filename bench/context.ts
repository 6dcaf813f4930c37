/**
 * Context compaction on a long session (200 steps, 20–40 KB of output each, a 16,000-token window):
 * - prompt tokens sent in all, with compaction against the naive loop that resends everything
 *   (target: at least 3× fewer);
 * - the time a compaction takes, model call excluded (the scripted summary stand-in answers at
 *   once; target: under 20 ms);
 * - counting a 30,000-token request with the real tokenizer, nothing cached (target: under 5 ms).
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

const WINDOW = 16_000;
const STEPS = 200;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);

const counter = await loadTokenCounter('o200k');
const tools = toolSpecs(PLAN_EXEC_TOOLS);

// Time every compaction step the loop takes (prepare), and which of them wrote a summary.
const prepareMs: number[] = [];
const prepare = ContextManager.prototype.prepare;
ContextManager.prototype.prepare = async function timed(this: ContextManager, ...args: Parameters<typeof prepare>) {
  const started = performance.now();
  const out = await prepare.apply(this, args);
  prepareMs.push(performance.now() - started);
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
// The tokenizer in a worker that has run a while is warm: five untimed rounds first.
const countMs: number[] = [];
for (let i = -5; i < 15; i++) {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'system' },
    { role: 'user', content: text.slice(0, text.length / 2) },
    { role: 'assistant', content: '', toolCalls: [] },
    { role: 'tool', toolCallId: 'c', name: 'read_file', content: text.slice(text.length / 2) },
  ];
  const started = performance.now();
  counter.countRequest(messages, []);
  if (i >= 0) countMs.push(performance.now() - started);
}

console.log(`long session: ${STEPS} steps, ${sent.length} agent requests, window ${WINDOW.toLocaleString('en-US')} tokens`);
console.log(`  largest request sent: ${max(sent.map((r) => counter.countRequest(r, tools))).toLocaleString('en-US')} tokens`);
console.log(
  `  prompt tokens sent: ${compacted.toLocaleString('en-US')} with compaction, ${naive.toLocaleString('en-US')} without → ${(naive / compacted).toFixed(1)}× fewer (target ≥ 3×)`,
);
console.log(
  `  compactions: ${compactions.filter((c) => c.tier === 'mask').length} masking reports, ${compactions.filter((c) => c.tier === 'summary').length} summaries`,
);
console.log(
  `  compaction step per request (model call excluded): median ${median(prepareMs).toFixed(2)} ms, max ${max(prepareMs).toFixed(2)} ms (target < 20 ms)`,
);
console.log(
  `counting a ${counter.count(text).toLocaleString('en-US')}-token request, uncached: median ${median(countMs).toFixed(2)} ms, max ${max(countMs).toFixed(2)} ms (target < 5 ms)`,
);
