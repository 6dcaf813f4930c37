import { deflateSync, Inflate } from 'fflate';
import type { SessionFile } from '../protocol/session-file';
import { sha256Hex } from './hash';

/** A link never inflates past this (a small link could otherwise unpack into gigabytes). */
export const SHARE_INFLATE_LIMIT_BYTES = 10 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * The session, deflated (raw) and base64url-encoded, for a URL fragment. Blobs whose text every
 * page already has (`knownTexts`: the starter project's files) are left out; the page that opens
 * the link puts them back (`loadSessionFile`'s `knownTexts`), so a link carries the starter
 * snapshot by reference and only the files that changed.
 */
export async function encodeSessionForLink(file: SessionFile, knownTexts: readonly string[] = []): Promise<string> {
  const known = new Set(await Promise.all(knownTexts.map((text) => sha256Hex(text))));
  const blobs = Object.fromEntries(Object.entries(file.blobs).filter(([hash]) => !known.has(hash)));
  return toBase64Url(deflateSync(encoder.encode(JSON.stringify({ ...file, blobs })), { level: 9 }));
}

export type DecodedLink = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * A shared session's fragment back to JSON: untrusted input. Bad base64, a stream that is
 * not deflate, one cut short, or one that inflates past 10 MB each give one clear message.
 */
export function decodeSessionFromLink(encoded: string): DecodedLink {
  const bytes = fromBase64Url(encoded);
  if (bytes === null) return { ok: false, error: 'The link is damaged or cut short: its session part is not valid base64url.' };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let tooBig = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > SHARE_INFLATE_LIMIT_BYTES) tooBig = true;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    // Fed in slices, so inflating stops soon after the limit is passed.
    for (let offset = 0; offset < bytes.length && !tooBig; offset += 16 * 1024) {
      inflate.push(bytes.subarray(offset, offset + 16 * 1024), offset + 16 * 1024 >= bytes.length);
    }
  } catch {
    return { ok: false, error: 'The link is damaged: its session part does not unpack.' };
  }
  if (tooBig) return { ok: false, error: `The link unpacks to more than ${SHARE_INFLATE_LIMIT_BYTES / 1024 / 1024} MB, so it was not opened.` };
  if (!ended) return { ok: false, error: 'The link is cut short: copy the whole link and try again.' };
  const joined = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(joined)) };
  } catch {
    // A link cut short usually still inflates, into JSON that stops mid-way.
    return { ok: false, error: 'The link is damaged or cut short: copy the whole link and try again.' };
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
