// Events of a tool call that waits for the user's approval ("Ask before" in Settings, `--approve ask`).
import { z } from 'zod';
import { ApprovalKindSchema } from '../ask-before';
import { base } from './base';

/** How long the text shown for approval may be: a command, or a file's content or diff. */
export const APPROVAL_LIMITS = { summary: 500, detail: 20_000, reason: 2000 } as const;

/**
 * The run waits before a command or an edit reaches the sandbox: the gate allowed it, and
 * "Ask before" asks for its kind. `summary` is one line (the command, or "create src/a.ts");
 * `detail` what the edit writes (its content or a diff), plain text.
 */
export const ApprovalRequestedSchema = z.object({
  ...base,
  type: z.literal('approval_requested'),
  callId: z.string(),
  tool: z.string(),
  kind: ApprovalKindSchema,
  summary: z.string().max(APPROVAL_LIMITS.summary),
  detail: z.string().max(APPROVAL_LIMITS.detail).optional(),
  /** The file an edit writes, workspace-relative as the model named it. */
  path: z.string().optional(),
});

export const ApprovalDecisionSchema = z.enum(['approved', 'approved_all', 'denied']);
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/**
 * The user's decision. `approved_all` approves this call and every later call of the same kind
 * for the rest of the run (a resume keeps it); `denied` becomes the call's result, with `reason`.
 */
export const ApprovalDecidedSchema = z.object({
  ...base,
  type: z.literal('approval_decided'),
  callId: z.string(),
  kind: ApprovalKindSchema,
  decision: ApprovalDecisionSchema,
  reason: z.string().max(APPROVAL_LIMITS.reason).optional(),
  /** Who decided: the page or a terminal. */
  via: z.enum(['page', 'terminal']),
});
