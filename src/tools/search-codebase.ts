import { z } from 'zod';
import { failFromError } from './errors';
import { compileGlob } from './glob';
import { formatCount, looksBinary, plural, splitLines } from './output';
import { Pacer } from './pacer';
import { compileSearchPattern, firstMatch, matches, type SearchPattern } from './search-pattern';
import { RE2_LIMITS } from './search-pattern-errors';
import { defineTool, fail, ok } from './tool';
import { walk, type WalkReport } from './walk';
import { walkNotes } from './walk-notes';
import { DEFAULT_IGNORED_DIRS, WorkspaceIgnore } from './workspace-ignore';

export const DEFAULT_MAX_RESULTS = 100;
export const MAX_MAX_RESULTS = 1_000;
export const MAX_CONTEXT_LINES = 5;
/** Shown lines longer than this are cut (around the match) in the result. */
export const MATCH_LINE_MAX_CHARS = 200;
/** Files bigger than this are not searched (generated bundles, data dumps). */
export const SEARCH_MAX_FILE_BYTES = 1024 * 1024;
/** Kept for callers that list what is skipped; the walk itself asks WorkspaceIgnore. */
export const SEARCH_SKIPPED_DIRS: ReadonlySet<string> = DEFAULT_IGNORED_DIRS;
/** Lines matched between two checks for Stop (a check costs a clock read). */
const LINES_PER_PACE = 1_000;

const globField = (what: string) =>
  z
    .string()
    .optional()
    .describe(
      `${what} files whose workspace-relative path matches this glob: * ? ** and {a,b}, e.g. "src/**/*.ts" or "*.{js,ts}". A glob without "/" matches file names at any depth.`,
    );

const schema = z.strictObject({
  pattern: z
    .string()
    .describe('Regular expression (RE2 syntax, written as in JavaScript) matched against each line separately, e.g. "function\\s+greet" or "TODO".'),
  include: globField('Only search'),
  exclude: globField('Skip'),
  glob: z.string().optional().describe('Older name for `include`.'),
  case_sensitive: z
    .boolean()
    .optional()
    .describe('true: exact case; false: ignore case. Default: smart case, ignoring case when the pattern has no upper-case letter.'),
  context_lines: z
    .number()
    .int()
    .min(0)
    .max(MAX_CONTEXT_LINES)
    .optional()
    .describe(`Lines of context to show before and after each match (0–${MAX_CONTEXT_LINES}, default 0).`),
  max_results: z.number().int().min(1).max(MAX_MAX_RESULTS).optional().describe(`Most matching lines to show (default ${DEFAULT_MAX_RESULTS}).`),
});

type SearchArgs = z.infer<typeof schema>;

interface FileMatches {
  path: string;
  lines: readonly string[];
  /** 0-based indexes of the matching lines. */
  hits: number[];
}

/** The cut of a long line, kept around where the pattern matched so the match stays visible. */
function shownLine(line: string, pattern: SearchPattern | null): string {
  if (line.length <= MATCH_LINE_MAX_CHARS) return line;
  const at = pattern ? Math.max(0, (firstMatch(pattern, line) ?? 0) - 40) : 0;
  const start = Math.min(at, line.length - MATCH_LINE_MAX_CHARS);
  const before = start > 0 ? `[… ${formatCount(start)} characters] ` : '';
  const rest = line.length - start - MATCH_LINE_MAX_CHARS;
  const after = rest > 0 ? ` [… ${formatCount(rest)} more characters]` : '';
  return `${before}${line.slice(start, start + MATCH_LINE_MAX_CHARS)}${after}`;
}

/**
 * One file's block: its path, then "  12: text" for matches and "  11- text" for context,
 * with "  --" between groups that are not adjacent. Only the first `budget` matches are shown.
 */
function renderFile(file: FileMatches, budget: number, context: number, pattern: SearchPattern): string[] {
  const hits = file.hits.slice(0, budget);
  // Like grep, a matching line inside another match's context is still marked as a match.
  const isHit = new Set(file.hits);
  const out = [file.path];
  let lastShown = -1;
  for (const hit of hits) {
    const from = Math.max(0, hit - context, lastShown + 1);
    const to = Math.min(file.lines.length - 1, hit + context);
    if (lastShown >= 0 && from > lastShown + 1) out.push('  --');
    for (let i = from; i <= to; i++) {
      const line = (file.lines[i] as string).trimEnd();
      const hitHere = isHit.has(i);
      out.push(`  ${i + 1}${hitHere ? ':' : '-'} ${shownLine(line, hitHere ? pattern : null)}`);
    }
    lastShown = Math.max(lastShown, to);
  }
  return out;
}

function describeScope(args: SearchArgs, include: string | undefined, pattern: SearchPattern): string {
  const parts = [pattern.caseSensitive ? 'case-sensitive' : 'case-insensitive'];
  if (include) parts.push(`in files matching "${include}"`);
  if (args.exclude) parts.push(`excluding "${args.exclude}"`);
  return parts.join(', ');
}

