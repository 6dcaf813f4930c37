import { z } from 'zod';
import { languageForPath, refineLanguage } from '../code/languages';
import { outline } from '../code/outline';
import type { CodeSymbol } from '../code/symbol-types';
import { messageOf } from '../protocol/error-message';
import type { OutlineSymbol } from '../protocol/events';
import { extractSymbols } from './code-parsing';
import { failFromError } from './errors';
import { formatBytes, formatCount, looksBinary, plural } from './output';
import { defineTool, fail, ok, type ToolContext, type ToolErrorKind, type ToolResult } from './tool';
import { walk } from './walk';
import { walkNotes } from './walk-notes';
import { workspacePath } from './workspace-path';

export const DEFAULT_OUTLINE_LINES = 200;
export const MIN_OUTLINE_LINES = 10;
export const MAX_OUTLINE_LINES = 2_000;
/** One file of a directory outline gets at most this share of the lines, so one big file cannot crowd out the rest. */
export const PER_FILE_SHARE = 0.5;
/** The page shows outlines; a call emits at most this many file_outline events. */
export const MAX_OUTLINE_EVENTS = 20;
/** Larger files are named but not parsed (generated code, bundles). */
export const MAX_OUTLINE_FILE_BYTES = 1024 * 1024;
/** Never entered: dependencies, VCS data and build output. */
export const OUTLINE_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', 'dist', 'build']);

const schema = z.strictObject({
  path: z.string().describe('A source file, or a directory to outline every supported file below it; relative to the workspace root or absolute inside it.'),
  max_lines: z
    .number()
    .int()
    .min(MIN_OUTLINE_LINES)
    .max(MAX_OUTLINE_LINES)
    .optional()
    .describe(`Longest outline to return, in lines (default ${DEFAULT_OUTLINE_LINES}).`),
});

/** The symbols as the file_outline event carries them: flat, in source order, with their depth. */
export function outlineSymbols(symbols: readonly CodeSymbol[], depth = 0, out: OutlineSymbol[] = []): OutlineSymbol[] {
  for (const s of symbols) {
    out.push({ name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine, depth });
    outlineSymbols(s.children, depth + 1, out);
  }
  return out;
}

function countSymbols(symbols: readonly CodeSymbol[]): number {
  return symbols.reduce((n, s) => n + 1 + countSymbols(s.children), 0);
}

/** Emits file_outline events up to the per-call cap. */
class OutlineEvents {
  private sent = 0;
  constructor(private readonly ctx: ToolContext) {}
  emit(path: string, symbols: readonly CodeSymbol[]): void {
    if (this.sent >= MAX_OUTLINE_EVENTS) return;
    this.sent++;
    this.ctx.emit({ type: 'file_outline', path, symbols: outlineSymbols(symbols) });
  }
}

/** A skipped file says why, and what kind of failure outlining it alone is. */
type Parsed = { kind: 'symbols'; symbols: CodeSymbol[] } | { kind: 'unsupported' } | { kind: 'skipped'; why: string; errorKind: ToolErrorKind };

async function parseFile(ctx: ToolContext, absolute: string, display: string, size: number | undefined): Promise<Parsed> {
  const byPath = languageForPath(display);
  if (!byPath) return { kind: 'unsupported' };
  if (size !== undefined && size > MAX_OUTLINE_FILE_BYTES)
    return { kind: 'skipped', why: `too large to outline, ${formatBytes(size)}`, errorKind: 'too_large' };
  const content = await ctx.sandbox.readFile(absolute);
  if (looksBinary(content)) return { kind: 'skipped', why: 'binary', errorKind: 'binary_file' };
  const language = refineLanguage(byPath, display, content);
  try {
    return { kind: 'symbols', symbols: await extractSymbols(content, language) };
  } catch (error) {
    return { kind: 'skipped', why: `symbols could not be read: ${messageOf(error)}`, errorKind: 'unsupported' };
  }
}

const indent = (text: string) => text.replace(/^/gm, '  ');

