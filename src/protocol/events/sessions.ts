// Events of a stored session: workspace snapshots, restored checkpoints, a resumed run.
import { z } from 'zod';
import { base, BlobHashSchema } from './base';
import { PhaseSchema } from './phases';
import { resumedSettings } from './run';

/**
 * The workspace at a point of the run, content-addressed: `manifest` is the hash of a blob that
 * maps each workspace-relative path to the hash of its content. Taken at the start, after each
 * step that may have written a file (before that step's tool_result), at each phase boundary
 * the model crossed (reason "phase", always recorded: a named checkpoint), and at the end.
 */
export const WorkspaceSnapshotSchema = z.object({
  ...base,
  type: z.literal('workspace_snapshot'),
  manifest: BlobHashSchema,
  /** user_edit: after the user saved a file between runs, so a replay and a restore see it. */
  reason: z.enum(['run_start', 'step', 'phase', 'run_end', 'user_edit']),
  /** The step's tool call, for reason "step". */
  callId: z.string().optional(),
  /** For reason "phase": the phase this checkpoint starts (the one advance_phase moves to). */
  phase: PhaseSchema.optional(),
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Files created, changed or deleted since the previous snapshot. */
  changed: z.number().int().nonnegative(),
});

/** The files were put back as a checkpoint (a workspace snapshot) held them, at the user's word. */
export const CheckpointRestoredSchema = z.object({
  ...base,
  type: z.literal('checkpoint_restored'),
  manifest: BlobHashSchema,
  /** Files created, changed or deleted by the restore. */
  changed: z.number().int().nonnegative(),
});

/** The run goes on after an interruption (a reload, a worker that died), from the log and a snapshot. */
export const RunResumedSchema = z.object({
  ...base,
  type: z.literal('run_resumed'),
  /** The snapshot the workspace was restored to (null when the log had none). */
  manifest: BlobHashSchema.nullable(),
  /** Tool calls that were in flight and were not run again. */
  interruptedCalls: z.array(z.string()),
  reason: z.string(),
  /** The session the run belongs to, when it is not the run's own (its run_started's `sessionId`). */
  sessionId: z.string().min(1).max(200).optional(),
  ...resumedSettings,
});
