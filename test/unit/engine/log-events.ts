import { DEFAULT_POLICY } from '../../../src/engine/policy';
import type { EngineEvent, EventPayload } from '../../../src/protocol/events';

/** Hand-built logs for the context builders: each payload stamped as the session would. */
export function logOf(payloads: readonly EventPayload[]): EngineEvent[] {
  return payloads.map((payload, seq) => ({ ...payload, v: 1, seq, ts: 1_000 + seq, runId: 'run-1' }) as EngineEvent);
}

export function started(task = 'Fix the bug.', mode: 'react' | 'plan_exec' = 'react'): EventPayload[] {
  return [
    {
      type: 'run_started',
      task,
      mode,
      model: { kind: 'scripted', label: 'Test', name: 'test' },
      sandbox: { kind: 'virtual', label: 'Virtual sandbox', reason: 'test' },
      maxIterations: 40,
    },
    ...(mode === 'plan_exec' ? [{ type: 'phase_changed', from: null, to: 'planning', reason: 'run started', auto: false } as const] : []),
    configured(mode),
  ];
}

export function configured(mode: 'react' | 'plan_exec', policy: unknown = DEFAULT_POLICY): EventPayload {
  return {
    type: 'run_configured',
    mode,
    systemPrompt: 'system',
    taskMessage: 'Task:\nFix the bug.',
    tools: [],
    policy,
    refuseSyntaxErrors: false,
    allowDestructive: false,
  };
}

/** A tool call with its result (and, for commands, its start and end). */
export function call(
  id: string,
  name: string,
  args: Record<string, unknown>,
  result: { ok: boolean; output: string; errorKind?: EventPayload<'tool_result'>['errorKind']; exitCode?: number; timedOut?: boolean },
): EventPayload[] {
  const events: EventPayload[] = [{ type: 'tool_call', callId: id, name, args, rawArguments: JSON.stringify(args) }];
  if (result.exitCode !== undefined) {
    const command = name === 'run_tests' ? 'npm test' : String(args.command);
    events.push(
      { type: 'command_started', callId: id, command, cwd: '/workspace' },
      { type: 'command_finished', callId: id, exitCode: result.exitCode, durationMs: 5, timedOut: result.timedOut ?? false, aborted: false },
    );
  }
  events.push({
    type: 'tool_result',
    callId: id,
    name,
    ok: result.ok,
    output: result.output,
    ...(result.errorKind ? { errorKind: result.errorKind } : {}),
    durationMs: 5,
  });
  return events;
}

export function changed(path: string, change: 'created' | 'edited' | 'deleted'): EventPayload {
  return {
    type: 'file_changed',
    path,
    change,
    before: change === 'created' ? null : 'old\n',
    after: change === 'deleted' ? null : 'new\n',
    diff: '',
  };
}

export function said(text: string): EventPayload {
  return { type: 'assistant_message', text, toolCalls: [] };
}

export function phase(from: 'planning' | 'building' | 'verification' | null, to: 'planning' | 'building' | 'verification' | 'delivery'): EventPayload {
  return { type: 'phase_changed', from, to, reason: 'test', auto: false };
}

/** run_tests' output for a failing run that names its failures as the tool does. */
export function failingTestsOutput(names: readonly string[], shown = 1): string {
  const of = names.length > 1 ? ` (of ${names.length})` : '';
  const blocks = names.slice(0, shown).map((name, i) => `${shown === 1 ? 'First failure' : `Failure ${i + 1}`}${of}: ${name}\n  expected 1, got 2`);
  const rest = names.slice(shown);
  const more =
    rest.length > 0
      ? [
          `[${rest.length} more failure${rest.length === 1 ? '' : 's'} not shown: ${rest.slice(0, 5).join('; ')}${rest.length > 5 ? '; …' : ''}. Call run_tests with all_failures: true (or max_failures) to see them.]`,
        ]
      : [];
  return [
    `Tests FAILED (exit code 1) — ${names.length} failed, 3 passed, 0 skipped (vitest)\nRunner: npx vitest run (detected from vitest config)`,
    ...blocks,
    ...more,
  ].join('\n\n');
}