export const outlineTool = defineTool({
  name: 'outline',
  kind: 'read',
  description: [
    'List the symbols (classes, functions, methods, types, …) of a source file, nested, each with its kind and line range;',
    'for a directory, the outline of every supported source file below it (.git, node_modules, dist and build are skipped;',
    'files in languages without a parser are listed by name only).',
    `At most ${DEFAULT_OUTLINE_LINES} lines unless max_lines says otherwise. Use it to find your way in code before reading;`,
    'then read one symbol with read_file and `symbol` (e.g. "Shape.area").',
  ].join(' '),
  schema,
  async run(args, ctx) {
    const located = await workspacePath(ctx.sandbox, args.path.trim() === '' ? '.' : args.path, 'outlined');
    if (!located.ok) return located.failure;
    const { absolute, display } = located;
    const maxLines = args.max_lines ?? DEFAULT_OUTLINE_LINES;
    const events = new OutlineEvents(ctx);
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) return fail('not_found', `Not found: ${display}. Use list_files to see which files exist.`);
      if (stat.type === 'file') return await outlineFile(ctx, absolute, display, stat.size, maxLines, events);
      return await outlineDirectory(ctx, absolute, display, maxLines, events);
    } catch (error) {
      return failFromError(error, display);
    }
  },
});

async function outlineFile(ctx: ToolContext, absolute: string, display: string, size: number, maxLines: number, events: OutlineEvents): Promise<ToolResult> {
  const parsed = await parseFile(ctx, absolute, display, size);
  if (parsed.kind === 'unsupported') {
    return fail('unsupported', `Symbols are not available for this file type (${display}). Use read_file to read it, or search_codebase to find text in it.`);
  }
  if (parsed.kind === 'skipped') return fail(parsed.errorKind, `${display} was not outlined (${parsed.why}).`);
  events.emit(display, parsed.symbols);
  const count = countSymbols(parsed.symbols);
  if (count === 0) return ok(`${display} — no symbols (nothing declared at any level). Use read_file to read it.`);
  return ok(`${display} — ${plural(count, 'symbol')}\n${outline(parsed.symbols, { maxLines: maxLines - 1 })}`);
}

/**
 * Walks the directory in listing order. Every file costs at least one line; a file with symbols
 * gets its outline bounded by what is left (and by its share); when the lines run out, the walk goes
 * on only to count what was not shown.
 */
async function outlineDirectory(ctx: ToolContext, absolute: string, display: string, maxLines: number, events: OutlineEvents): Promise<ToolResult> {
  const out: string[] = [];
  const push = (...texts: string[]) => out.push(...texts.flatMap((text) => text.split('\n')));
  // The header and the cut marker are not part of the budget's body.
  const budget = maxLines - 2;
  const perFile = Math.max(MIN_OUTLINE_LINES, Math.floor(budget * PER_FILE_SHARE));
  let outlined = 0;
  let named = 0;
  let notShown = 0;
  const root = display === '.' ? '' : `${display}/`;

  const walking = walk(ctx.sandbox, absolute, { skipDirs: OUTLINE_SKIPPED_DIRS, signal: ctx.signal });
  for await (const entry of walking) {
    // A link inside the workspace is outlined where it really is.
    if (entry.type === 'dir' || entry.linkTarget !== undefined) continue;
    const path = `${root}${entry.relative}`;
    const left = budget - out.length;
    if (left < 1) {
      notShown++;
      continue;
    }
    const parsed = await parseFile(ctx, entry.path, path, entry.size);
    if (parsed.kind === 'unsupported') {
      named++;
      push(path);
    } else if (parsed.kind === 'skipped') {
      named++;
      push(`${path} (${parsed.why})`);
    } else if (countSymbols(parsed.symbols) === 0) {
      outlined++;
      events.emit(path, parsed.symbols);
      push(`${path} (no symbols)`);
    } else {
      outlined++;
      events.emit(path, parsed.symbols);
      // A header line plus at least two symbol lines, or just the name when that does not fit.
      if (left < 3) {
        push(`${path} (${plural(countSymbols(parsed.symbols), 'symbol')}; outline this file to see them)`);
        continue;
      }
      push(`${path}:`, indent(outline(parsed.symbols, { maxLines: Math.min(left - 1, perFile) })));
    }
  }

  if (ctx.signal.aborted) return fail('cancelled', 'The outline was cancelled.');
  const header = `${display === '.' ? '. (workspace root)' : `${display}/`} — ${plural(outlined, 'source file')} outlined, ${plural(named, 'other file')} listed by name`;
  const notes = walkNotes(walking.report, 'outlined');
  if (out.length === 0) return ok([header, '(no files)', ...notes].join('\n'));
  const marker =
    notShown > 0
      ? [
          `[… outline cut at ${formatCount(maxLines)} lines: ${plural(notShown, 'more file')} not shown; outline a subdirectory or a single file, or raise max_lines]`,
        ]
      : [];
  return ok([header, ...out, ...marker, ...notes].join('\n'));
}
