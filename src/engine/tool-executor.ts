import type { Emit, ToolCall } from './events';
import type { Sandbox } from '../sandbox/port';
import type { Tool, ToolResult } from '../tools/tool';
import { parseToolArguments } from '../tools/registry';

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

/**
 * Runs one tool call and records it. Whatever goes wrong (unknown tool, bad JSON,
 * schema failure, a tool that throws) becomes a result the model can read.
 */
export async function executeToolCall(
  call: ToolCall,
  tools: readonly Tool[],
  context: { sandbox: Sandbox; emit: Emit; signal: AbortSignal },
): Promise<ToolExecution> {
  const { emit } = context;
  emit({ type: 'tool_call', callId: call.id, name: call.name, args: parsedOrNull(call.arguments), rawArguments: call.arguments });
  const started = performance.now();
  const result = await runTool(call, tools, context);
  const durationMs = performance.now() - started;
  emit({ type: 'tool_result', callId: call.id, name: call.name, ok: result.ok, output: result.output, durationMs });
  return { result, durationMs };
}

async function runTool(
  call: ToolCall,
  tools: readonly Tool[],
  context: { sandbox: Sandbox; emit: Emit; signal: AbortSignal },
): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name).join(', ');
    return { ok: false, output: `Unknown tool "${call.name}". Available tools: ${names}.` };
  }
  const parsed = parseToolArguments(tool, call.arguments);
  if (!parsed.ok) return { ok: false, output: parsed.error };
  try {
    return await tool.run(parsed.args, { ...context, callId: call.id });
  } catch (error) {
    if (context.signal.aborted) return { ok: false, output: `${call.name} was cancelled.` };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, output: `${call.name} failed unexpectedly: ${message}` };
  }
}
