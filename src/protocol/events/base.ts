// What every event shares: the schema version, the fields the session stamps, blob hashes.
import { z } from 'zod';

export const EVENT_SCHEMA_VERSION = 1;

/** A SHA-256 in lower-case hex: the key of a blob (a file's content, a snapshot manifest, a long text). */
export const BlobHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a blob hash is 64 hex digits');

/** The fields the session stamps on every event. */
export const base = {
  v: z.literal(EVENT_SCHEMA_VERSION),
  seq: z.number().int().nonnegative(),
  ts: z.number(),
  runId: z.string(),
};
