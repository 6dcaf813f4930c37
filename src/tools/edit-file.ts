import { z } from 'zod';
import { unifiedDiff } from './diff';
import { describeError } from './errors';
import { formatCount, lineNumberAt, looksBinary } from './output';
import { resolveWorkspacePath } from './paths';
import { gateWriteSyntax, withSyntaxReport } from './syntax-check';
import { defineTool, fail, ok } from './tool';

/** How much of the diff goes back to the model; the event carries all of it. */
export const RESULT_DIFF_MAX_LINES = 60;

const schema = z.strictObject({
  path: z.string().describe('File to edit: relative to the workspace root or absolute inside it.'),
  search: z
    .string()
    .describe(
      'Exact text to replace, copied from the file (whitespace and indentation included, without read_file line numbers). Must occur exactly once; include a few surrounding lines to make it unique.',
    ),
  replace: z.string().describe('Text that takes the place of `search`. Use an empty string to delete it.'),
});

/** Start offsets of every occurrence, overlapping ones included ("aa" occurs twice in "aaa"). */
function occurrences(text: string, search: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + 1)) found.push(at);
  return found;
}

function lineSpan(start: number, text: string): string {
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines <= 1) return `line ${start}`;
  return `lines ${start}–${start + lines - 1}`;
}

function shortDiff(diff: string): string {
  const lines = diff.trimEnd().split('\n');
  if (lines.length <= RESULT_DIFF_MAX_LINES) return lines.join('\n');
  return [...lines.slice(0, RESULT_DIFF_MAX_LINES), `[… ${formatCount(lines.length - RESULT_DIFF_MAX_LINES)} more diff lines]`].join('\n');
}

export const editFileTool = defineTool({
  name: 'edit_file',
  description: [
    'Edit a file by replacing one exact piece of text with another. `search` must match the file exactly',
    '(spaces, tabs and line breaks included) and occur exactly once: if it occurs several times the edit is refused',
    'with the matching line numbers, so add surrounding lines to make it unique. Read the file first.',
    'For several changes, call edit_file once per change. To create a new file use create_file.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    const resolved = resolveWorkspacePath(ctx.sandbox.workdir, args.path);
    if (!resolved.ok) return fail(resolved.error);
    const { absolute, display } = resolved;
    if (args.search === '') {
      return fail('`search` is empty. Copy the exact text to replace from the file; to create a new file use create_file.');
    }
    if (args.search === args.replace) return fail('`search` and `replace` are identical, so the edit would change nothing.');

    let before: string;
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) return fail(`File not found: ${display}. Use list_files to see which files exist, or create_file to make it.`);
      if (stat.type === 'dir') return fail(`${display} is a directory, not a file.`);
      before = await ctx.sandbox.readFile(absolute);
    } catch (error) {
      return fail(describeError(error, display));
    }
    if (looksBinary(before)) return fail(`${display} looks like a binary file; edit_file only edits text.`);
    const seen = ctx.fileVersions?.check(absolute, before);
    if (seen === 'unread') return fail(`Read ${display} with read_file before editing it, so the edit is based on its current content.`);
    if (seen === 'stale') {
      return fail(`${display} changed since you last read it (for example through a command). Read it again with read_file, then edit.`);
    }

    const found = occurrences(before, args.search);
    if (found.length === 0) {
      return fail(
        `The search text was not found in ${display}. Read the file again (read_file) and copy the exact text, including whitespace and indentation, without line numbers.`,
      );
    }
    if (found.length > 1) {
      const lines = found.map((at) => lineNumberAt(before, at));
      return fail(
        `The search text occurs ${found.length} times in ${display} (starting at lines ${lines.join(', ')}). ` +
          'Include more surrounding lines in `search` so it matches exactly once.',
      );
    }

    const at = found[0] as number;
    const after = before.slice(0, at) + args.replace + before.slice(at + args.search.length);
    const syntax = await gateWriteSyntax(display, before, after, ctx.refuseSyntaxErrors);
    if (syntax.refusal) return fail(syntax.refusal);
    try {
      await ctx.sandbox.writeFile(absolute, after);
    } catch (error) {
      return fail(describeError(error, display));
    }
    ctx.fileVersions?.remember(absolute, after);
    const diff = unifiedDiff({ path: display, before, after });
    ctx.emit({ type: 'file_changed', path: display, change: 'edited', before, after, diff });

    const startLine = lineNumberAt(before, at);
    const summary =
      args.replace === ''
        ? `Edited ${display}: deleted text at ${lineSpan(startLine, args.search)}.`
        : `Edited ${display}: replaced ${lineSpan(startLine, args.search)} with ${lineSpan(startLine, args.replace).replace(/^line(s?) /, 'new line$1 ')}.`;
    return ok(withSyntaxReport(`${summary}\n\n${shortDiff(diff)}`, syntax.report));
  },
});
