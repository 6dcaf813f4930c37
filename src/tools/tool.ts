import type { z } from 'zod';
import type { Emit } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { FileVersions } from './file-versions';

/** What a tool gets to do its job. It never sees the model or the session. */
export interface ToolContext {
  /** The workspace sandbox (a gated handle once phase gating exists). */
  sandbox: Sandbox;
  emit: Emit;
  signal: AbortSignal;
  /** Id of the tool call being executed, for command events. */
  callId: string;
  /** Present in plan_exec mode only: moves the run to its next phase. */
  phases?: PhaseControl;
  /** What the agent has read in this run; edit_file insists on a fresh read. */
  fileVersions?: FileVersions;
  /** When true, create_file and edit_file refuse a write that adds syntax errors (supported languages only). */
  refuseSyntaxErrors?: boolean;
}

export interface PhaseControl {
  /** Advances one phase and says where the run is now, or that it is already at the final phase. */
  advance(reason: string): { ok: boolean; message: string };
}

/** What the model reads back. A failure is data, not an exception. */
export interface ToolResult {
  ok: boolean;
  output: string;
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  run(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult>;
}

/** Helper that keeps the schema and the run function's argument type in step. */
export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}

export const ok = (output: string): ToolResult => ({ ok: true, output });
export const fail = (output: string): ToolResult => ({ ok: false, output });
