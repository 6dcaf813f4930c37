import { z } from 'zod';
import type { CodeSymbol } from '../code';
import { describeError } from './errors';
import { capUtf8, cutLine, formatCount, looksBinary, numberLines, plural, splitLines } from './output';
import { resolveWorkspacePath } from './paths';
import { confineToWorkspace } from './real-path';
import { describeSymbol, lookUpSymbol } from './symbol-lookup';
import { defineTool, fail, ok } from './tool';

/** Files longer than this are shown as head + tail unless a range is asked for. */
export const FULL_READ_MAX_LINES = 500;
export const HEAD_LINES = 200;
export const TAIL_LINES = 100;
/** Longest range returned in one call, so a range cannot flood the context either. */
export const MAX_RANGE_LINES = 1_000;
/** Lines longer than this are cut in what the model reads (minified code, data). */
export const MAX_LINE_CHARS = 2_000;
/** Cap on the content carried by a file_read event. */
export const FILE_READ_EVENT_MAX_BYTES = 256 * 1024;

const schema = z.strictObject({
  path: z.string().describe('File to read: relative to the workspace root (e.g. "src/app.ts") or absolute inside it.'),
  start_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('First line to read, 1-based and inclusive. Omit to start at line 1.'),
  end_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Last line to read, 1-based and inclusive. Omit to read to the end of the file.'),
  symbol: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Read only this symbol (function, class, method, …): a name ("area") or a qualified name ("Shape.area", "Outer.Inner.method"). ' +
        'With start_line/end_line, only that part of the symbol is shown.',
    ),
});

