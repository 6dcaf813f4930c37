import { endSentence } from '../protocol/error-message';
import { type EngineEvent, STREAMED_EVENT_TYPES } from '../protocol/events';
import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_VERSION,
  type SessionFile,
  SessionFileSchema,
  type SessionMeta,
  sessionTooManyEvents,
  type StoredEvent,
} from '../protocol/session-file';
import { describeFirstIssue } from '../protocol/zod-issue';
import { resolveEvents } from './bounded-event';
import { sha256Hex } from './hash';
import { MemoryStore } from './memory-store';
import type { BlobStore, SessionStore } from './port';
import { redactSessionFile } from './redact-session';
import { referencedBlobs } from './references';

/**
 * A stored session as one file (and, compressed, as a share link), `secrets` redacted (a
 * session stored before snapshots kept the key out may still hold it in a file).
 */
export async function exportSession(
  store: SessionStore,
  id: string,
  options: { withoutDeltas?: boolean; secrets?: Iterable<string> } = {},
): Promise<SessionFile> {
  const session = await store.getSession(id);
  if (!session) throw new Error(`there is no session "${id}"`);
  let events = await store.loadEvents(id);
  if (options.withoutDeltas) events = events.filter((event) => !STREAMED_EVENT_TYPES.has(event.type));
  return redactSessionFile(await buildSessionFile(session, events, store), options.secrets ?? []);
}

/** The file for a session's metadata and stored events, with every blob they refer to. */
export async function buildSessionFile(session: SessionMeta, events: StoredEvent[], blobs: BlobStore): Promise<SessionFile> {
  const file: SessionFile = { format: SESSION_FILE_FORMAT, version: SESSION_FILE_VERSION, session, events, blobs: {} };
  for (const hash of await referencedBlobs(events, blobs)) {
    const text = await blobs.getBlob(hash);
    if (text !== null) file.blobs[hash] = text;
  }
  return file;
}

export interface LoadedSession {
  file: SessionFile;
  /** Its events resolved and checked against the event schema. */
  events: EngineEvent[];
  /** A store holding only this session, to read its blobs (snapshots) from. */
  store: MemoryStore;
}

export type LoadResult = { ok: true; session: LoadedSession } | { ok: false; error: string };

/**
 * Reads a session file or a decoded share link: untrusted input. The format and version are
 * checked, the events are counted (`sessionTooManyEvents`), every blob must hash to its key (so
 * nothing was altered), and every event must resolve and match the event schema. Any failure is
 * one clear message.
 */
export async function loadSessionFile(value: unknown, options: { knownTexts?: readonly string[] } = {}): Promise<LoadResult> {
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== SESSION_FILE_FORMAT) {
    return { ok: false, error: 'This is not a Phasegate session.' };
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > SESSION_FILE_VERSION) {
    return { ok: false, error: `This session was saved by a newer Phasegate (format version ${version}); this one reads version ${SESSION_FILE_VERSION}.` };
  }
  const events = (value as { events?: unknown }).events;
  const tooMany = Array.isArray(events) ? sessionTooManyEvents(events) : null;
  if (tooMany !== null) return { ok: false, error: tooMany };
  const parsed = SessionFileSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: `The session is damaged: ${describeFirstIssue(parsed.error, 'session')}.` };
  const file = parsed.data;
  const store = new MemoryStore();
  for (const [hash, text] of Object.entries(file.blobs)) {
    if ((await sha256Hex(text)) !== hash) return { ok: false, error: 'The session is damaged: a stored file does not match its checksum.' };
    await store.putBlob(hash, text);
  }
  // A share link leaves out the texts every page has (the starter project): they come back by their hash.
  const known = new Map<string, string>();
  for (const text of options.knownTexts ?? []) known.set(await sha256Hex(text), text);
  for (const hash of await referencedBlobs(file.events, store)) {
    if ((await store.getBlob(hash)) !== null) continue;
    const text = known.get(hash);
    if (text === undefined) return { ok: false, error: 'The session is damaged: a file or text it refers to is missing.' };
    file.blobs[hash] = text;
    await store.putBlob(hash, text);
  }
  const resolved = await resolveEvents(file.events, store);
  if (!resolved.ok) return { ok: false, error: endSentence(`The session is damaged: ${resolved.error}`) };
  const runIds = new Set(resolved.events.map((event) => event.runId));
  if (runIds.size > 1) return { ok: false, error: 'The session is damaged: its events belong to more than one run.' };
  await store.append({ meta: file.session, events: file.events, blobs: Object.keys(file.blobs) });
  return { ok: true, session: { file, events: resolved.events, store } };
}

/** Parses the text of a `*.phasegate.json` file, then loads it. */
export async function parseSessionFile(text: string): Promise<LoadResult> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This is not a Phasegate session: the file is not JSON (it may be cut short).' };
  }
  return loadSessionFile(value);
}
