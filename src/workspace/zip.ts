import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { concatBytes } from '../protocol/bytes';
import { megabytes } from './figures';
import type { WorkspaceFiles } from './files';
import { ImportFilter, type ImportLimits, importOrder, type ImportResult } from './import-filter';
import { UnsafeZipError, workspaceEntries } from './zip-paths';
import { inflateEntry, readZipEntries, type ZipEntry, ZipFormatError } from './zip-reader';

const STORE_BELOW = 512;

/** The workspace as a zip archive, files in path order. */
export function zipWorkspace(files: WorkspaceFiles): Uint8Array {
  const chunks: Uint8Array[] = [];
  // The streaming writer, not zipSync: zipSync takes an object, where a file named "__proto__" would vanish.
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const path of [...files.keys()].sort()) {
    const bytes = files.get(path) as Uint8Array;
    // Deflate costs about 50 µs a file whatever its size (70,000 small files took 4 s); a small file gains little from it.
    const file = bytes.length < STORE_BELOW ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
    zip.add(file);
    file.push(bytes, true);
  }
  zip.end();
  return withZip64Count(concatBytes(chunks), files.size);
}

/**
 * fflate writes the entry count in 16 bits, which wraps past 65,535 files (a workspace with its
 * node_modules gets there). The format's answer: Zip64 end records carry the count, and the
 * classic record says 0xFFFF. Sizes and offsets stay 32-bit: a workspace in memory is far from 4 GB.
 */
function withZip64Count(zip: Uint8Array, count: number): Uint8Array {
  if (count < 0xffff) return zip;
  const end = zip.length - 22; // fflate writes no archive comment
  const old = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out = new Uint8Array(zip.length + 56 + 20);
  const view = new DataView(out.buffer);
  out.set(zip.subarray(0, end));
  view.setUint32(end, 0x06064b50, true);
  view.setBigUint64(end + 4, 44n, true); // the record's size after this field
  view.setUint16(end + 12, 45, true);
  view.setUint16(end + 14, 45, true);
  view.setBigUint64(end + 24, BigInt(count), true);
  view.setBigUint64(end + 32, BigInt(count), true);
  view.setBigUint64(end + 40, BigInt(old.getUint32(end + 12, true)), true);
  view.setBigUint64(end + 48, BigInt(old.getUint32(end + 16, true)), true);
  view.setUint32(end + 56, 0x07064b50, true);
  view.setBigUint64(end + 64, BigInt(end), true);
  view.setUint32(end + 72, 1, true);
  out.set(zip.subarray(end), end + 76);
  view.setUint16(end + 76 + 8, 0xffff, true);
  view.setUint16(end + 76 + 10, 0xffff, true);
  return out;
}

/**
 * Loads an uploaded zip as a workspace, through the import filter (see ImportFilter) and its
 * caps. The zip is untrusted: unsafe paths and damaged or overlapping entries fail the whole
 * import, and inflating stops as soon as a cap is passed, whatever sizes the zip declares.
 */
export function unzipWorkspace(bytes: Uint8Array, limits: Partial<ImportLimits> = {}): ImportResult {
  const filter = new ImportFilter({ limits, source: 'zip' });
  // The filter bounds each file; this bounds them all, bytes inflated and then dropped (binary
  // files found too large) included, so many small bombs cannot add up. An honest zip drops
  // little: a binary file's declared size lets the filter skip it after the first piece.
  const inflateLimit = 2 * filter.limits.maxTotalBytes;
  const overBudget = (): ImportResult => ({
    ok: false,
    error: `The zip expands to more than ${megabytes(inflateLimit)}; the limit is ${megabytes(inflateLimit)}.`,
    counts: filter.counts,
  });
  let inflated = 0;
  try {
    const entries = workspaceEntries(readZipEntries(bytes));
    for (const path of importOrder(entries.keys())) {
      const entry = entries.get(path) as ZipEntry;
      const intake = filter.open(path, entry.declaredSize);
      if (!intake) continue;
      if (inflated > inflateLimit) return overBudget();
      let decided = false;
      const ended = inflateEntry(bytes, entry, (chunk) => {
        inflated += chunk.length;
        decided = !intake.push(chunk);
        return !decided && inflated <= inflateLimit;
      });
      if (!ended && !decided) return overBudget();
      intake.end();
    }
  } catch (error) {
    if (error instanceof ZipFormatError || error instanceof UnsafeZipError) return { ok: false, error: error.message, counts: filter.counts };
    throw error;
  }
  return filter.result();
}
