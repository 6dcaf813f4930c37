import { z } from 'zod';
import { unifiedDiff } from './diff';
import { failFromError } from './errors';
import { countLines, formatBytes, plural } from './output';
import { parentDir } from './paths';
import { gateWriteSyntax, withSyntaxReport } from './syntax-check';
import { defineTool, fail, ok } from './tool';
import { writeFileVerified } from './verified-write';
import { workspacePath } from './workspace-path';

const schema = z.strictObject({
  path: z
    .string()
    .describe('Path of the new file: relative to the workspace root (e.g. "src/util.ts") or absolute inside it. Missing parent directories are created.'),
  content: z.string().describe('The complete text of the new file.'),
});

export const createFileTool = defineTool({
  name: 'create_file',
  kind: 'edit',
  description: [
    'Create a new file in the workspace with the given content; missing parent directories are created.',
    'It refuses to overwrite: if the file already exists, use edit_file to change it.',
    'Write the whole file content, ending with a newline.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    const located = await workspacePath(ctx.sandbox, args.path, 'written');
    if (!located.ok) return located.failure;
    const { absolute, display } = located;
    let syntaxReport: string | null;
    try {
      const existing = await ctx.sandbox.stat(absolute);
      if (existing?.type === 'dir') return fail('is_directory', `${display} is an existing directory; choose a file path inside it.`);
      if (existing) {
        return fail('already_exists', `${display} already exists. Use edit_file to change it (read_file first to see its current content).`);
      }
      const parent = parentDir(absolute);
      const parentStat = await ctx.sandbox.stat(parent);
      if (parentStat?.type === 'file') return fail('not_a_directory', `Cannot create ${display}: its parent ${parentDir(display)} is a file.`);
      // Checked before anything is written, so a refused file leaves no trace (not even its directory).
      const syntax = await gateWriteSyntax(display, null, args.content, ctx.refuseSyntaxErrors);
      if (syntax.refusal) return fail('syntax_error', syntax.refusal);
      syntaxReport = syntax.report;
      if (!parentStat) await ctx.sandbox.mkdir(parent, { recursive: true });
      await writeFileVerified(ctx.sandbox, absolute, args.content);
    } catch (error) {
      return failFromError(error, display);
    }
    ctx.fileVersions?.remember(absolute, args.content);
    ctx.emit({
      type: 'file_changed',
      path: display,
      change: 'created',
      before: null,
      after: args.content,
      diff: unifiedDiff({ path: display, before: null, after: args.content }),
    });
    const created = `Created ${display} (${plural(countLines(args.content), 'line')}, ${formatBytes(new TextEncoder().encode(args.content).length)}).`;
    return ok(withSyntaxReport(created, syntaxReport));
  },
});
