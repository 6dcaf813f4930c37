import { describe, expect, it } from 'vitest';
import { requestOfLog } from '../../../src/engine/context/request-of-log';
import { conversationOf } from '../../../src/engine/conversation';
import { Engine } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { DEFAULT_CONTEXT_WINDOW } from '../../../src/engine/run-context';
import { loadTokenCounter } from '../../../src/model/token-counter';
import type { EngineEvent } from '../../../src/protocol/events';
import { INTERRUPTED_CALL_RESULT } from '../../../src/protocol/interrupted-call';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import type { MemoryStore } from '../../../src/store/memory-store';
import { exportSession, parseSessionFile } from '../../../src/store/session-file';
import { recordedRun, SpyModel, workspaceFiles } from './recorded-run';

const RUNS = [
  ['demo', 'react'],
  ['plan_exec-demo', 'plan_exec'],
  ['recovery', 'react'],
  ['nudged', 'react'],
] as const;

/** The stored session read back through a session file, as a resume after a reload would read it. */
async function storedLog(store: MemoryStore, id: string): Promise<{ events: EngineEvent[]; store: MemoryStore }> {
  const loaded = await parseSessionFile(JSON.stringify(await exportSession(store, id)));
  if (!loaded.ok) throw new Error(loaded.error);
  return { events: loaded.session.events, store: loaded.session.store };
}

