import { STORED_CHUNK_LIMIT_BYTES } from '../protocol/cut-output';
import { type EngineEvent, EngineEventSchema, parseArgumentsOrNull } from '../protocol/events';
import { BlobRefSchema, type StoredEvent } from '../protocol/session-file';
import { describeFirstIssue } from '../protocol/zod-issue';
import { sha256Hex, utf8Length } from './hash';
import type { BlobStore } from './port';

/** A string longer than this (UTF-8 bytes) is stored as a blob, the event keeping its reference. */
export const EVENT_TEXT_LIMIT_BYTES = 64 * 1024;
/** Command output stays in its event up to this much; the whole chunk goes to a blob while the session has room. */
export const COMMAND_CHUNK_LIMIT_BYTES = STORED_CHUNK_LIMIT_BYTES;

const encoder = new TextEncoder();

export interface BoundedEvent {
  event: StoredEvent;
  /** The blobs the stored event refers to. */
  blobs: string[];
  /** The UTF-8 bytes of the texts moved to them. */
  blobBytes: number;
}

/**
 * An event as it is stored and shared: every string over 64 KB becomes a blob reference, a
 * command's output chunk is cut to its first megabyte (the whole chunk kept as a blob when
 * `keepWholeOutput` agrees, given its bytes; else the event says it was not kept), and a tool
 * call's parsed arguments are left out (they are parsed again from the raw text on load).
 */
export async function boundEvent(
  event: EngineEvent,
  blobs: BlobStore,
  keepWholeOutput: (bytes: number) => Promise<boolean> = async () => true,
): Promise<BoundedEvent> {
  const refs: string[] = [];
  let blobBytes = 0;
  const put = async (text: string): Promise<string> => {
    const hash = await sha256Hex(text);
    blobBytes += utf8Length(text);
    await blobs.putBlob(hash, text);
    refs.push(hash);
    return hash;
  };
  let source: Record<string, unknown> = event;
  if (event.type === 'tool_call') {
    const { args: _parsedAgain, ...rest } = event;
    source = rest;
  }
  const chunkBytes = event.type === 'command_output' ? utf8Length(event.chunk) : 0;
  if (event.type === 'command_output' && chunkBytes > COMMAND_CHUNK_LIMIT_BYTES) {
    const cut = { ...event, chunk: firstBytes(event.chunk, COMMAND_CHUNK_LIMIT_BYTES), fullOutputBytes: chunkBytes };
    source = (await keepWholeOutput(chunkBytes)) ? { ...cut, fullOutput: await put(event.chunk) } : { ...cut, fullOutputOmitted: 'session_cap' };
  }
  const stored = (await boundValue(source, put, event.type === 'command_output' ? 'chunk' : null)) as StoredEvent;
  return { event: stored, blobs: refs, blobBytes };
}

async function boundValue(value: unknown, put: (text: string) => Promise<string>, keepKey: string | null): Promise<unknown> {
  if (typeof value === 'string') {
    // Cheap test first: a string is at most 3 UTF-8 bytes per UTF-16 unit.
    if (value.length * 3 <= EVENT_TEXT_LIMIT_BYTES) return value;
    const bytes = utf8Length(value);
    return bytes > EVENT_TEXT_LIMIT_BYTES ? { $blob: await put(value), bytes } : value;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => boundValue(item, put, null)));
  if (value !== null && typeof value === 'object') {
    // Built from entries, not by assignment: a key named "__proto__" stays a key.
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) entries.push([key, key === keepKey ? item : await boundValue(item, put, null)]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** The longest prefix of `text` that fits in `limit` UTF-8 bytes. */
function firstBytes(text: string, limit: number): string {
  const { read } = encoder.encodeInto(text, new Uint8Array(limit));
  return text.slice(0, read);
}

export type ResolvedEvent = { ok: true; event: EngineEvent } | { ok: false; error: string };

/**
 * A stored event back as the engine wrote it: blob references replaced by their text, the
 * arguments parsed again, and the whole checked against the event schema (stored sessions
 * and shared ones are untrusted input).
 */
export async function resolveEvent(stored: StoredEvent, blobs: BlobStore): Promise<ResolvedEvent> {
  let missing: string | null = null;
  const get = async (hash: string): Promise<string> => {
    const text = await blobs.getBlob(hash);
    if (text === null) missing ??= hash;
    return text ?? '';
  };
  const value = (await resolveValue(stored, get)) as Record<string, unknown>;
  if (missing !== null) return { ok: false, error: `event ${stored.seq} refers to a blob that is missing (${String(missing).slice(0, 12)}…)` };
  if (value.type === 'tool_call' && typeof value.rawArguments === 'string') value.args = parseArgumentsOrNull(value.rawArguments);
  const parsed = EngineEventSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `event ${stored.seq} (${String(stored.type)}) is not valid: ${describeFirstIssue(parsed.error, 'event')}` };
  return { ok: true, event: parsed.data };
}

async function resolveValue(value: unknown, get: (hash: string) => Promise<string>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveValue(item, get)));
  if (value !== null && typeof value === 'object') {
    const ref = BlobRefSchema.safeParse(value);
    if (ref.success) return get(ref.data.$blob);
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) entries.push([key, await resolveValue(item, get)]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** Resolves a whole log, stopping at the first event that does not resolve. */
export async function resolveEvents(
  stored: readonly StoredEvent[],
  blobs: BlobStore,
): Promise<{ ok: true; events: EngineEvent[] } | { ok: false; error: string }> {
  const events: EngineEvent[] = [];
  for (const item of stored) {
    const resolved = await resolveEvent(item, blobs);
    if (!resolved.ok) return resolved;
    events.push(resolved.event);
  }
  return { ok: true, events };
}
