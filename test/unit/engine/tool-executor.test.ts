import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Approvals } from '../../../src/engine/approvals';
import { FinalCheck } from '../../../src/engine/final-check';
import { FixAttemptTracker } from '../../../src/engine/fix-attempts';
import type { Gate, GateDecision, Refusal } from '../../../src/engine/gate';
import { DEFAULT_POLICY } from '../../../src/engine/policy';
import type { RunContext } from '../../../src/engine/run-context';
import { executeToolCall } from '../../../src/engine/tool-executor';
import { UsageMeter } from '../../../src/engine/usage-meter';
import { VerificationTracker } from '../../../src/engine/verification';
import { workspaceDigest } from '../../../src/engine/workspace-digest';
import { ScriptedModel } from '../../../src/model/scripted';
import { approximateCounter } from '../../../src/model/token-counter';
import type { EventPayload } from '../../../src/protocol/events';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { FileVersions } from '../../../src/tools/file-versions';
import { defineTool, ok, type ToolContext } from '../../../src/tools/tool';

const REFUSAL: Refusal = { error: 'phase_violation', tool: 'echo', phase: 'planning', kind: 'tool', reason: 'not now', hint: 'later' };

/** A gate that allows everything, or refuses every call up front. */
function stubGate(refuse: boolean): Gate {
  const allowed: GateDecision = { allowed: true };
  return {
    phase: null,
    beginCall: () => (refuse ? { allowed: false, refusal: REFUSAL } : allowed),
    checkCommand: async () => allowed,
    checkWrite: () => allowed,
    effectWatch: () => null,
    boundaryTries: 0,
    ranOutside: () => undefined,
    refuseEffects: () => allowed,
    refuseUncheckable: () => allowed,
    refuseDamage: () => allowed,
    refuseShellState: () => allowed,
    endCall: async () => ({ refusal: null, note: null }),
    advance: async () => ({ ok: false, errorKind: 'final_phase', message: 'no phases' }),
  };
}

let seen: ToolContext | null = null;
const echo = defineTool({
  name: 'echo',
  kind: 'think',
  description: 'echo',
  schema: z.strictObject({ text: z.string() }),
  async run(args, ctx) {
    seen = ctx;
    return ok(args.text);
  },
});
const broken = defineTool({
  name: 'broken',
  kind: 'think',
  description: 'throws',
  schema: z.strictObject({}),
  async run() {
    throw new Error('boom');
  },
});

function setup(options: { refuse?: boolean; aborted?: boolean } = {}) {
  const events: EventPayload[] = [];
  const controller = new AbortController();
  if (options.aborted) controller.abort();
  const sandbox = new VirtualSandbox();
  const gate = stubGate(options.refuse === true);
  const scope = {
    sandbox,
    emit: (event: EventPayload) => events.push(event),
    signal: controller.signal,
    phases: null,
    fileVersions: new FileVersions(),
    refuseSyntaxErrors: true,
    human: null,
  };
  const digest = workspaceDigest(sandbox, []);
  const verification = new VerificationTracker(digest);
  const run: RunContext = {
    model: new ScriptedModel({ name: 't', title: 't', description: 't', defaultTask: 't', turns: [] }),
    tools: [echo, broken],
    toolSpecs: [],
    gate,
    messages: [],
    firstIteration: 1,
    pendingCalls: [],
    waitingLoopQuestion: null,
    pendingFinalAnswer: null,
    maxIterations: 1,
    maxRecoveries: 1,
    snapshots: null,
    verification,
    finalCheck: new FinalCheck({ sandbox, policy: DEFAULT_POLICY, gate, scope, tracker: verification, digest, enabled: false, maxFixAttempts: 0 }),
    fixes: new FixAttemptTracker(),
    log: () => [],
    context: { window: 32_000, counter: approximateCounter, summaryModel: null },
    usage: new UsageMeter({ counter: approximateCounter, window: 32_000, price: null, budgets: { maxTokens: null, maxCostUsd: null }, emit: () => undefined }),
    approvals: new Approvals('nothing', null),
    scope,
  };
  const results = () => events.filter((e) => e.type === 'tool_result');
  return { run, results };
}

const call = (name: string, args: string) => ({ id: 'c1', name, arguments: args });

describe('executeToolCall', () => {
  it('hands the tool the run scope and its call id, and records a success without a kind', async () => {
    const { run, results } = setup();
    const { result } = await executeToolCall(call('echo', '{"text":"hi"}'), run);
    expect(result).toEqual({ ok: true, output: 'hi' });
    expect(seen).toEqual({ ...run.scope, callId: 'c1' });
    expect(results()[0]).not.toHaveProperty('errorKind');
  });

  it.each([
    ['an unknown tool', call('nope', '{}'), {}, 'unknown_tool', /^Unknown tool "nope"\. Available tools: echo, broken\.$/],
    ['arguments that are not JSON', call('echo', '{"text":'), {}, 'invalid_arguments', /^The arguments for echo are not valid JSON/],
    ['arguments that fail the schema', call('echo', '{"txt":"hi"}'), {}, 'invalid_arguments', /^Invalid arguments for echo:/],
    ['a gate refusal', call('echo', '{"text":"hi"}'), { refuse: true }, 'refused_by_gate', /"error": "phase_violation"/],
    ['a tool that throws', call('broken', '{}'), {}, 'internal_error', /^broken failed unexpectedly: boom$/],
    ['a tool that throws after Stop', call('broken', '{}'), { aborted: true }, 'cancelled', /^broken was cancelled\.$/],
  ] as const)('gives %s its kind, in the result and in the event', async (_what, toolCall, options, kind, wording) => {
    const { run, results } = setup(options);
    const { result } = await executeToolCall(toolCall, run);
    expect(result).toEqual({ ok: false, errorKind: kind, output: expect.stringMatching(wording) });
    expect(results()).toEqual([expect.objectContaining({ ok: false, errorKind: kind, output: result.output })]);
  });
});
