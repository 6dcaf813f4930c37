import { type EditDocument, lfLineEnd, type LineEnding, lineIndexAt } from './document';

/** Replace `lf[start, end)` with `text` (LF line endings). */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

interface Group {
  firstLine: number;
  lastLine: number;
  splices: Splice[];
}

/**
 * Applies non-overlapping splices (LF coordinates) and writes the result with the
 * original's line endings: untouched lines keep theirs byte for byte; in a touched
 * region a newline keeps its old ending when the region kept its line count,
 * otherwise the region's usual ending, the region's last ending staying at its end.
 * The byte order mark, if any, stays in front.
 */
export function applySplices(doc: EditDocument, splices: readonly Splice[]): string {
  if (doc.lines.length === 0) return doc.bom + splices.map((splice) => splice.text).join('');
  const groups = groupByLines(doc, splices);
  let out = '';
  let copiedUntilLine = 0;
  for (const group of groups) {
    out += doc.body.slice(doc.bodyStarts[copiedUntilLine] ?? doc.body.length, doc.bodyStarts[group.firstLine]);
    out += rewriteRegion(doc, group);
    copiedUntilLine = group.lastLine + 1;
  }
  out += doc.body.slice(doc.bodyStarts[copiedUntilLine] ?? doc.body.length);
  return doc.bom + out;
}

/** Sorted splices gathered by the lines they touch; splices sharing a line form one group. */
function groupByLines(doc: EditDocument, splices: readonly Splice[]): Group[] {
  const sorted = [...splices].sort((a, b) => a.start - b.start);
  const groups: Group[] = [];
  for (const splice of sorted) {
    const firstLine = lineIndexAt(doc, splice.start);
    const lastLine = splice.end > splice.start ? lineIndexAt(doc, splice.end - 1) : firstLine;
    const previous = groups[groups.length - 1];
    if (previous && firstLine <= previous.lastLine) {
      previous.lastLine = Math.max(previous.lastLine, lastLine);
      previous.splices.push(splice);
    } else {
      groups.push({ firstLine, lastLine, splices: [splice] });
    }
  }
  return groups;
}

function rewriteRegion(doc: EditDocument, group: Group): string {
  const regionStart = doc.lfStarts[group.firstLine] as number;
  const regionEnd = lfLineEnd(doc, group.lastLine);
  let text = '';
  let at = regionStart;
  for (const splice of group.splices) {
    text += doc.lf.slice(at, splice.start) + splice.text;
    at = splice.end;
  }
  text += doc.lf.slice(at, regionEnd);

  const oldEndings: LineEnding[] = [];
  for (let i = group.firstLine; i <= group.lastLine; i++) oldEndings.push(doc.lines[i]?.eol ?? '');
  const kept = oldEndings.filter((eol): eol is '\n' | '\r\n' => eol !== '');
  const pieces = text.split('\n');
  const newlineCount = pieces.length - 1;
  const usual = usualEnding(kept, doc.dominantEol);
  const lastOld = oldEndings[oldEndings.length - 1] ?? '';
  let out = pieces[0] as string;
  for (let i = 1; i < pieces.length; i++) {
    let eol: string;
    if (newlineCount === kept.length) eol = kept[i - 1] as string;
    else if (i === newlineCount && text.endsWith('\n') && lastOld !== '') eol = lastOld;
    else eol = usual;
    out += eol + (pieces[i] as string);
  }
  return out;
}

function usualEnding(endings: readonly ('\n' | '\r\n')[], fallback: '\n' | '\r\n'): '\n' | '\r\n' {
  const crlf = endings.filter((eol) => eol === '\r\n').length;
  const lf = endings.length - crlf;
  if (crlf === lf) return fallback;
  return crlf > lf ? '\r\n' : '\n';
}
