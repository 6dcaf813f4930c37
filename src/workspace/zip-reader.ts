/**
 * Reads a zip archive from its central directory and inflates one entry at a time in small
 * pieces, so a caller can stop as soon as it has seen enough. Nothing the archive declares
 * bounds the reading: sizes and offsets are checked to lie inside the bytes given, and an
 * entry's output is measured as it is inflated.
 *
 * Kept, not fflate's streaming Unzip: it scans the local headers (guessing where entries with a
 * data descriptor end) and keeps a list it grows at the front, so 100,000 entries took 2.9 s
 * just to list.
 */

import { Inflate } from 'fflate';

export interface ZipEntry {
  /** The name as stored (UTF-8, or Latin-1 when the bytes are not UTF-8). */
  name: string;
  /** Where the entry's local header starts and its data ends. */
  start: number;
  dataStart: number;
  dataEnd: number;
  method: number;
  encrypted: boolean;
  /** What the archive claims the entry inflates to: trusted to skip a file, never to bound reading. */
  declaredSize: number;
}

export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;
/** Compressed bytes inflated per step: one step's output stays under about 8 MB (deflate expands at most 1032×). */
const PIECE = 8192;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

class Bytes {
  private readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  need(at: number, length: number): void {
    if (!Number.isSafeInteger(at) || at < 0 || length < 0 || at + length > this.data.length) throw new ZipFormatError('The zip is damaged or cut short.');
  }
  u16(at: number): number {
    this.need(at, 2);
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    this.need(at, 4);
    return this.view.getUint32(at, true);
  }
  u64(at: number): number {
    this.need(at, 8);
    return Number(this.view.getBigUint64(at, true));
  }
  slice(at: number, length: number): Uint8Array {
    this.need(at, length);
    return this.data.subarray(at, at + length);
  }
}

/** The archive's entries, folders included, in central-directory order. Throws ZipFormatError. */
export function readZipEntries(zip: Uint8Array): ZipEntry[] {
  const bytes = new Bytes(zip);
  const eocd = findEndRecord(bytes);
  let count = bytes.u16(eocd + 10);
  let offset = bytes.u32(eocd + 16);
  if (count === 0xffff || offset === MAX32) {
    const locator = eocd - 20;
    if (locator >= 0 && bytes.u32(locator) === ZIP64_LOCATOR) {
      const end64 = bytes.u64(locator + 8);
      if (bytes.u32(end64) !== ZIP64_EOCD) throw new ZipFormatError('The zip is damaged: its Zip64 end record is missing.');
      count = bytes.u64(end64 + 32);
      offset = bytes.u64(end64 + 48);
    }
  }
  const entries: ZipEntry[] = [];
  for (let i = 0, at = offset; i < count; i++) {
    if (bytes.u32(at) !== CENTRAL) throw new ZipFormatError('The zip is damaged: its central directory is cut short.');
    const nameLength = bytes.u16(at + 28);
    const extraLength = bytes.u16(at + 30);
    const sizes = zip64Sizes(bytes, at, bytes.slice(at + 46 + nameLength, extraLength));
    entries.push(entryAt(bytes, at, sizes));
    at += 46 + nameLength + extraLength + bytes.u16(at + 32);
  }
  refuseOverlaps(entries);
  return entries;
}

function findEndRecord(bytes: Bytes): number {
  const last = bytes.data.length - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (bytes.u32(at) === EOCD) return at;
  throw new ZipFormatError('This is not a zip file.');
}

/** The sizes and offset of a central-directory entry, with Zip64's 8-byte values where the 4-byte fields hold 0xFFFFFFFF. */
function zip64Sizes(bytes: Bytes, at: number, extra: Uint8Array): { compressed: number; size: number; local: number } {
  const values = { size: bytes.u32(at + 24), compressed: bytes.u32(at + 20), local: bytes.u32(at + 42) };
  const wide = (['size', 'compressed', 'local'] as const).filter((key) => values[key] === MAX32);
  if (wide.length === 0) return values;
  const fields = new Bytes(extra);
  for (let field = 0; field + 4 <= extra.length; field += 4 + fields.u16(field + 2)) {
    if (fields.u16(field) !== 0x0001) continue;
    wide.forEach((key, index) => (values[key] = fields.u64(field + 4 + 8 * index)));
    return values;
  }
  throw new ZipFormatError('The zip is damaged: a Zip64 entry lacks its sizes.');
}

function entryAt(bytes: Bytes, at: number, sizes: { compressed: number; size: number; local: number }): ZipEntry {
  const flags = bytes.u16(at + 8);
  const rawName = bytes.slice(at + 46, bytes.u16(at + 28));
  if (bytes.u32(sizes.local) !== LOCAL) throw new ZipFormatError('The zip is damaged: an entry points to no file.');
  const dataStart = sizes.local + 30 + bytes.u16(sizes.local + 26) + bytes.u16(sizes.local + 28);
  bytes.need(dataStart, sizes.compressed);
  return {
    name: decodeName(rawName),
    start: sizes.local,
    dataStart,
    dataEnd: dataStart + sizes.compressed,
    method: bytes.u16(at + 10),
    encrypted: (flags & 1) !== 0,
    declaredSize: sizes.size,
  };
}

function decodeName(raw: Uint8Array): string {
  try {
    return utf8.decode(raw);
  } catch {
    return latin1.decode(raw);
  }
}

/** Entries sharing bytes are how the smallest zip bombs multiply one compressed block; no honest archive has them. */
function refuseOverlaps(entries: readonly ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if ((sorted[i] as ZipEntry).start < (sorted[i - 1] as ZipEntry).dataEnd)
      throw new ZipFormatError('The zip is not safe to read: two of its entries share the same bytes.');
  }
}

/** Feeds the entry's contents to `sink` a piece at a time; false when `sink` stopped it before the end. */
export function inflateEntry(zip: Uint8Array, entry: ZipEntry, sink: (chunk: Uint8Array) => boolean): boolean {
  if (entry.encrypted) throw new ZipFormatError(`${entry.name} is encrypted; unzip it first.`);
  const data = zip.subarray(entry.dataStart, entry.dataEnd);
  if (entry.method === 0 || data.length === 0) {
    for (let at = 0; at < data.length; at += PIECE) if (!sink(data.subarray(at, at + PIECE)) && at + PIECE < data.length) return false;
    return true;
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name} uses a compression method this app cannot read (${entry.method}).`);
  let wanted = true;
  const inflate = new Inflate((chunk) => {
    if (wanted && chunk.length > 0) wanted = sink(chunk);
  });
  try {
    for (let at = 0; at < data.length; at += PIECE) {
      inflate.push(data.subarray(at, at + PIECE), at + PIECE >= data.length);
      if (!wanted) return at + PIECE >= data.length;
    }
  } catch {
    throw new ZipFormatError(`The zip is damaged: ${entry.name} does not inflate.`);
  }
  return true;
}
