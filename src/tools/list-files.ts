import { z } from 'zod';
import { describeError } from './errors';
import { formatBytes, formatCount } from './output';
import { resolveWorkspacePath } from './paths';
import { defineTool, fail, ok } from './tool';
import { walk } from './walk';

export const DEFAULT_LIST_DEPTH = 2;
export const MAX_LIST_DEPTH = 10;
export const MAX_LIST_ENTRIES = 500;
/** Never expanded: huge and rarely what the task is about. */
export const LIST_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

const schema = z.strictObject({
  path: z
    .string()
    .optional()
    .describe('Directory to list, relative to the workspace root or absolute inside it. Omit for the workspace root.'),
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_DEPTH)
    .optional()
    .describe(`How many directory levels to show (1 = only direct children). Default ${DEFAULT_LIST_DEPTH}.`),
});

export const listFilesTool = defineTool({
  name: 'list_files',
  description: [
    'List a directory of the workspace as an indented tree: directories first (ending in "/"), then files with their sizes.',
    `Shows ${DEFAULT_LIST_DEPTH} levels by default (set depth for more or fewer) and at most ${MAX_LIST_ENTRIES} entries;`,
    'directories deeper than that are marked "(not expanded)" — list them directly to see inside.',
    '.git and node_modules are shown but never expanded. Use it to get oriented before reading files.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    // An empty path is how some models say "the root" for an optional field.
    const resolved = resolveWorkspacePath(ctx.sandbox.workdir, args.path?.trim() ? args.path : '.');
    if (!resolved.ok) return fail(resolved.error);
    const { absolute, display } = resolved;
    const depth = args.depth ?? DEFAULT_LIST_DEPTH;

    const lines: string[] = [];
    let capped = false;
    let files = 0;
    let dirs = 0;
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) return fail(`Directory not found: ${display}. List the parent directory to see what exists.`);
      if (stat.type === 'file') {
        return fail(`${display} is a file (${formatBytes(stat.size)}), not a directory. Use read_file to read it.`);
      }
      for await (const entry of walk(ctx.sandbox, absolute, { maxDepth: depth, skipDirs: LIST_SKIPPED_DIRS })) {
        if (lines.length >= MAX_LIST_ENTRIES) {
          capped = true;
          break;
        }
        const indent = '  '.repeat(entry.depth - 1);
        if (entry.type === 'file') {
          files++;
          lines.push(`${indent}${entry.name}${entry.size === undefined ? '' : `  (${formatBytes(entry.size)})`}`);
        } else {
          dirs++;
          const mark = entry.expansion === 'skipped' ? '  (skipped)' : entry.expansion === 'depth' ? '  (not expanded)' : '';
          lines.push(`${indent}${entry.name}/${mark}`);
        }
      }
    } catch (error) {
      return fail(describeError(error, display));
    }

    const header = `${display === '.' ? '. (workspace root)' : `${display}/`} — ${formatCount(dirs)} directories, ${formatCount(files)} files shown`;
    if (lines.length === 0) return ok(`${header}\n(empty directory)`);
    const out = [header, ...lines];
    if (capped) {
      out.push(
        `[… listing stopped at ${MAX_LIST_ENTRIES} entries; list a subdirectory or use a smaller depth to see the rest]`,
      );
    }
    return ok(out.join('\n'));
  },
});
