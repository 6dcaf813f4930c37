import { messageOf } from '../protocol/error-message';
import { type EventPayload, parseArgumentsOrNull, type ToolCall } from '../protocol/events';
import { SandboxUnavailableError } from '../sandbox/port';
import { parseToolArguments } from '../tools/registry';
import { fail, type Tool, type ToolFailure, type ToolResult } from '../tools/tool';
import { blockerHint } from './blocker-patterns';
import { renderRepeatedFailure } from './fix-attempts';
import type { Refusal } from './gate';
import { missingScriptNote } from './missing-script';
import type { RunContext } from './run-context';

export interface ToolExecution {
  result: ToolResult;
  durationMs: number;
  /** The tool_result event as recorded (the conversation takes its output). */
  event: EventPayload<'tool_result'>;
}

/** A refusal as the model reads it: structured, with what to do next. */
export function refusalResult(refusal: Refusal): ToolFailure {
  return fail('refused_by_gate', JSON.stringify(refusal, null, 2));
}

/**
 * Runs one tool call and records it. Whatever goes wrong (unknown tool, a phase
 * refusal, bad JSON, schema failure, a tool that throws) becomes a result the model can read.
 */
export async function executeToolCall(call: ToolCall, run: RunContext): Promise<ToolExecution> {
  const { gate, tools } = run;
  const { emit } = run.scope;
  emit({ type: 'tool_call', callId: call.id, name: call.name, args: parseArgumentsOrNull(call.arguments), rawArguments: call.arguments });
  const started = performance.now();
  const tool = tools.find((t) => t.name === call.name);
  let result: ToolResult;
  if (!tool) {
    result = fail('unknown_tool', `Unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`);
  } else {
    const decision = gate.beginCall(call.id, call.name);
    result = decision.refusal ? refusalResult(decision.refusal) : await runApproved(tool, call, run);
    const { refusal, note } = await gate.endCall();
    if (refusal) result = refusalResult(refusal);
    if (note) result = { ...result, output: `${result.output}\n\n[${note}]` };
  }
  if (tool) result = withEarlierAttempts(run, call, result);
  if (tool?.kind === 'execute') result = withBlockerHint(result);
  if (tool?.kind === 'execute') result = withMissingScript(run, result);
  if (tool && mayHaveWritten(tool, result)) await takeStepSnapshot(run, call.id);
  if (tool) await run.verification.observe(tool, parseArgumentsOrNull(call.arguments), result);
  const durationMs = performance.now() - started;
  const event = resultEvent(call, result, durationMs);
  emit(event);
  return { result, durationMs, event };
}

/** A failed result's event carries its kind; a successful one has no errorKind at all. */
function resultEvent(call: ToolCall, result: ToolResult, durationMs: number): EventPayload<'tool_result'> {
  const event: EventPayload<'tool_result'> = { type: 'tool_result', callId: call.id, name: call.name, ok: result.ok, output: result.output, durationMs };
  return result.ok ? event : { ...event, errorKind: result.errorKind };
}

/** From the third failure at the same target (a test, an edit on one file), the result lists the earlier attempts. */
function withEarlierAttempts(run: RunContext, call: ToolCall, result: ToolResult): ToolResult {
  const args = parseArgumentsOrNull(call.arguments);
  const repeated = run.fixes.observe(
    result.ok
      ? { tool: call.name, args, ok: true, output: result.output }
      : { tool: call.name, args, ok: false, errorKind: result.errorKind, output: result.output },
  );
  return repeated ? { ...result, output: `${result.output}\n\n${renderRepeatedFailure(repeated)}` } : result;
}

/** A failed command that looks like something only the user can fix (credentials, network) suggests asking. */
function withBlockerHint(result: ToolResult): ToolResult {
  if (result.ok || (result.errorKind !== 'command_failed' && result.errorKind !== 'tests_failed')) return result;
  const hint = blockerHint(result.output);
  return hint ? { ...result, output: `${result.output}\n\n${hint}` } : result;
}

/** A refusal because the command's script is gone (run_tests after \`rm -rf tests\`) says what is missing and, from the log, what removed it. */
function withMissingScript(run: RunContext, result: ToolResult): ToolResult {
  if (result.ok || result.errorKind !== 'refused_by_gate') return result;
  const note = missingScriptNote(result.output, run.log());
  return note ? { ...result, output: `${result.output}\n\n${note}` } : result;
}

/** Edits that landed and every command may have changed files. */
function mayHaveWritten(tool: Tool, result: ToolResult): boolean {
  if (!result.ok && (result.errorKind === 'refused_by_gate' || result.errorKind === 'denied_by_user')) return false;
  return tool.kind === 'execute' || (tool.kind === 'edit' && result.ok);
}

/** Before the result is recorded, so a log that holds a step's result also holds the workspace after it. */
async function takeStepSnapshot(run: RunContext, callId: string): Promise<void> {
  if (!run.snapshots) return;
  try {
    await run.snapshots.take('step', callId);
  } catch (error) {
    run.scope.emit({ type: 'notice', level: 'warning', message: `Could not save a workspace snapshot: ${messageOf(error)}` });
  }
}

/** Valid arguments first, then the user's approval when "Ask before" asks for the call (approvals.ts), then the tool. */
async function runApproved(tool: Tool, call: ToolCall, run: RunContext): Promise<ToolResult> {
  const parsed = parseToolArguments(tool, call.arguments);
  if (!parsed.ok) return fail('invalid_arguments', parsed.error);
  const held = await run.approvals.beforeCall(call, tool, parsed.args, run);
  return held ?? (await runTool(tool, call, parsed.args, run));
}

async function runTool(tool: Tool, call: ToolCall, args: unknown, run: RunContext): Promise<ToolResult> {
  try {
    return await tool.run(args, { ...run.scope, callId: call.id });
  } catch (error) {
    if (run.scope.signal.aborted) return fail('cancelled', `${call.name} was cancelled.`);
    if (error instanceof SandboxUnavailableError) return fail('sandbox_unavailable', `The sandbox stopped working: ${error.message}`);
    return fail('internal_error', `${call.name} failed unexpectedly: ${messageOf(error)}`);
  }
}
