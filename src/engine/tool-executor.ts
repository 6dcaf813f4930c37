import { messageOf } from '../protocol/error-message';
import type { EventPayload, ToolCall } from '../protocol/events';
import { parseToolArguments } from '../tools/registry';
import { fail, type Tool, type ToolFailure, type ToolResult } from '../tools/tool';
import type { Refusal } from './gate';
import type { RunContext } from './run-context';

export interface ToolExecution {
  result: ToolResult;
  durationMs: number;
}

function parsedOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw === '' ? '{}' : raw);
  } catch {
    return null;
  }
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
  emit({ type: 'tool_call', callId: call.id, name: call.name, args: parsedOrNull(call.arguments), rawArguments: call.arguments });
  const started = performance.now();
  const tool = tools.find((t) => t.name === call.name);
  let result: ToolResult;
  if (!tool) {
    result = fail('unknown_tool', `Unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(', ')}.`);
  } else {
    const decision = gate.beginCall(call.id, call.name);
    result = decision.refusal ? refusalResult(decision.refusal) : await runTool(tool, call, run);
    const { refusal, note } = gate.endCall();
    if (refusal) result = refusalResult(refusal);
    if (note) result = { ...result, output: `${result.output}\n\n[${note}]` };
  }
  const durationMs = performance.now() - started;
  emit(resultEvent(call, result, durationMs));
  return { result, durationMs };
}

/** A failed result's event carries its kind; a successful one has no errorKind at all. */
function resultEvent(call: ToolCall, result: ToolResult, durationMs: number): EventPayload<'tool_result'> {
  const event: EventPayload<'tool_result'> = { type: 'tool_result', callId: call.id, name: call.name, ok: result.ok, output: result.output, durationMs };
  return result.ok ? event : { ...event, errorKind: result.errorKind };
}

async function runTool(tool: Tool, call: ToolCall, run: RunContext): Promise<ToolResult> {
  const parsed = parseToolArguments(tool, call.arguments);
  if (!parsed.ok) return fail('invalid_arguments', parsed.error);
  try {
    return await tool.run(parsed.args, { ...run.scope, callId: call.id });
  } catch (error) {
    if (run.scope.signal.aborted) return fail('cancelled', `${call.name} was cancelled.`);
    return fail('internal_error', `${call.name} failed unexpectedly: ${messageOf(error)}`);
  }
}
