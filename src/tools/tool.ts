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
  /** Who answers ask_human: the page, a terminal, a file of answers; null when nobody can. */
  human: HumanChannel | null;
}

/** A question for the human, as ask_human (or the engine, when the agent loops) puts it. */
export interface HumanQuestion {
  /** The tool call's id, or the engine's own for its questions. */
  callId: string;
  question: string;
  kind: 'question' | 'blocker';
  options?: string[];
}

export interface HumanAnswer {
  answer: string;
  via: 'page' | 'terminal' | 'answers_file';
}

/** Where questions go. The run waits on `ask` until the answer comes or the run stops. */
export interface HumanChannel {
  /** Someone can be asked as the run goes (the page, a terminal), not only a file of answers. */
  readonly interactive: boolean;
  /** The answer, or null when nobody can answer it (no terminal, the answers file ran out). Rejects when `signal` aborts. */
  ask(question: HumanQuestion, signal: AbortSignal): Promise<HumanAnswer | null>;
}

/** What a tool gets for one call. */
export interface ToolContext extends RunScope {
  /** Id of the tool call being executed, for command events. */
  callId: string;
}

export interface PhaseControl {
  /**
   * Advances one phase once the phase's validation (when the policy names one) passes, and says
   * where the run is now; or why it stayed: the final phase, a failed validation (with its output), a stop.
   */
  advance(reason: string): Promise<PhaseAdvance>;
}

/** Why advance_phase left the phase as it was. */
export type PhaseStayKind = Extract<ToolErrorKind, 'final_phase' | 'validation_failed' | 'verification_failed' | 'cancelled'>;
export type PhaseAdvance = { ok: true; message: string } | { ok: false; message: string; errorKind: PhaseStayKind };

/** What the model reads back (`output`). A failure is data, not an exception; its kind is for the page and the tests. */
export type ToolResult = { ok: true; output: string } | { ok: false; output: string; errorKind: ToolErrorKind };
export type ToolFailure = Extract<ToolResult, { ok: false }>;

/** What a tool does, for the phase policy: a new read tool joins the read-only phases on its own. */
export type ToolKind = 'read' | 'edit' | 'execute' | 'think' | 'phase' | 'ask';

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
