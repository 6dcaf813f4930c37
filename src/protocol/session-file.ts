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

/**
 * At most this many events open from a file or a link (the largest scripted scenario records
 * about 230, a long real run a few thousand): past it the page would spend minutes reducing the
 * log. The streamed pieces of replies (`model_delta`, a few per reply) are counted apart, against
 * a limit of their own, so a long run's own session file always reads back.
 */
export const SESSION_EVENT_LIMIT = 20_000;
export const STREAMED_PIECE_LIMIT = 200_000;

/** Why a session's events are too many to open, or null; counted before any of them is checked. */
export function sessionTooManyEvents(events: readonly unknown[]): string | null {
  let pieces = 0;
  for (const event of events) if ((event as { type?: unknown } | null)?.type === 'model_delta') pieces++;
  const others = events.length - pieces;
  const count = (n: number) => n.toLocaleString('en-US');
  if (others > SESSION_EVENT_LIMIT)
    return `The session has ${count(others)} events; Phasegate opens sessions of at most ${count(SESSION_EVENT_LIMIT)} (the streamed pieces of replies aside), so it was not opened.`;
  if (pieces > STREAMED_PIECE_LIMIT)
    return `The session has ${count(pieces)} streamed pieces of replies; Phasegate opens sessions of at most ${count(STREAMED_PIECE_LIMIT)}, so it was not opened.`;
  return null;
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
    /** A ready-made session (a scripted scenario), not one the user ran. Set only by the page's own recording. */
    builtIn: z.boolean().optional(),
    /**
     * Set by the page that stored it when the session came from a share link or a session file:
     * it is replayed, never resumed. What a file says here is not read (its meta is worked out again).
     */
    importedFrom: z.enum(['link', 'file']).optional(),
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
