/**
 * The event log is the session. Every state change is one of these events;
 * the UI, the CLI, persistence and the tests all read the same log.
 * Events are plain JSON, carry a schema version, and never hold a secret.
 * Each family's schemas live in `events/`; this entry composes the union and re-exports them.
 */
import { z } from 'zod';
import { ApprovalDecidedSchema, ApprovalRequestedSchema } from './events/approvals';
import { FinalCheckFinishedSchema, FinalCheckStartedSchema } from './events/checks';
import { CommandFinishedSchema, CommandOutputSchema, CommandStartedSchema } from './events/commands';
import { LoopDetectedSchema, RecoveryFinishedSchema, RecoveryStartedSchema } from './events/failures';
import { FileChangedSchema, FileOutlineSchema, FileReadSchema } from './events/files';
import { HumanAnsweredSchema, HumanAskedSchema } from './events/human';
import {
  AssistantMessageSchema,
  ContextCompactedSchema,
  ModelDeltaSchema,
  ModelRetrySchema,
  ToolCallPreparingSchema,
  UsageSchema,
  UserMessageSchema,
} from './events/model';
import {
  PhaseChangedSchema,
  PhaseRollbackCompletedSchema,
  PhaseRollbackFailedSchema,
  PhaseRollbackStartedSchema,
  PhaseValidationSchema,
  PhaseViolationSchema,
} from './events/phases';
import { PreviewClosedSchema, PreviewReadySchema } from './events/previews';
import { RoleFinishedSchema, RoleStartedSchema } from './events/roles';
import { IterationStartedSchema, NoticeSchema, RunConfiguredSchema, RunFinishedSchema, RunStartedSchema } from './events/run';
import { CheckpointRestoredSchema, RunResumedSchema, WorkspaceSnapshotSchema } from './events/sessions';
import { ToolCallEventSchema, ToolResultSchema } from './events/tools';

export * from './events/approvals';
export { BlobHashSchema, EVENT_SCHEMA_VERSION } from './events/base';
export * from './events/checks';
export * from './events/commands';
export * from './events/failures';
export * from './events/files';
export * from './events/human';
export * from './events/model';
export * from './events/phases';
export * from './events/previews';
export * from './events/roles';
export * from './events/run';
export * from './events/sessions';
export * from './events/tools';

export const EngineEventSchema = z.discriminatedUnion('type', [
  RunStartedSchema,
  RunConfiguredSchema,
  RunResumedSchema,
  IterationStartedSchema,
  UserMessageSchema,
  WorkspaceSnapshotSchema,
  LoopDetectedSchema,
  RecoveryStartedSchema,
  RecoveryFinishedSchema,
  CheckpointRestoredSchema,
  PhaseValidationSchema,
  PhaseRollbackStartedSchema,
  PhaseRollbackCompletedSchema,
  PhaseRollbackFailedSchema,
  FinalCheckStartedSchema,
  FinalCheckFinishedSchema,
  HumanAskedSchema,
  HumanAnsweredSchema,
  ApprovalRequestedSchema,
  ApprovalDecidedSchema,
  ContextCompactedSchema,
  UsageSchema,
  ModelDeltaSchema,
  ToolCallPreparingSchema,
  ModelRetrySchema,
  AssistantMessageSchema,
  ToolCallEventSchema,
  ToolResultSchema,
  FileReadSchema,
  FileOutlineSchema,
  FileChangedSchema,
  CommandStartedSchema,
  CommandOutputSchema,
  CommandFinishedSchema,
  NoticeSchema,
  PhaseChangedSchema,
  PhaseViolationSchema,
  RoleStartedSchema,
  RoleFinishedSchema,
  RunFinishedSchema,
  PreviewReadySchema,
  PreviewClosedSchema,
]);

export type EngineEvent = z.infer<typeof EngineEventSchema>;
export type EngineEventType = EngineEvent['type'];
export type EventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

/** An event as emitted by a component, before the session stamps v/seq/ts/runId. */
export type EventPayload<T extends EngineEventType = EngineEventType> = T extends EngineEventType ? Omit<EventOf<T>, 'v' | 'seq' | 'ts' | 'runId'> : never;

/** Emitter handed to tools and loops; the session stamps and records. */
export type Emit = (event: EventPayload) => void;
