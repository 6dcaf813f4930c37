/** How much of a file's start is searched for a NUL byte (as git does to call a file binary). */
const NUL_SEARCH_BYTES = 8192;

/**
 * Tells text from binary as a file's bytes arrive: a file is binary when its first 8 KB hold
 * a NUL byte or it is not valid UTF-8.
 */
export class TextSniffer {
  // ignoreBOM keeps a byte order mark in the text instead of dropping it, so text round-trips byte for byte.
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private seen = 0;
  private text = '';
  private readonly keepText: boolean;
  private isBinary = false;

  /** With `keepText`, the decoded text is kept for `finish` to return. */
  constructor(options: { keepText?: boolean } = {}) {
    this.keepText = options.keepText ?? false;
  }

  /** Whether the bytes so far already make the file binary. */
  get binary(): boolean {
    return this.isBinary;
  }

  push(chunk: Uint8Array): void {
    if (this.isBinary) return;
    if (this.seen < NUL_SEARCH_BYTES && chunk.subarray(0, NUL_SEARCH_BYTES - this.seen).includes(0)) this.isBinary = true;
    this.seen += chunk.length;
    if (!this.isBinary) this.decode(chunk, true);
  }

  /** After the last chunk (a character cut off at the end makes the file binary too): the text, or null when binary. */
  finish(): string | null {
    if (!this.isBinary) this.decode(new Uint8Array(), false);
    return this.isBinary ? null : this.text;
  }

  private decode(chunk: Uint8Array, stream: boolean): void {
    try {
      const text = this.decoder.decode(chunk, { stream });
      if (this.keepText) this.text += text;
    } catch {
      this.isBinary = true;
      this.text = '';
    }
  }
}

/** The file as text, or null when it is binary (see TextSniffer). */
export function decodeText(bytes: Uint8Array): string | null {
  const sniffer = new TextSniffer({ keepText: true });
  sniffer.push(bytes);
  return sniffer.finish();
}
