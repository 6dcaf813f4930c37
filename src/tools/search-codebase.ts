import { z } from 'zod';
import { describeError } from './errors';
import { cutLine, formatCount, looksBinary, plural, splitLines } from './output';
import { compileGlob } from './glob';
import { defineTool, fail, ok } from './tool';
import { walk } from './walk';

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_MAX_RESULTS = 1_000;
/** Matched lines longer than this are cut in the result. */
export const MATCH_LINE_MAX_CHARS = 200;
/** Files bigger than this are not searched (generated bundles, data dumps). */
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
export const SEARCH_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', 'dist', 'build']);

const schema = z.strictObject({
  pattern: z
    .string()
    .describe('JavaScript regular expression matched against each line separately, e.g. "function\\s+greet" or "TODO". Case-sensitive.'),
  glob: z
    .string()
    .optional()
    .describe('Only search files whose workspace-relative path matches this glob: * ? ** and {a,b} are supported, e.g. "src/**/*.ts" or "*.{js,ts}". A glob without "/" matches file names at any depth.'),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(MAX_MAX_RESULTS)
    .optional()
    .describe(`Most matching lines to return (default ${DEFAULT_MAX_RESULTS}).`),
});

function compilePattern(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const searchCodebaseTool = defineTool({
  name: 'search_codebase',
  description: [
    'Search every text file in the workspace for a JavaScript regular expression, line by line, and list the matches as',
    '"path:line: text". Use it to find definitions, usages, error messages or config keys before reading files.',
    'Skips .git, node_modules, dist, build, binary files and files over 1 MiB. Narrow it with glob (e.g. "src/**/*.ts").',
    `Returns at most max_results matches (default ${DEFAULT_MAX_RESULTS}) and says how many more there were.`,
    'Patterns cannot span lines; escape regex characters such as ( [ . * when you mean them literally.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    if (args.pattern === '') return fail('The pattern is empty. Give a regular expression to look for, e.g. "TODO".');
    const regex = compilePattern(args.pattern);
    if (typeof regex === 'string') {
      return fail(
        `The pattern is not a valid JavaScript regular expression: ${regex}. Escape special characters (\\( \\[ \\. \\*) to match them literally.`,
      );
    }
    const matchesGlob = args.glob !== undefined && args.glob.trim() !== '' ? compileGlob(args.glob) : () => true;
    const maxResults = args.max_results ?? DEFAULT_MAX_RESULTS;

    const results: string[] = [];
    let total = 0;
    let filesWithMatches = 0;
    let filesSearched = 0;
    let skippedLarge = 0;
    try {
      for await (const entry of walk(ctx.sandbox, ctx.sandbox.workdir, { skipDirs: SEARCH_SKIPPED_DIRS })) {
        if (ctx.signal.aborted) return fail('The search was cancelled.');
        if (entry.type !== 'file' || !matchesGlob(entry.relative)) continue;
        if (entry.size !== undefined && entry.size > SEARCH_MAX_FILE_BYTES) {
          skippedLarge++;
          continue;
        }
        const content = await ctx.sandbox.readFile(entry.path);
        if (looksBinary(content)) continue;
        filesSearched++;
        let matchedHere = false;
        splitLines(content).forEach((line, index) => {
          if (!regex.test(line)) return;
          matchedHere = true;
          total++;
          if (results.length < maxResults) results.push(`${entry.relative}:${index + 1}: ${cutLine(line.trim(), MATCH_LINE_MAX_CHARS)}`);
        });
        if (matchedHere) filesWithMatches++;
      }
    } catch (error) {
      return fail(describeError(error, 'the workspace'));
    }

    const scope = args.glob ? ` in files matching "${args.glob}"` : '';
    const notes: string[] = [];
    if (skippedLarge > 0) notes.push(`(${plural(skippedLarge, 'file')} over 1 MiB not searched)`);
    if (total === 0) {
      return ok(
        [`No matches for /${args.pattern}/${scope} (${plural(filesSearched, 'file')} searched).`, ...notes].join('\n'),
      );
    }
    const out = [`${plural(total, 'match', 'matches')} in ${plural(filesWithMatches, 'file')} for /${args.pattern}/${scope}:`, ...results];
    if (total > results.length) {
      out.push(`[… ${formatCount(total - results.length)} more matches not shown; narrow the pattern or glob, or raise max_results]`);
    }
    out.push(...notes);
    return ok(out.join('\n'));
  },
});
