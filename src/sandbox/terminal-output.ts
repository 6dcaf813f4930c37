import { heldPrefixLength } from '../protocol/held-prefix';

/**
 * Helpers for reading a command's output off a pseudo-terminal stream, as
 * WebContainer delivers it: CRLF line ends, escape sequences, and chunks that
 * may cut anywhere (including through the end marker our wrapper prints).
 */

/** Turns CRLF into LF across chunk boundaries (a lone CR, as progress bars use, stays). */
export class LineEndNormalizer {
  private heldCr = false;

  push(chunk: string): string {
    let text = (this.heldCr ? '\r' : '') + chunk;
    this.heldCr = text.endsWith('\r');
    if (this.heldCr) text = text.slice(0, -1);
    return text.replace(/\r\n/g, '\n');
  }

  end(): string {
    const rest = this.heldCr ? '\r' : '';
    this.heldCr = false;
    return rest;
  }
}

/**
 * Splits a stream at the first occurrence of `marker`: text before it is
 * released as soon as it cannot be the start of the marker, and everything
 * from the marker on is kept aside as the trailer.
 */
export class MarkerSplitter {
  private pending = '';
  private trailerText: string | null = null;

  constructor(private readonly marker: string) {}

  /** Feeds a chunk; returns the text that is now known to come before the marker. */
  push(chunk: string): string {
    if (this.trailerText !== null) {
      this.trailerText += chunk;
      return '';
    }
    const text = this.pending + chunk;
    const at = text.indexOf(this.marker);
    if (at !== -1) {
      this.pending = '';
      this.trailerText = text.slice(at + this.marker.length);
      return text.slice(0, at);
    }
    const held = heldPrefixLength(text, this.marker);
    this.pending = text.slice(text.length - held);
    return text.slice(0, text.length - held);
  }

  /** Ends the stream: returns held text that turned out not to be the marker. */
  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  /** What followed the marker, or null when the marker never came. */
  get trailer(): string | null {
    return this.trailerText;
  }
}

// CSI sequences (colours, cursor moves), OSC sequences (titles, shell markers; an unterminated one runs to
// the next escape), charset switches (ESC ( B), keypad and save/restore escapes, and other two-byte escapes.

const ESCAPE_SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[()][0-9A-Za-z]|\x1b[=>78c]|\x1b[@-Z\\-_]/g;

/** Removes terminal escape sequences, leaving the plain text a model (or a screen reader) can read. One implementation for the sandbox, the tools and the page. */
export function stripTerminalEscapes(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '');
}