export const searchCodebaseTool = defineTool({
  name: 'search_codebase',
  kind: 'read',
  description: [
    'Search the text files of the workspace for a regular expression, line by line. Results are grouped per file:',
    'the path, then "  12: text" for each matching line (and "  11- text" for context lines with context_lines).',
    'Case: smart by default (a pattern without upper-case letters ignores case); set case_sensitive to force either way.',
    'Narrow it with include / exclude globs (e.g. include "src/**/*.ts", exclude "*.test.ts").',
    'Skips .git, node_modules, build output (dist, build, out, target, .next, coverage), __pycache__, .venv, paths ignored by',
    `.gitignore files, binary files and files over 1 MiB. Shows at most max_results matches (default ${DEFAULT_MAX_RESULTS})`,
    'and says how many more there were. Patterns cannot span lines; escape ( [ . * when you mean them literally.',
    'Patterns run on RE2, which matches in linear time: write them as in JavaScript (\\d, \\b, (?<name>…), \\u00e9), but',
    `${RE2_LIMITS} Symbolic links are not followed.`,
  ].join(' '),
  schema,
  async run(args, ctx) {
    if (args.pattern === '') return fail('invalid_arguments', 'The pattern is empty. Give a regular expression to look for, e.g. "TODO".');
    if (args.glob !== undefined && args.include !== undefined && args.glob !== args.include) {
      return fail('invalid_arguments', 'Both `include` and its older name `glob` were given. Use `include` only.');
    }
    const compiled = await compileSearchPattern(args.pattern, args.case_sensitive);
    if (!compiled.ok) return fail('invalid_arguments', compiled.error);
    const pattern = compiled.pattern;
    const include = (args.include ?? args.glob)?.trim() || undefined;
    const exclude = args.exclude?.trim() || undefined;
    const included = include ? compileGlob(include) : () => true;
    const excluded = exclude ? compileGlob(exclude) : () => false;
    const maxResults = args.max_results ?? DEFAULT_MAX_RESULTS;
    const context = args.context_lines ?? 0;
    const ignore = new WorkspaceIgnore(ctx.sandbox);

    const files: FileMatches[] = [];
    let filesSearched = 0;
    let skippedLarge = 0;
    let report: WalkReport;
    const pacer = new Pacer(ctx.signal);
    try {
      const walking = walk(ctx.sandbox, ctx.sandbox.workdir, {
        ignore: async (path, type) => (await ignore.reason(path, type)) !== null,
        signal: ctx.signal,
      });
      for await (const entry of walking) {
        // A link inside the workspace is searched where it really is.
        if (entry.type !== 'file' || entry.linkTarget !== undefined) continue;
        if (!included(entry.relative) || excluded(entry.relative)) continue;
        if (entry.size !== undefined && entry.size > SEARCH_MAX_FILE_BYTES) {
          skippedLarge++;
          continue;
        }
        const content = await ctx.sandbox.readFile(entry.path);
        if (looksBinary(content)) continue;
        filesSearched++;
        const lines = splitLines(content);
        const hits: number[] = [];
        for (let index = 0; index < lines.length; index++) {
          if (index % LINES_PER_PACE === LINES_PER_PACE - 1 && !(await pacer.pace())) break;
          if (matches(pattern, lines[index] as string)) hits.push(index);
        }
        if (hits.length > 0) files.push({ path: entry.relative, lines, hits });
      }
      report = walking.report;
    } catch (error) {
      return failFromError(error, 'the workspace');
    }
    if (ctx.signal.aborted) return fail('cancelled', 'The search was cancelled.');

    const scope = describeScope(args, include, pattern);
    const notes: string[] = [];
    if (skippedLarge > 0) notes.push(`(${plural(skippedLarge, 'file')} over 1 MiB not searched)`);
    notes.push(...walkNotes(report, 'searched'));
    const total = files.reduce((sum, file) => sum + file.hits.length, 0);
    if (total === 0) {
      return ok([`No matches for /${args.pattern}/ (${scope}; ${plural(filesSearched, 'file')} searched).`, ...notes].join('\n'));
    }

    const out = [`${plural(total, 'match', 'matches')} in ${plural(files.length, 'file')} for /${args.pattern}/ (${scope}):`];
    let budget = maxResults;
    let hiddenFiles = 0;
    for (const file of files) {
      if (budget <= 0) {
        hiddenFiles++;
        continue;
      }
      out.push(...renderFile(file, budget, context, pattern));
      if (file.hits.length > budget) hiddenFiles++;
      budget -= Math.min(budget, file.hits.length);
    }
    if (total > maxResults) {
      out.push(
        `[… ${plural(total - maxResults, 'more match', 'more matches')} in ${plural(hiddenFiles, 'file')} not shown; narrow the pattern or include glob, or raise max_results]`,
      );
    }
    out.push(...notes);
    return ok(out.join('\n'));
  },
});
