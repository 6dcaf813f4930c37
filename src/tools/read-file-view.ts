import type { CodeSymbol } from '../code';
import { cutLine, formatCount, numberLines, plural } from './output';
import { describeSymbol } from './symbol-lookup';
import { fail, type ToolFailure } from './tool';

/** Files longer than this are shown as head + tail unless a range is asked for. */
export const FULL_READ_MAX_LINES = 500;
export const HEAD_LINES = 200;
export const TAIL_LINES = 100;
/** Longest range returned in one call, so a range cannot flood the context either. */
export const MAX_RANGE_LINES = 1_000;
/** Lines longer than this are cut in what the model reads (minified code, data). */
export const MAX_LINE_CHARS = 2_000;

/** What read_file shows of a file: a header, the numbered lines, and notes about what was left out. */
export interface FileView {
  header: string;
  body: string;
  notes: string[];
  /** The lines shown, for the file_read event; absent when the whole file (or its head and tail) is. */
  range?: { startLine: number; endLine: number; symbol?: string };
}

export type ViewResult = { ok: true; view: FileView } | { ok: false; failure: ToolFailure };

/** The start_line/end_line the call asked for. */
export interface LineRequest {
  startLine?: number | undefined;
  endLine?: number | undefined;
}

const cut = (slice: readonly string[]) => slice.map((line) => cutLine(line, MAX_LINE_CHARS));
const shown = (view: FileView): ViewResult => ({ ok: true, view });

/** Picks the view for the call (a symbol, a range, the whole file or its head and tail) and notes cut lines. */
export function viewFile(display: string, lines: readonly string[], symbol: CodeSymbol | null, request: LineRequest): ViewResult {
  const hasRange = request.startLine !== undefined || request.endLine !== undefined;
  let result: ViewResult;
  if (symbol) result = symbolView(display, lines, symbol, request);
  else if (lines.length === 0) result = shown(emptyView(display, hasRange));
  else if (hasRange) result = rangeView(display, lines, request);
  else if (lines.length > FULL_READ_MAX_LINES) result = shown(headTailView(display, lines));
  else result = shown(wholeView(display, lines));
  if (!result.ok) return result;
  const { view } = result;
  const visible = view.range ? lines.slice(view.range.startLine - 1, view.range.endLine) : lines;
  if (visible.some((line) => line.length > MAX_LINE_CHARS)) view.notes.push(`Lines longer than ${formatCount(MAX_LINE_CHARS)} characters were cut.`);
  return result;
}

function symbolView(display: string, lines: readonly string[], symbol: CodeSymbol, request: LineRequest): ViewResult {
  const total = lines.length;
  const range = symbolRange(symbol, total, request);
  if (!range.ok) return range;
  const { start, end, notes } = range;
  return shown({
    header: `${display} — ${symbol.kind} ${symbol.qualifiedName} (lines ${start}–${end} of ${formatCount(total)})`,
    body: numberLines(cut(lines.slice(start - 1, end)), start),
    notes,
    range: { startLine: start, endLine: end, symbol: symbol.qualifiedName },
  });
}

function emptyView(display: string, hasRange: boolean): FileView {
  const notes = hasRange ? ['The file is empty, so the requested range was ignored.'] : [];
  return { header: `${display} (empty file)`, body: '', notes };
}

function rangeView(display: string, lines: readonly string[], request: LineRequest): ViewResult {
  const total = lines.length;
  const start = request.startLine ?? 1;
  const requestedEnd = request.endLine ?? total;
  if (start > total) {
    return {
      ok: false,
      failure: fail('invalid_arguments', `Invalid range: ${display} has only ${plural(total, 'line')}, so start_line ${start} is past the end.`),
    };
  }
  if (start > requestedEnd) {
    return {
      ok: false,
      failure: fail('invalid_arguments', `Invalid range: start_line (${start}) is after end_line (${requestedEnd}). Lines are 1-based and inclusive.`),
    };
  }
  const notes: string[] = [];
  let end = Math.min(requestedEnd, total);
  if (end < requestedEnd) notes.push(`The file ends at line ${total}, so the range was clipped to ${start}–${end}.`);
  if (end - start + 1 > MAX_RANGE_LINES) {
    end = start + MAX_RANGE_LINES - 1;
    notes.push(`At most ${formatCount(MAX_RANGE_LINES)} lines are returned per call; continue with start_line ${end + 1} to read further.`);
  }
  return shown({
    header: `${display} (lines ${start}–${end} of ${formatCount(total)})`,
    body: numberLines(cut(lines.slice(start - 1, end)), start),
    notes,
    range: { startLine: start, endLine: end },
  });
}

function headTailView(display: string, lines: readonly string[]): FileView {
  const total = lines.length;
  const tailStart = total - TAIL_LINES + 1;
  return {
    header: `${display} (lines 1–${HEAD_LINES} and ${formatCount(tailStart)}–${formatCount(total)} of ${formatCount(total)})`,
    body: [
      numberLines(cut(lines.slice(0, HEAD_LINES)), 1),
      `      … ${plural(tailStart - HEAD_LINES - 1, 'line')} not shown (${HEAD_LINES + 1}–${tailStart - 1}) …`,
      numberLines(cut(lines.slice(tailStart - 1)), tailStart),
    ].join('\n'),
    notes: [
      `This file has ${formatCount(total)} lines; only the first ${HEAD_LINES} and last ${TAIL_LINES} are shown. ` +
        'Call read_file again with start_line and end_line to read the part you need.',
    ],
  };
}

function wholeView(display: string, lines: readonly string[]): FileView {
  return { header: `${display} (lines 1–${lines.length} of ${lines.length})`, body: numberLines(cut(lines), 1), notes: [] };
}

type SymbolRange = { ok: true; start: number; end: number; notes: string[] } | { ok: false; failure: ToolFailure };

/**
 * The lines of a symbol to show: its whole range, or the part start_line/end_line ask for (clipped
 * to the symbol, with a note), and never more than MAX_RANGE_LINES.
 */
function symbolRange(symbol: CodeSymbol, total: number, { startLine, endLine }: LineRequest): SymbolRange {
  const notes: string[] = [];
  let start = symbol.startLine;
  let end = Math.min(symbol.endLine, total);
  if (startLine !== undefined || endLine !== undefined) {
    const from = Math.max(start, startLine ?? start);
    const to = Math.min(end, endLine ?? end);
    if (from > to) {
      const outside = `Invalid range: lines ${startLine ?? start}–${endLine ?? end} lie outside ${describeSymbol(symbol)}. Omit start_line/end_line to read the whole symbol.`;
      return { ok: false, failure: fail('invalid_arguments', outside) };
    }
    if (from !== start || to !== end) notes.push(`Showing lines ${from}–${to} of ${symbol.qualifiedName}, which spans lines ${start}–${end}.`);
    start = from;
    end = to;
  }
  if (end - start + 1 > MAX_RANGE_LINES) {
    end = start + MAX_RANGE_LINES - 1;
    notes.push(
      `At most ${formatCount(MAX_RANGE_LINES)} lines are returned per call; continue with start_line ${end + 1} (and the same symbol) to read further.`,
    );
  }
  return { ok: true, start, end, notes };
}
