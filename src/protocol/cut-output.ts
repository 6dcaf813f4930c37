import type { EventOf } from './events';

/**
 * Command output as stored: each output event keeps at most its first mebibyte, and the whole
 * chunk goes to a blob while the session's whole outputs stay within 64 MiB. A session file may
 * hold 128 MB (`SESSION_FILE_LIMIT_BYTES`) and a workspace 50 MB: with at most 64 MiB of whole
 * outputs beside them, a session whose commands printed without end still saves and opens.
 */
export const STORED_CHUNK_LIMIT_BYTES = 1024 * 1024;
export const SESSION_FULL_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * What a stored output event left out, in one line for the Terminal and `show`; null when its
 * chunk is whole (live events, short outputs).
 */
export function cutOutputNote(event: EventOf<'command_output'>): string | null {
  if (event.fullOutput === undefined && event.fullOutputOmitted === undefined) return null;
  const of = event.fullOutputBytes === undefined ? '' : ` of ${mebibytes(event.fullOutputBytes)}`;
  const cut = `[stored output cut to its first ${mebibytes(STORED_CHUNK_LIMIT_BYTES)}${of};`;
  return event.fullOutputOmitted === 'session_cap'
    ? `${cut} the whole output was not kept: this session had already kept ${mebibytes(SESSION_FULL_OUTPUT_LIMIT_BYTES)} of whole command outputs]`
    : `${cut} the whole output is kept with the session]`;
}
