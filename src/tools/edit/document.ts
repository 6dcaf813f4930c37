/**
 * The original text split into lines that remember their own line ending. All
 * matching happens on `lf`, the text with every CRLF turned into LF, so a search
 * written with LF finds its place in a CRLF file; splice.ts puts the endings back.
 * A leading UTF-8 byte order mark is set aside: no search sees it, every result keeps it.
 */

export type LineEnding = '\n' | '\r\n' | '';

export interface DocumentLine {
  /** The line without its ending. */
  text: string;
  /** '' only for a last line that has no final newline. */
  eol: LineEnding;
}

export const BYTE_ORDER_MARK = '\uFEFF';

export interface EditDocument {
  /** The original's byte order mark, or ''. */
  bom: string;
  /** The original text after its byte order mark. */
  body: string;
  lines: DocumentLine[];
  lf: string;
  /** Offset in `lf` where each line starts. */
  lfStarts: number[];
  /** Offset in `body` where each line starts. */
  bodyStarts: number[];
  /** The more common ending (LF on a tie or when there is none). */
  dominantEol: '\n' | '\r\n';
}

export function parseDocument(original: string): EditDocument {
  const bom = original.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK : '';
  const body = original.slice(bom.length);
  const lines: DocumentLine[] = [];
  const lfStarts: number[] = [];
  const bodyStarts: number[] = [];
  let lfOffset = 0;
  let from = 0;
  let crlf = 0;
  while (from < body.length) {
    const newline = body.indexOf('\n', from);
    const end = newline === -1 ? body.length : newline;
    let text = body.slice(from, end);
    let eol: LineEnding = '';
    if (newline !== -1) {
      if (text.endsWith('\r')) {
        text = text.slice(0, -1);
        eol = '\r\n';
        crlf++;
      } else {
        eol = '\n';
      }
    }
    lines.push({ text, eol });
    lfStarts.push(lfOffset);
    bodyStarts.push(from);
    lfOffset += text.length + (eol === '' ? 0 : 1);
    from = newline === -1 ? body.length : newline + 1;
  }
  const lf = lines.map((line) => (line.eol === '' ? line.text : `${line.text}\n`)).join('');
  const lfCount = lines.filter((line) => line.eol === '\n').length;
  return { bom, body, lines, lf, lfStarts, bodyStarts, dominantEol: crlf > lfCount ? '\r\n' : '\n' };
}

/** 0-based index of the line holding `offset` of `lf` (the last line for the end of the text). */
export function lineIndexAt(doc: EditDocument, offset: number): number {
  let low = 0;
  let high = doc.lfStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((doc.lfStarts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Offset in `lf` just past line `index`, its newline included. */
export function lfLineEnd(doc: EditDocument, index: number): number {
  const line = doc.lines[index] as DocumentLine;
  return (doc.lfStarts[index] as number) + line.text.length + (line.eol === '' ? 0 : 1);
}

/** Turns CRLF into LF: search and replacement text are compared and written in LF form. */
export function toLf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** Lines of LF text; a final newline does not start another line. */
export function splitTextLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
