/** Text helpers shared by the tools: what the model reads must stay short and unambiguous. */
import { stripTerminalEscapes } from '../sandbox/terminal-output';

export const HEAD_CHARS = 2_000;
export const TAIL_CHARS = 2_000;

/** Keeps the first and last 2,000 characters of long text, with a marker line saying how much was left out. */
export function truncateMiddle(text: string, head = HEAD_CHARS, tail = TAIL_CHARS): string {
  if (text.length <= head + tail) return text;
  const omitted = text.length - head - tail;
  return `${text.slice(0, head)}\n[… ${formatCount(omitted)} characters omitted …]\n${text.slice(text.length - tail)}`;
}

/** Splits text into lines without their terminators; a trailing newline does not start a new line. "" has no lines. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Number of lines as an editor counts them (a trailing newline does not add one). */
export function countLines(text: string): number {
  return splitLines(text).length;
}

/** 1-based line number of a character offset. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Prefixes lines with right-aligned line numbers: "   12 | text". */
export function numberLines(lines: readonly string[], firstLine = 1, width = 5): string {
  return lines.map((line, i) => `${String(firstLine + i).padStart(width)} | ${line}`).join('\n');
}

/** Cuts one line to `max` characters, saying how many were dropped. */
export function cutLine(line: string, max: number): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)} [… ${formatCount(line.length - max)} more characters]`;
}

/** 12345 → "12,345" (fixed format so output does not depend on the host's locale). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 231 → "231 B", 4608 → "4.5 KiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** "1 line" / "2 lines". */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : pluralWord}`;
}

/** Heuristic used by git and ripgrep: a NUL character near the start means binary. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8_000).includes('\0');
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Caps text at `maxBytes` of UTF-8 without splitting a character. */
export function capUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // Each UTF-16 unit is at most 3 UTF-8 bytes, so short text cannot be over the cap.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text, truncated: false };
  let end = maxBytes;
  // Step back to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return { text: decoder.decode(bytes.subarray(0, end)), truncated: true };
}

/** Removes ANSI escape sequences (colours, cursor moves, OSC titles, charset switches) so summaries can be matched. */
export const stripAnsi = stripTerminalEscapes;

/** Output lines longer than this are cut before the model sees them (minified code, base64, progress dumps). */
export const OUTPUT_LINE_MAX_CHARS = 2_000;
/** Share of control or replacement characters above which output counts as binary. */
export const BINARY_CONTROL_RATIO = 0.1;
const BINARY_SAMPLE_CHARS = 8_000;

/** Bytes of `text` as UTF-8. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Binary data printed to a terminal: a NUL, or more than 10% of control characters
 * (other than tab, newline, carriage return, form feed, escape) and U+FFFD replacement
 * characters, which is what invalid UTF-8 decodes to. Judged on the first 8,000 characters.
 */
export function looksLikeBinaryOutput(text: string): boolean {
  const sample = text.slice(0, BINARY_SAMPLE_CHARS);
  if (sample.includes('\0')) return true;
  if (sample.length === 0) return false;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    const control = (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 27) || code === 127;
    if (control || code === 0xfffd) odd++;
  }
  return odd / sample.length > BINARY_CONTROL_RATIO;
}

/**
 * A carriage return without a newline redraws the line (progress bars): keep what the
 * terminal would finally show, the text after the last lone "\r" of each line.
 */
function collapseCarriageReturns(text: string): string {
  if (!text.includes('\r')) return text;
  return text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => {
      const trimmed = line.replace(/\r+$/, '');
      const last = trimmed.lastIndexOf('\r');
      return last < 0 ? trimmed : trimmed.slice(last + 1);
    })
    .join('\n');
}

/**
 * What the model reads of a command's stream: binary data summarised, ANSI escapes removed,
 * redrawn lines collapsed, each line cut to 2,000 characters. The raw text still goes to the
 * viewer through command_output events; this is only the model's copy.
 */
export function cleanOutput(raw: string, maxLineChars = OUTPUT_LINE_MAX_CHARS): string {
  if (looksLikeBinaryOutput(raw)) return `[binary output, ${plural(utf8Length(raw), 'byte')}, not shown]`;
  const text = collapseCarriageReturns(stripAnsi(raw));
  return text
    .split('\n')
    .map((line) => cutLine(line, maxLineChars))
    .join('\n');
}
