import { z } from 'zod';
import type { CodeSymbol } from '../code';
import type { Sandbox } from '../sandbox/port';
import { failFromError } from './errors';
import { capUtf8, formatCount, looksBinary, splitLines } from './output';
import { type FileView, FULL_READ_MAX_LINES, HEAD_LINES, type LineRequest, MAX_RANGE_LINES, TAIL_LINES, viewFile } from './read-file-view';
import { lookUpSymbol } from './symbol-lookup';
import { defineTool, fail, ok, type ToolContext, type ToolFailure } from './tool';
import { workspacePath } from './workspace-path';

export { FULL_READ_MAX_LINES, HEAD_LINES, MAX_LINE_CHARS, MAX_RANGE_LINES, TAIL_LINES } from './read-file-view';
/** Cap on the content carried by a file_read event. */
export const FILE_READ_EVENT_MAX_BYTES = 256 * 1024;

const schema = z.strictObject({
  path: z.string().describe('File to read: relative to the workspace root (e.g. "src/app.ts") or absolute inside it.'),
  start_line: z.number().int().min(1).optional().describe('First line to read, 1-based and inclusive. Omit to start at line 1.'),
  end_line: z.number().int().min(1).optional().describe('Last line to read, 1-based and inclusive. Omit to read to the end of the file.'),
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
  kind: 'read',
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
    const file = await loadTextFile(ctx.sandbox, args.path);
    if (!file.ok) return file.failure;
    const request: LineRequest = { startLine: args.start_line, endLine: args.end_line };
    const symbol = args.symbol === undefined ? NO_SYMBOL : await requestedSymbol(file, args.symbol, request);
    if (!symbol.ok) return symbol.failure;
    const shown = viewFile(file.display, splitLines(file.content), symbol.symbol, request);
    if (!shown.ok) return shown.failure;
    record(ctx, file, shown.view);
    return ok(render(shown.view, symbol.notes));
  },
});

interface TextFile {
  absolute: string;
  display: string;
  content: string;
}

/** The file the call names, when it is a readable text file inside the workspace. */
async function loadTextFile(sandbox: Sandbox, path: string): Promise<({ ok: true } & TextFile) | { ok: false; failure: ToolFailure }> {
  const located = await workspacePath(sandbox, path, 'read');
  if (!located.ok) return located;
  const { absolute, display } = located;
  let content: string;
  try {
    const stat = await sandbox.stat(absolute);
    if (!stat) {
      const missing = `File not found: ${display}. Use list_files to see which files exist, or search_codebase to find one by its content.`;
      return { ok: false, failure: fail('not_found', missing) };
    }
    if (stat.type === 'dir')
      return { ok: false, failure: fail('is_directory', `${display} is a directory, not a file. Use list_files to see what it contains.`) };
    content = await sandbox.readFile(absolute);
  } catch (error) {
    return { ok: false, failure: failFromError(error, display) };
  }
  if (looksBinary(content)) {
    return { ok: false, failure: fail('binary_file', `${display} looks like a binary file (it contains NUL bytes), so it cannot be shown as text.`) };
  }
  return { ok: true, absolute, display, content };
}

type SymbolChoice = { ok: true; symbol: CodeSymbol | null; notes: string[] } | { ok: false; failure: ToolFailure };
const NO_SYMBOL: SymbolChoice = { ok: true, symbol: null, notes: [] };

/** The symbol the call asks for; where the file type has no symbols the call reads on without one, with a note. */
async function requestedSymbol(file: TextFile, query: string, request: LineRequest): Promise<SymbolChoice> {
  const lookup = await lookUpSymbol(file.display, file.content, query, request);
  const instead = request.startLine !== undefined || request.endLine !== undefined ? 'the requested lines are' : 'the whole file is';
  switch (lookup.kind) {
    case 'found':
      return { ok: true, symbol: lookup.symbol, notes: [] };
    case 'ambiguous':
      return { ok: false, failure: fail('ambiguous', lookup.message) };
    case 'missing':
      return { ok: false, failure: fail('not_found', lookup.message) };
    case 'unsupported':
      return { ok: true, symbol: null, notes: [`Symbols are not available for this file type, so \`symbol\` was ignored and ${instead} shown.`] };
    case 'unavailable':
      return { ok: true, symbol: null, notes: [`Symbols could not be read (${lookup.reason}), so \`symbol\` was ignored and ${instead} shown.`] };
  }
}

/** The read counts for edit_file, and the page gets the file (capped) with the lines shown. */
function record(ctx: ToolContext, file: TextFile, view: FileView): void {
  ctx.fileVersions?.remember(file.absolute, file.content);
  const capped = capUtf8(file.content, FILE_READ_EVENT_MAX_BYTES);
  ctx.emit({ type: 'file_read', path: file.display, content: capped.text, truncated: capped.truncated, ...view.range });
}

function render(view: FileView, symbolNotes: readonly string[]): string {
  const notes = [...symbolNotes, ...view.notes];
  const parts = [view.header];
  if (view.body !== '') parts.push(view.body);
  if (notes.length > 0) parts.push('', ...notes.map((note) => `Note: ${note}`));
  return parts.join('\n');
}
