import type { Emit, ToolCall } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { FileVersions } from '../tools/file-versions';
import type { PhaseControl, Tool, ToolResult } from '../tools/tool';
import { parseToolArguments } from '../tools/registry';
import type { Gate, Refusal } from './gate';
import { messageOf } from '../protocol/error-message';

export interface ToolExecution {
  result: ToolResult;
  durationMs: number;
}

export interface ExecutionContext {
  /** The gated handle: tools never see the raw sandbox. */
  sandbox: Sandbox;
  gate: Gate;
  phases?: PhaseControl;
  fileVersions: FileVersions;
  /** Refuse writes that add syntax errors (the "refuse edits that break the syntax" setting). */
  refuseSyntaxErrors?: boolean;
  emit: Emit;
  signal: AbortSignal;
}

function parsedOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw === '' ? '{}' : raw);
  } catch {
    return null;
  }
}

/** A refusal as the model reads it: structured, with what to do next. */
export function refusalResult(refusal: Refusal): ToolResult {
  return { ok: false, output: JSON.stringify(refusal, null, 2) };
}

/**
 * Runs one tool call and records it. Whatever goes wrong (unknown tool, a phase
 * refusal, bad JSON, schema failure, a tool that throws) becomes a result the model can read.
 */
export async function executeToolCall(call: ToolCall, tools: readonly Tool[], context: ExecutionContext): Promise<ToolExecution> {
  const { emit, gate } = context;
  emit({ type: 'tool_call', callId: call.id, name: call.name, args: parsedOrNull(call.arguments), rawArguments: call.arguments });
  const started = performance.now();
  const tool = tools.find((t) => t.name === call.name);
  let result: ToolResult;
  if (!tool) {
    result = { ok: false, output: `Unknown tool "${call.name}". Available tools: ${tools.map((t) => t.name).join(', ')}.` };
  } else {
    const decision = gate.beginCall(call.id, call.name);
    result = decision.refusal ? refusalResult(decision.refusal) : await runTool(tool, call, context);
    const { refusal, note } = gate.endCall();
    if (refusal) result = refusalResult(refusal);
    if (note) result = { ...result, output: `${result.output}\n\n[${note}]` };
  }
  const durationMs = performance.now() - started;
  emit({ type: 'tool_result', callId: call.id, name: call.name, ok: result.ok, output: result.output, durationMs });
  return { result, durationMs };
}

async function runTool(tool: Tool, call: ToolCall, context: ExecutionContext): Promise<ToolResult> {
  const parsed = parseToolArguments(tool, call.arguments);
  if (!parsed.ok) return { ok: false, output: parsed.error };
  const { sandbox, emit, signal, phases, fileVersions, refuseSyntaxErrors } = context;
  try {
    return await tool.run(parsed.args, {
      sandbox,
      emit,
      signal,
      fileVersions,
      callId: call.id,
      ...(phases ? { phases } : {}),
      ...(refuseSyntaxErrors ? { refuseSyntaxErrors } : {}),
    });
  } catch (error) {
    if (signal.aborted) return { ok: false, output: `${call.name} was cancelled.` };
    const message = messageOf(error);
    return { ok: false, output: `${call.name} failed unexpectedly: ${message}` };
  }
}
