import { z } from 'zod';
import { BlobHashSchema, ModelInfoSchema } from './events';
import { ModeSchema } from './settings';

/**
 * A stored or shared session: its metadata, its events in stored form (long texts moved
 * to blobs, see bounded-event.ts in src/store) and the blobs they and its snapshots refer to.
 * The browser's store, the `*.phasegate.json` file, the share link and the CLI all hold this.
 */
export const SESSION_FILE_FORMAT = 'phasegate-session';
export const SESSION_FILE_VERSION = 1;
export const SESSION_FILE_SUFFIX = '.phasegate.json';
/** A session file larger than this is not read (a workspace is capped at 50 MB; its log adds less). */
export const SESSION_FILE_LIMIT_BYTES = 128 * 1024 * 1024;

/** Why a session file is not read before reading it, or null. */
export function sessionFileTooLarge(bytes: number): string | null {
  return bytes > SESSION_FILE_LIMIT_BYTES
    ? `The file has ${Math.round(bytes / 1024 / 1024)} MB; a session file may have at most ${SESSION_FILE_LIMIT_BYTES / 1024 / 1024} MB.`
    : null;
}

/** A stored session's status: a run's, or "interrupted" when its tab or worker went away mid-run. */
export const SessionStatusSchema = z.enum(['running', 'completed', 'failed', 'cancelled', 'interrupted']);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const SessionMetaSchema = z
  .object({
    id: z.string().min(1).max(200),
    task: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    /** "running" while the run writes to it; a store that finds it so after a restart shows it as interrupted. */
    status: SessionStatusSchema,
    mode: ModeSchema,
    model: ModelInfoSchema,
    sandbox: z.enum(['virtual', 'webcontainer']),
    eventCount: z.number().int().nonnegative(),
    /** How many runs the session holds (absent in sessions stored before a session could hold several). */
    runs: z.number().int().nonnegative().optional(),
    /** Bytes of its events and of the blobs only it refers to, as stored. */
    bytes: z.number().int().nonnegative(),
    /** Set on a session made by "Continue from here": where it came from. */
    forkedFrom: z.object({ sessionId: z.string(), seq: z.number().int().nonnegative() }).strict().optional(),
    /** A ready-made session (a scripted scenario), not one the user ran. */
    builtIn: z.boolean().optional(),
  })
  .strict();
export type SessionMeta = z.infer<typeof SessionMetaSchema>;

/** A reference to a blob that stands where a long string was. */
export const BlobRefSchema = z.object({ $blob: BlobHashSchema, bytes: z.number().int().nonnegative() }).strict();
export type BlobRef = z.infer<typeof BlobRefSchema>;

/**
 * An event as stored: plain JSON whose long strings may be blob references. It is checked
 * field by field against the event schema once its references are resolved.
 */
export const StoredEventSchema = z.looseObject({ type: z.string(), seq: z.number().int().nonnegative() });
export type StoredEvent = z.infer<typeof StoredEventSchema>;

/** Blob contents are UTF-8 text (the sandboxes hold files as text). */
export const SessionFileSchema = z
  .object({
    format: z.literal(SESSION_FILE_FORMAT),
    version: z.number().int().positive(),
    session: SessionMetaSchema,
    events: z.array(StoredEventSchema),
    blobs: z.record(BlobHashSchema, z.string()),
  })
  .strict();
export type SessionFile = z.infer<typeof SessionFileSchema>;

/**
 * A workspace snapshot's manifest: workspace-relative path → content hash. Checked as a list of
 * entries, because z.record drops a "__proto__" key (a file may be named that).
 */
export const SnapshotManifestSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : value),
  z.array(z.tuple([z.string(), BlobHashSchema])).transform((entries): Record<string, string> => Object.fromEntries(entries)),
);
export type SnapshotManifest = z.infer<typeof SnapshotManifestSchema>;
