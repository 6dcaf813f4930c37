import type { z } from 'zod';
import type { Emit, ToolErrorKind } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import type { FileVersions } from './file-versions';

export type { ToolErrorKind } from '../protocol/events';

/**
 * What the tools of one run share: the tools' view of the engine's run context, built
 * once per run. It never holds the model, the session or the gate.
 */
export interface RunScope {
  /** The gated sandbox handle: tools never see the raw sandbox. */
  sandbox: Sandbox;
  emit: Emit;
  signal: AbortSignal;
  /** plan_exec only: moves the run to its next phase. Null in react mode. */
  phases: PhaseControl | null;
  /** What the agent has read in this run; edit_file insists on a fresh read. Null leaves that check out (tool unit tests). */
  fileVersions: FileVersions | null;
  /** create_file and edit_file refuse a write that adds syntax errors (supported languages only). */
  refuseSyntaxErrors: boolean;
}

/** What a tool gets for one call. */
export interface ToolContext extends RunScope {
  /** Id of the tool call being executed, for command events. */
  callId: string;
}

export interface PhaseControl {
  /** Advances one phase and says where the run is now, or that it is already at the final phase. */
  advance(reason: string): { ok: boolean; message: string };
}

/** What the model reads back (`output`). A failure is data, not an exception; its kind is for the page and the tests. */
export type ToolResult = { ok: true; output: string } | { ok: false; output: string; errorKind: ToolErrorKind };
export type ToolFailure = Extract<ToolResult, { ok: false }>;

/** What a tool does, for the phase policy: a new read tool joins the read-only phases on its own. */
export type ToolKind = 'read' | 'edit' | 'execute' | 'think' | 'phase';

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  kind: ToolKind;
  description: string;
  schema: S;
  run(args: z.infer<S>, ctx: ToolContext): Promise<ToolResult>;
}

/** Helper that keeps the schema and the run function's argument type in step. */
export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}

export const ok = (output: string): ToolResult => ({ ok: true, output });
export const fail = (errorKind: ToolErrorKind, output: string): ToolFailure => ({ ok: false, output, errorKind });
