/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { setFetchedGrammarSource } from '../code/fetched-grammar-source';
import { Engine } from '../engine/engine';
import { DEFAULT_POLICY, resolvePolicyText } from '../engine/policy';
import { createModel } from '../model/create-model';
import { SCENARIOS } from '../model/scenarios';
import type { EngineEvent, RunStatus, SandboxInfo } from '../protocol/events';
import { describeFirstIssue } from '../protocol/zod-issue';
import { LazyVirtualSandbox } from '../sandbox/lazy-virtual';
import { RemoteSandbox, type SandboxHost } from '../sandbox/remote';
import { STARTER_PROJECT } from '../sandbox/starter-project';
import { KNOWN_TOOL_NAMES } from '../tools/registry';
import type { EngineWorkerApi, RunRequest, ScenarioInfo } from './api';
import { RunRequestSchema } from './run-request';

/** The composition root in the browser: the engine, its sandbox and its model live here. */

/** Delay per streamed chunk of the scripted model, so a demo reads as it streams. */
const SCRIPTED_DELAY_MS = 12;

// Grammars are fetched from /grammars/ (served by the app), each only when a file of its language is parsed.
setFetchedGrammarSource();

const engine = new Engine({ sandbox: new LazyVirtualSandbox({ files: STARTER_PROJECT }) });

const api: EngineWorkerApi = {
  async subscribe(listener: (event: EngineEvent) => void): Promise<void> {
    for (const event of engine.session.events) listener(event);
    engine.session.subscribe(listener);
  },

  async useSandbox(host: SandboxHost | null, reason: string): Promise<SandboxInfo> {
    const sandbox = host ? await RemoteSandbox.connect(host) : new LazyVirtualSandbox({ files: STARTER_PROJECT, reason });
    const previous = engine.activeSandbox;
    engine.setSandbox(sandbox);
    if (previous !== sandbox) await previous.dispose();
    return sandbox.info;
  },

  async run(request: RunRequest): Promise<RunStatus> {
    const parsed = RunRequestSchema.safeParse(request);
    if (!parsed.success) {
      throw new Error(`invalid run request: ${describeFirstIssue(parsed.error, 'request')}`);
    }
    const { task, mode, model, maxIterations, policy, refuseSyntaxErrors, allowDestructive } = parsed.data;
    const summary = await engine.run({
      task,
      mode,
      model: createModel(model, { scriptedDelayMs: SCRIPTED_DELAY_MS, mode }),
      maxIterations,
      policy,
      secrets: model.apiKey ? [model.apiKey] : [],
      refuseSyntaxErrors: refuseSyntaxErrors === true,
      allowDestructive: allowDestructive === true,
    });
    return summary.status;
  },

  async stop(): Promise<void> {
    engine.stop();
  },

  async checkPolicy(text: string): Promise<string | null> {
    const result = resolvePolicyText(String(text), KNOWN_TOOL_NAMES);
    return result.ok ? null : result.error;
  },

  async defaultPolicy(): Promise<string> {
    return JSON.stringify(DEFAULT_POLICY, null, 2);
  },

  async scenarios(): Promise<ScenarioInfo[]> {
    return SCENARIOS.map(({ name, title, description, defaultTask }) => ({ name, title, description, defaultTask }));
  },
};

Comlink.expose(api);