async function resumeFrom(prefix: EngineEvent[], store: MemoryStore, scenario: string) {
  const sandbox = new VirtualSandbox({ files: (await workspaceAt(prefix, store)) ?? STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  const model = new SpyModel(scenario);
  const summary = await engine.resume({ events: prefix, model, reason: 'test' });
  return { summary, sandbox, model, events: engine.session.events };
}

describe('the conversation rebuilt from the stored log', () => {
  it.each(RUNS)('equals, byte for byte, what the model was sent at every turn of %s (%s)', async (scenario, mode) => {
    const run = await recordedRun(scenario, mode);
    expect(run.status).toBe('completed');
    const { events } = await storedLog(run.store, run.sessionId);
    const turnStarts = events.flatMap((event, index) => (event.type === 'iteration_started' ? [index] : []));
    expect(turnStarts).toHaveLength(run.model.requests.length);
    const settings = { window: DEFAULT_CONTEXT_WINDOW, counter: await loadTokenCounter('o200k'), tools: [] };
    turnStarts.forEach((index, turn) => {
      expect(JSON.stringify(requestOfLog(events.slice(0, index), settings))).toBe(run.model.requests[turn]);
    });
  });
});

describe('resuming an interrupted run', () => {
  it.each(RUNS)(
    'from any point of %s (%s) ends with the same files and sends the same conversation',
    async (scenario, mode) => {
      const run = await recordedRun(scenario, mode);
      const finalFiles = await workspaceFiles(run.sandbox);
      const { events, store } = await storedLog(run.store, run.sessionId);
      const cuts = events.flatMap((event, index) => (index > 2 && event.type !== 'model_delta' && index < events.length - 1 ? [index] : []));
      let comparedRequests = 0;
      for (const cut of cuts) {
        const prefix = events.slice(0, cut);
        const resumed = await resumeFrom(prefix, store, scenario);
        expect(resumed.summary.status, `cut at ${cut} (${events[cut - 1]?.type})`).toBe('completed');
        expect(await workspaceFiles(resumed.sandbox), `cut at ${cut}`).toEqual(finalFiles);
        // Unless a call was cut off mid-way, the model is sent one of the requests the uninterrupted run sent, byte for byte
        // (a cut while the final answer was checked asks the model nothing: the answer is judged again).
        const resumedEvent = resumed.events.find((e) => e.type === 'run_resumed');
        expect(resumedEvent?.type, `cut at ${cut}`).toBe('run_resumed');
        if (resumedEvent?.type === 'run_resumed' && resumedEvent.interruptedCalls.length === 0 && resumed.model.requests.length > 0) {
          expect(run.model.requests, `cut at ${cut}`).toContain(resumed.model.requests[0]);
          comparedRequests++;
        }
      }
      // Most cuts fall between calls: the byte-for-byte comparison is what this test is for, so it must have happened.
      expect(comparedRequests).toBeGreaterThan(cuts.length / 2);
    },
    120_000,
  );

  it('answers a call that was in flight as interrupted, with the workspace from before it, and does not run it blindly', async () => {
    const run = await recordedRun('demo', 'react');
    const { events, store } = await storedLog(run.store, run.sessionId);
    const create = events.findIndex((e) => e.type === 'tool_call' && e.name === 'create_file');
    const prefix = events.slice(0, create + 1);
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    const written = (await sandbox.readFile(`${sandbox.workdir}/README.md`)) + '\nchanged after the snapshot\n';
    await sandbox.writeFile(`${sandbox.workdir}/README.md`, written);
    await sandbox.writeFile(`${sandbox.workdir}/half-written.txt`, 'partial');
    const engine = new Engine({ sandbox, blobs: store });
    const model = new SpyModel('demo');
    let filesWhenModelAsked: Record<string, string> | null = null;
    const complete = model.complete.bind(model);
    model.complete = async (request) => {
      filesWhenModelAsked ??= await workspaceFiles(sandbox);
      return complete(request);
    };
    const summary = await engine.resume({ events: prefix, model, reason: 'reloaded' });
    expect(summary.status).toBe('completed');
    const log = engine.session.events;
    const resumedAt = log.findIndex((e) => e.type === 'run_resumed');
    const interrupted = log[resumedAt + 1];
    expect(interrupted).toMatchObject({ type: 'tool_result', ok: false, errorKind: 'interrupted', output: INTERRUPTED_CALL_RESULT });
    // Restored to the snapshot before the call (calls of the same reply that never started did run).
    const inFlight = events[create];
    const inFlightPath = inFlight?.type === 'tool_call' ? String((inFlight.args as { path: string }).path) : '';
    expect(filesWhenModelAsked).not.toHaveProperty('half-written.txt');
    expect(filesWhenModelAsked).not.toHaveProperty(inFlightPath);
    expect(filesWhenModelAsked?.['README.md']).toBe(STARTER_PROJECT['README.md']);
    // The scripted model sends the interrupted call again, so the demo still ends as it would have.
    expect(await workspaceFiles(sandbox)).toEqual(await workspaceFiles(run.sandbox));
  });

  it('refuses a finished run and a log without its configuration', async () => {
    const run = await recordedRun('demo', 'react');
    const { events, store } = await storedLog(run.store, run.sessionId);
    const engine = new Engine({ sandbox: new VirtualSandbox(), blobs: store });
    await expect(engine.resume({ events, model: new SpyModel('demo'), reason: 'x' })).rejects.toThrow(/already finished/);
    const old = events.filter((e) => e.type !== 'run_configured').slice(0, 10);
    await expect(engine.resume({ events: old, model: new SpyModel('demo'), reason: 'x' })).rejects.toThrow(/run_configured/);
  });
});

describe('going on in another mode', () => {
  it('keeps the conversation, swaps the system prompt and tools, and starts the phases', async () => {
    const run = await recordedRun('demo', 'react');
    const { events, store } = await storedLog(run.store, run.sessionId);
    const cut = events.findIndex((e) => e.type === 'iteration_started' && e.iteration === 3);
    const prefix = events.slice(0, cut);
    const sandbox = new VirtualSandbox({ files: (await workspaceAt(prefix, store)) ?? STARTER_PROJECT });
    const engine = new Engine({ sandbox, blobs: store });
    const model = new SpyModel('plan_exec-demo');
    const tools: string[][] = [];
    const complete = model.complete.bind(model);
    model.complete = (request) => {
      tools.push(request.tools.map((t) => t.name));
      return complete(request);
    };
    await engine.resume({ events: prefix, model, reason: 'another mode', mode: 'plan_exec' });
    const first = JSON.parse(model.requests[0] ?? '[]') as { role: string; content: string }[];
    const before = conversationOf(prefix);
    expect(first[0]?.content).toContain('planning');
    expect(first[0]?.content).not.toBe(before[0]?.content);
    // The turns stay as they were; the task message carries the pinned state, now naming the phase.
    expect(first.slice(2, before.length)).toEqual(before.slice(2));
    expect(first[1]?.content).toContain('Current phase: planning');
    expect(tools[0]).toContain('advance_phase');
    const log = engine.session.events;
    expect(log.find((e) => e.type === 'phase_changed')).toMatchObject({ from: null, to: 'planning' });
    expect(log.filter((e) => e.type === 'run_configured').at(-1)).toMatchObject({ mode: 'plan_exec' });
    // Resuming that log again goes on in plan_exec, its last configuration.
    expect(log.findLast((e) => e.type === 'run_configured')).toMatchObject({ mode: 'plan_exec' });
  });
});
