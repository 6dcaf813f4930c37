/** Writes zip archives by hand, byte by byte, for the shapes fflate will not write: Zip64 records, shared or lying entries. */

export interface CraftEntry {
  /** Text is written as UTF-8; bytes as they are. */
  name: string | Uint8Array;
  /** The entry's data as stored (already deflated when `method` is 8). */
  data: Uint8Array;
  method?: number;
  /** What the archive claims the entry inflates to (the truth is whatever `data` holds). */
  declaredSize?: number;
  flags?: number;
  /** Points this entry at another entry's local header and data instead of writing its own. */
  sharesDataOf?: number;
}

class Writer {
  private readonly bytes: number[] = [];
  get length(): number {
    return this.bytes.length;
  }
  u16(value: number): this {
    this.bytes.push(value & 0xff, (value >>> 8) & 0xff);
    return this;
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16(Math.floor(value / 0x10000) & 0xffff);
  }
  u64(value: number): this {
    return this.u32(value % 0x1_0000_0000).u32(Math.floor(value / 0x1_0000_0000));
  }
  raw(data: Uint8Array): this {
    for (const byte of data) this.bytes.push(byte);
    return this;
  }
  done(): Uint8Array {
    return new Uint8Array(this.bytes);
  }
}

/** A zip of `entries`; with `zip64`, every size and offset lives in Zip64 fields and records. */
export function craftZip(entries: readonly CraftEntry[], options: { zip64?: boolean } = {}): Uint8Array {
  const zip64 = options.zip64 ?? false;
  const out = new Writer();
  const names = entries.map((entry) => (typeof entry.name === 'string' ? new TextEncoder().encode(entry.name) : entry.name));
  const offsets: number[] = [];
  entries.forEach((entry, i) => {
    if (entry.sharesDataOf !== undefined) {
      offsets.push(offsets[entry.sharesDataOf] as number);
      return;
    }
    offsets.push(out.length);
    const name = names[i] as Uint8Array;
    out
      .u32(0x04034b50)
      .u16(45)
      .u16(entry.flags ?? 0x800)
      .u16(entry.method ?? 0)
      .u16(0)
      .u16(0)
      .u32(0);
    out
      .u32(entry.data.length)
      .u32(entry.declaredSize ?? entry.data.length)
      .u16(name.length)
      .u16(0)
      .raw(name)
      .raw(entry.data);
  });
  const centralStart = out.length;
  entries.forEach((entry, i) => {
    const name = names[i] as Uint8Array;
    const size = entry.declaredSize ?? entry.data.length;
    const wide = (value: number) => (zip64 ? 0xffffffff : value);
    out
      .u32(0x02014b50)
      .u16(45)
      .u16(45)
      .u16(entry.flags ?? 0x800)
      .u16(entry.method ?? 0)
      .u16(0)
      .u16(0)
      .u32(0);
    out
      .u32(wide(entry.data.length))
      .u32(wide(size))
      .u16(name.length)
      .u16(zip64 ? 28 : 0)
      .u16(0)
      .u16(0)
      .u16(0)
      .u32(0)
      .u32(wide(offsets[i] as number));
    out.raw(name);
    if (zip64)
      out
        .u16(0x0001)
        .u16(24)
        .u64(size)
        .u64(entry.data.length)
        .u64(offsets[i] as number);
  });
  const centralSize = out.length - centralStart;
  if (zip64) {
    const end64 = out.length;
    out.u32(0x06064b50).u64(44).u16(45).u16(45).u32(0).u32(0).u64(entries.length).u64(entries.length).u64(centralSize).u64(centralStart);
    out.u32(0x07064b50).u32(0).u64(end64).u32(1);
  }
  out.u32(0x06054b50).u16(0).u16(0);
  out.u16(zip64 ? 0xffff : entries.length).u16(zip64 ? 0xffff : entries.length);
  out
    .u32(zip64 ? 0xffffffff : centralSize)
    .u32(zip64 ? 0xffffffff : centralStart)
    .u16(0);
  return out.done();
}