export const readFileTool = defineTool({
  name: 'read_file',
  description: [
    'Read a text file from the workspace. Lines come back numbered ("   12 | text") under a header "path (lines a–b of N)";',
    'the numbers are not part of the file, so leave them out when you quote text for edit_file.',
    `Files over ${FULL_READ_MAX_LINES} lines are shown as their first ${HEAD_LINES} and last ${TAIL_LINES} lines unless you pass`,
    `start_line/end_line (1-based, inclusive) to read a specific part (at most ${formatCount(MAX_RANGE_LINES)} lines per call).`,
    'Pass `symbol` to read just one function, class or method by name or qualified name (e.g. "Shape.area"); outline lists the names.',
    'Read a file before editing it.',
    'To find where something is defined, search_codebase is faster than reading files one by one.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    const resolved = resolveWorkspacePath(ctx.sandbox.workdir, args.path);
    if (!resolved.ok) return fail(resolved.error);
    const { absolute, display } = resolved;
    const confined = await confineToWorkspace(ctx.sandbox, absolute, display, 'read');
    if (!confined.ok) return fail(confined.error);

    let content: string;
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) {
        return fail(
          `File not found: ${display}. Use list_files to see which files exist, or search_codebase to find one by its content.`,
        );
      }
      if (stat.type === 'dir') return fail(`${display} is a directory, not a file. Use list_files to see what it contains.`);
      content = await ctx.sandbox.readFile(absolute);
    } catch (error) {
      return fail(describeError(error, display));
    }
    if (looksBinary(content)) {
      return fail(`${display} looks like a binary file (it contains NUL bytes), so it cannot be shown as text.`);
    }

    const lines = splitLines(content);
    const total = lines.length;
    const hasRange = args.start_line !== undefined || args.end_line !== undefined;
    const notes: string[] = [];
    let body: string;
    let header: string;
    let eventRange: { startLine: number; endLine: number; symbol?: string } | undefined;
    const cut = (slice: string[]) => slice.map((line) => cutLine(line, MAX_LINE_CHARS));

    let symbol: CodeSymbol | null = null;
    if (args.symbol !== undefined) {
      const lookup = await lookUpSymbol(display, content, args.symbol, { startLine: args.start_line, endLine: args.end_line });
      const instead = hasRange ? 'the requested lines are' : 'the whole file is';
      switch (lookup.kind) {
        case 'found':
          symbol = lookup.symbol;
          break;
        case 'ambiguous':
        case 'missing':
          return fail(lookup.message);
        case 'unsupported':
          notes.push(`Symbols are not available for this file type, so \`symbol\` was ignored and ${instead} shown.`);
          break;
        case 'unavailable':
          notes.push(`Symbols could not be read (${lookup.reason}), so \`symbol\` was ignored and ${instead} shown.`);
          break;
      }
    }

    if (symbol) {
      const range = symbolRange(symbol, total, args.start_line, args.end_line);
      if (!range.ok) return fail(range.error);
      const { start, end } = range;
      notes.push(...range.notes);
      header = `${display} — ${symbol.kind} ${symbol.qualifiedName} (lines ${start}–${end} of ${formatCount(total)})`;
      body = numberLines(cut(lines.slice(start - 1, end)), start);
      eventRange = { startLine: start, endLine: end, symbol: symbol.qualifiedName };
    } else if (total === 0) {
      if (hasRange) notes.push('The file is empty, so the requested range was ignored.');
      header = `${display} (empty file)`;
      body = '';
    } else if (hasRange) {
      const start = args.start_line ?? 1;
      const requestedEnd = args.end_line ?? total;
      if (start > total) {
        return fail(`Invalid range: ${display} has only ${plural(total, 'line')}, so start_line ${start} is past the end.`);
      }
      if (start > requestedEnd) {
        return fail(`Invalid range: start_line (${start}) is after end_line (${requestedEnd}). Lines are 1-based and inclusive.`);
      }
      let end = Math.min(requestedEnd, total);
      if (end < requestedEnd) notes.push(`The file ends at line ${total}, so the range was clipped to ${start}–${end}.`);
      if (end - start + 1 > MAX_RANGE_LINES) {
        end = start + MAX_RANGE_LINES - 1;
        notes.push(
          `At most ${formatCount(MAX_RANGE_LINES)} lines are returned per call; continue with start_line ${end + 1} to read further.`,
        );
      }
      header = `${display} (lines ${start}–${end} of ${formatCount(total)})`;
      body = numberLines(cut(lines.slice(start - 1, end)), start);
      eventRange = { startLine: start, endLine: end };
    } else if (total > FULL_READ_MAX_LINES) {
      const tailStart = total - TAIL_LINES + 1;
      header = `${display} (lines 1–${HEAD_LINES} and ${formatCount(tailStart)}–${formatCount(total)} of ${formatCount(total)})`;
      body = [
        numberLines(cut(lines.slice(0, HEAD_LINES)), 1),
        `      … ${plural(tailStart - HEAD_LINES - 1, 'line')} not shown (${HEAD_LINES + 1}–${tailStart - 1}) …`,
        numberLines(cut(lines.slice(tailStart - 1)), tailStart),
      ].join('\n');
      notes.push(
        `This file has ${formatCount(total)} lines; only the first ${HEAD_LINES} and last ${TAIL_LINES} are shown. ` +
          'Call read_file again with start_line and end_line to read the part you need.',
      );
    } else {
      header = `${display} (lines 1–${total} of ${total})`;
      body = numberLines(cut(lines), 1);
    }
    const shown = eventRange ? lines.slice(eventRange.startLine - 1, eventRange.endLine) : lines;
    if (shown.some((line) => line.length > MAX_LINE_CHARS)) {
      notes.push(`Lines longer than ${formatCount(MAX_LINE_CHARS)} characters were cut.`);
    }

    ctx.fileVersions?.remember(absolute, content);
    const capped = capUtf8(content, FILE_READ_EVENT_MAX_BYTES);
    ctx.emit({ type: 'file_read', path: display, content: capped.text, truncated: capped.truncated, ...eventRange });

    const parts = [header];
    if (body !== '') parts.push(body);
    if (notes.length > 0) parts.push('', ...notes.map((note) => `Note: ${note}`));
    return ok(parts.join('\n'));
  },
});

type SymbolRange = { ok: true; start: number; end: number; notes: string[] } | { ok: false; error: string };

/**
 * The lines of a symbol to show: its whole range, or the part start_line/end_line ask for (clipped
 * to the symbol, with a note), and never more than MAX_RANGE_LINES.
 */
function symbolRange(symbol: CodeSymbol, total: number, startLine: number | undefined, endLine: number | undefined): SymbolRange {
  const notes: string[] = [];
  let start = symbol.startLine;
  let end = Math.min(symbol.endLine, total);
  if (startLine !== undefined || endLine !== undefined) {
    const from = Math.max(start, startLine ?? start);
    const to = Math.min(end, endLine ?? end);
    if (from > to) {
      return {
        ok: false,
        error: `Invalid range: lines ${startLine ?? start}–${endLine ?? end} lie outside ${describeSymbol(symbol)}. Omit start_line/end_line to read the whole symbol.`,
      };
    }
    if (from !== start || to !== end) notes.push(`Showing lines ${from}–${to} of ${symbol.qualifiedName}, which spans lines ${start}–${end}.`);
    start = from;
    end = to;
  }
  if (end - start + 1 > MAX_RANGE_LINES) {
    end = start + MAX_RANGE_LINES - 1;
    notes.push(`At most ${formatCount(MAX_RANGE_LINES)} lines are returned per call; continue with start_line ${end + 1} (and the same symbol) to read further.`);
  }
  return { ok: true, start, end, notes };
}
