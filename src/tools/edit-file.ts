import { z } from 'zod';
import { unifiedDiff } from './diff';
import { applyEdit, applyEdits, type EditRequest, type MultiEditResult } from './edit';
import { editFailureKind } from './edit-failure';
import { failFromError } from './errors';
import { formatCount, looksBinary } from './output';
import { gateWriteSyntax, withSyntaxReport } from './syntax-check';
import { defineTool, fail, ok } from './tool';
import { writeFileVerified } from './verified-write';
import { workspacePath } from './workspace-path';

/** How much of the diff goes back to the model; the event carries all of it. */
export const RESULT_DIFF_MAX_LINES = 60;
/** More edits than this in one call is a rewrite; create_file says so more honestly. */
export const MAX_EDITS_PER_CALL = 50;

const SEARCH_HELP =
  'Text to replace, copied from the file (whitespace and indentation included, without read_file line numbers). It must identify one place: include a few surrounding lines to make it unique.';
const REPLACE_HELP = 'Text that takes the place of `search`. Use an empty string to delete it.';

const editSchema = z.strictObject({
  search: z.string().describe(SEARCH_HELP),
  replace: z.string().describe(REPLACE_HELP),
});

const FORMS = 'Give either `search` and `replace` (one edit) or `edits: [{"search": …, "replace": …}, …]` (several edits), not both.';

export const editFileSchema = z
  .strictObject({
    path: z.string().describe('File to edit: relative to the workspace root or absolute inside it.'),
    search: z.string().optional().describe(`One edit: ${SEARCH_HELP}`),
    replace: z.string().optional().describe(`One edit: ${REPLACE_HELP}`),
    edits: z
      .array(editSchema)
      .min(1)
      .max(MAX_EDITS_PER_CALL)
      .optional()
      .describe(
        'Several edits to the same file in one call, instead of search/replace. Each is matched against the file as it was before the call; all are applied or none, and they must not overlap.',
      ),
  })
  .superRefine((args, ctx) => {
    const single = args.search !== undefined || args.replace !== undefined;
    if (single && args.edits !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['edits'], message: `\`edits\` was given together with \`search\`/\`replace\`. ${FORMS}` });
    } else if (!single) {
      if (args.edits === undefined) ctx.addIssue({ code: 'custom', path: [], message: `No edit was given. ${FORMS}` });
    } else if (args.search === undefined) {
      ctx.addIssue({ code: 'custom', path: ['search'], message: `\`replace\` was given without \`search\`. ${FORMS}` });
    } else if (args.replace === undefined) {
      ctx.addIssue({ code: 'custom', path: ['replace'], message: `\`search\` was given without \`replace\` (use "" to delete the text). ${FORMS}` });
    }
  });

export type EditFileArgs = z.infer<typeof editFileSchema>;

/** The edits of a call whichever form it used (the schema guarantees one of them). */
export function editsOf(args: EditFileArgs): EditRequest[] {
  if (args.edits !== undefined) return args.edits;
  return [{ search: args.search ?? '', replace: args.replace ?? '' }];
}

/** One edit goes through applyEdit, whose errors do not talk about "edit 1 of 1". */
function applyAll(before: string, edits: readonly EditRequest[]): MultiEditResult {
  if (edits.length !== 1) return applyEdits(before, edits);
  const single = applyEdit(before, edits[0] as EditRequest);
  if (!single.ok) return single;
  const { result, strategy, startLine, endLine, message } = single;
  return { ok: true, result, edits: [{ strategy, startLine, endLine, message }], message };
}

function shortDiff(diff: string): string {
  const lines = diff.trimEnd().split('\n');
  if (lines.length <= RESULT_DIFF_MAX_LINES) return lines.join('\n');
  return [...lines.slice(0, RESULT_DIFF_MAX_LINES), `[… ${formatCount(lines.length - RESULT_DIFF_MAX_LINES)} more diff lines]`].join('\n');
}

export const editFileTool = defineTool({
  name: 'edit_file',
  kind: 'edit',
  description: [
    'Edit an existing file by replacing text. Read the file first. Two forms:',
    '(1) {"path", "search", "replace"} replaces one piece of text;',
    '(2) {"path", "edits": [{"search", "replace"}, …]} makes several changes in one call: every search is matched against',
    'the file as it was before the call, all edits are applied or none, and edits that overlap are refused.',
    '`search` should be copied exactly from the file. If it does not match exactly, the tool tries, in order, ignoring',
    'trailing whitespace, indentation (your replacement is re-indented to fit), all spacing, and finally a close fuzzy match;',
    'such a match is applied as a patch: lines your replacement keeps stay exactly as the file has them, and if a line your',
    "replacement changes or removes is not what the file has, the edit is refused and the file's line is shown.",
    'The result says which strategy was used and at which lines, and shows the diff. If the search fits several places the',
    'edit is refused with a numbered list of them: add surrounding lines to make it unique. If nothing fits, the most similar',
    'part of the file is shown. Line endings and the final newline are kept. To create a file or rewrite it whole use create_file.',
  ].join(' '),
  schema: editFileSchema,
  async run(args, ctx) {
    const located = await workspacePath(ctx.sandbox, args.path, 'edited');
    if (!located.ok) return located.failure;
    const { absolute, display } = located;
    const edits = editsOf(args);

    let before: string;
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) return fail('not_found', `File not found: ${display}. Use list_files to see which files exist, or create_file to make it.`);
      if (stat.type === 'dir') return fail('is_directory', `${display} is a directory, not a file.`);
      before = await ctx.sandbox.readFile(absolute);
    } catch (error) {
      return failFromError(error, display);
    }
    if (looksBinary(before) || before.includes('\0'))
      return fail('binary_file', `${display} looks like a binary file (it contains NUL bytes); edit_file only edits text.`);
    const seen = ctx.fileVersions?.check(absolute, before);
    if (seen === 'unread') return fail('unread', `Read ${display} with read_file before editing it, so the edit is based on its current content.`);
    if (seen === 'stale') {
      return fail('stale_read', `${display} changed since you last read it (for example through a command). Read it again with read_file, then edit.`);
    }

    const outcome = applyAll(before, edits);
    if (!outcome.ok) return fail(editFailureKind(outcome, edits), `Could not edit ${display}. ${outcome.error}`);
    const after = outcome.result;
    if (after === before)
      return fail('no_change', `The edit leaves ${display} identical (\`replace\` gives the same text as what it replaces), so nothing was changed.`);

    const syntax = await gateWriteSyntax(display, before, after, ctx.refuseSyntaxErrors);
    if (syntax.refusal) return fail('syntax_error', syntax.refusal);
    try {
      await writeFileVerified(ctx.sandbox, absolute, after);
    } catch (error) {
      return failFromError(error, display);
    }
    ctx.fileVersions?.remember(absolute, after);
    const diff = unifiedDiff({ path: display, before, after });
    ctx.emit({ type: 'file_changed', path: display, change: 'edited', before, after, diff });

    const summary =
      outcome.edits.length === 1
        ? `Edited ${display}: ${outcome.edits[0]?.message ?? ''}.`
        : [`Edited ${display} with ${outcome.edits.length} edits:`, ...outcome.edits.map((edit, i) => `- edit ${i + 1}: ${edit.message}`)].join('\n');
    return ok(withSyntaxReport(`${summary}\n\n${shortDiff(diff)}`, syntax.report));
  },
});
