import { describe, expect, it } from 'vitest';
import { Engine, type ResumeOptions, type RunOptions } from '../../../src/engine/engine';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { getScenario } from '../../../src/model/scenarios';
import { ScriptedModel } from '../../../src/model/scripted';
import type { EngineEvent } from '../../../src/protocol/events';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import { SessionRecorder } from '../../../src/store/recorder';
import { exportSession, parseSessionFile } from '../../../src/store/session-file';

type Settings = Pick<
  RunOptions,
  'maxRecoveries' | 'emergency' | 'maxTokensPerRun' | 'maxCostPerRun' | 'contextWindow' | 'tokenEncoding' | 'temperature' | 'maxOutputTokens'
>;

/** The stuck scenario run with `settings`, stored, read back through a session file and cut after its second step. */
async function interruptedStuckRun(settings: Settings): Promise<{ events: EngineEvent[]; store: MemoryStore }> {
  const store = new MemoryStore();
  const engine = new Engine({ sandbox: new VirtualSandbox({ files: STARTER_PROJECT }), blobs: store });
  const recorder = new SessionRecorder(store, { flushMs: 5 });
  engine.session.subscribe((event) => recorder.record(event));
  const { runId } = await engine.run({
    task: 'Find out how the tests run.',
    mode: 'react',
    model: new ScriptedModel(getScenario('stuck')),
    maxIterations: 30,
    ...settings,
  });
  await recorder.flush();
  const loaded = await parseSessionFile(JSON.stringify(await exportSession(store, runId)));
  if (!loaded.ok) throw new Error(loaded.error);
  const { events } = loaded.session;
  // Cut after the second result: before the loop detector has said anything.
  const secondResult = events.map((e, i) => (e.type === 'tool_result' ? i : -1)).filter((i) => i >= 0)[1] ?? -1;
  expect(secondResult).toBeGreaterThan(0);
  const prefix = events.slice(0, secondResult + 1);
  expect(prefix.some((e) => e.type === 'loop_detected')).toBe(false);
  return { events: prefix, store: loaded.session.store };
}

/** Resumes on a fresh engine (a new instance, a new session), as the page does after a reload. */
async function resumeFresh(events: EngineEvent[], store: MemoryStore, overrides: Partial<ResumeOptions> = {}): Promise<EngineEvent[]> {
  const sandbox = new VirtualSandbox({ files: (await workspaceAt(events, store)) ?? STARTER_PROJECT });
  const engine = new Engine({ sandbox, blobs: store });
  await engine.resume({ events, model: new ScriptedModel(getScenario('stuck')), reason: 'reloaded', ...overrides });
  return [...engine.session.events];
}

const of = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) => events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

describe('a resumed run keeps its settings', () => {
  it('0 recoveries and the emergency tier off hold after a resume on a fresh engine', async () => {
    const { events, store } = await interruptedStuckRun({ maxRecoveries: 0, emergency: false });
    const resumed = await resumeFresh(events, store);
    expect(of(resumed, 'loop_detected').map((e) => e.action)).toEqual(['nudge', 'recover']);
    expect(of(resumed, 'recovery_started')).toEqual([]);
    const end = resumed.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'loop_detected' });
    expect(end).not.toHaveProperty('suggestions');
    expect(end).not.toHaveProperty('retryable');
  });

  it('the caller may override them explicitly', async () => {
    const { events, store } = await interruptedStuckRun({ maxRecoveries: 0, emergency: false });
    const resumed = await resumeFresh(events, store, { maxRecoveries: 1, emergency: true });
    expect(of(resumed, 'recovery_started')).toHaveLength(1);
    expect(resumed.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected', retryable: false });
    expect(resumed.at(-1)).toHaveProperty('suggestions');
  });

  it('an override is recorded with the resume, so a second resume keeps it', async () => {
    const { events, store } = await interruptedStuckRun({});
    const first = await resumeFresh(events, store, { maxRecoveries: 0, emergency: false });
    const resumedAt = first.findIndex((e) => e.type === 'run_resumed');
    expect(first[resumedAt]).toMatchObject({ maxRecoveries: 0, emergency: false, maxTokensPerRun: null, maxCostPerRun: null });
    // Interrupted again right after that resume began; resumed without settings.
    const again = await resumeFresh([...events, ...first.slice(0, resumedAt + 1)], store);
    expect(of(again, 'recovery_started')).toEqual([]);
    expect(again.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected' });
    expect(again.at(-1)).not.toHaveProperty('suggestions');
  });

  it('a run with the defaults resumes with the defaults (one recovery, suggestions)', async () => {
    const { events, store } = await interruptedStuckRun({});
    const resumed = await resumeFresh(events, store);
    expect(of(resumed, 'recovery_started')).toHaveLength(1);
    expect(resumed.at(-1)).toHaveProperty('suggestions');
  });

  it('keeps the token budget the run was given', async () => {
    const { events, store } = await interruptedStuckRun({ maxTokensPerRun: 20_000 });
    const resumed = await resumeFresh(events, store);
    expect(resumed.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'budget_exceeded', cause: 'max_tokens' });
    // An explicit null lifts it.
    const lifted = await resumeFresh(events, store, { maxTokensPerRun: null });
    expect(lifted.at(-1)).toMatchObject({ type: 'run_finished', errorCode: 'loop_detected' });
  });

  it("records the window, tokenizer and sampling, and a resume keeps them over the caller's", async () => {
    const counting = { contextWindow: 8_000, tokenEncoding: 'cl100k', temperature: 0.3, maxOutputTokens: 2_000 } as const;
    const { events, store } = await interruptedStuckRun(counting);
    expect(of(events, 'run_configured')[0]).toMatchObject({ ...counting, maxRecoveries: 1, emergency: true, maxTokensPerRun: null, maxCostPerRun: null });
    const resumed = await resumeFresh(events, store, { contextWindow: 128_000, tokenEncoding: 'o200k', temperature: 1, maxOutputTokens: 16_384 });
    expect(of(resumed, 'run_resumed')[0]).toMatchObject(counting);
    expect(of(resumed, 'usage')[0]).toMatchObject({ contextWindow: 8_000 });
  });

  it("a log from before they were recorded keeps today's behaviour: the caller's window, tokenizer and sampling", async () => {
    const { events, store } = await interruptedStuckRun({ contextWindow: 8_000 });
    const older = events.map((event) => {
      if (event.type !== 'run_configured') return event;
      const { contextWindow: _w, tokenEncoding: _k, temperature: _t, maxOutputTokens: _m, ...old } = event;
      return old;
    });
    const resumed = await resumeFresh(older, store, { contextWindow: 128_000, tokenEncoding: 'cl100k', temperature: 1 });
    expect(of(resumed, 'run_resumed')[0]).toMatchObject({ contextWindow: 128_000, tokenEncoding: 'cl100k', temperature: 1 });
    expect(of(resumed, 'usage')[0]).toMatchObject({ contextWindow: 128_000 });
  });
});
