import { z } from 'zod';
import { failFromError } from './errors';
import { compileGlob } from './glob';
import { formatBytes, formatCount, plural } from './output';
import { displayPath } from './paths';
import { defineTool, fail, ok } from './tool';
import { walk, type WalkEntry, type WalkReport } from './walk';
import { walkNotes } from './walk-notes';
import { DEFAULT_IGNORED_DIRS, WorkspaceIgnore } from './workspace-ignore';
import { workspacePath } from './workspace-path';

export const DEFAULT_LIST_DEPTH = 2;
export const MAX_LIST_DEPTH = 10;
export const MAX_LIST_ENTRIES = 500;
/** A glob filter has to look at more of the tree than it shows; this bounds the look. */
export const MAX_SCANNED_ENTRIES = 20_000;
/** Shown but never expanded: dependencies, build output, caches. */
export const LIST_SKIPPED_DIRS: ReadonlySet<string> = DEFAULT_IGNORED_DIRS;

const schema = z.strictObject({
  path: z.string().optional().describe('Directory to list, relative to the workspace root or absolute inside it. Omit for the workspace root.'),
  depth: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_DEPTH)
    .optional()
    .describe(`How many directory levels to show (1 = only direct children). Default ${DEFAULT_LIST_DEPTH}, or ${MAX_LIST_DEPTH} with glob.`),
  glob: z
    .string()
    .optional()
    .describe(
      'Only show files matching this glob (and the directories leading to them): * ? ** and {a,b}, e.g. "*.ts" or "src/**/*.{js,ts}". Matched against the path relative to the workspace root or to the listed directory; a glob without "/" matches file names at any depth.',
    ),
});

const DIR_MARKS: Record<NonNullable<WalkEntry['expansion']>, string> = {
  expanded: '',
  skipped: '  (skipped)',
  depth: '  (not expanded)',
  link: '  (symbolic link, not expanded)',
};

function entryLine(entry: WalkEntry): string {
  const indent = '  '.repeat(entry.depth - 1);
  if (entry.type === 'file') {
    const link = entry.linkTarget === undefined ? '' : ` → ${entry.linkTarget}`;
    return `${indent}${entry.name}${link}${entry.size === undefined ? '' : `  (${formatBytes(entry.size)})`}`;
  }
  const link = entry.linkTarget === undefined ? '' : ` → ${entry.linkTarget}/`;
  return `${indent}${entry.name}/${link}${DIR_MARKS[entry.expansion ?? 'expanded']}`;
}

/** Keeps the files the glob matches and the directories on the way to them. */
function filterByGlob(entries: readonly WalkEntry[], matches: (entry: WalkEntry) => boolean): WalkEntry[] {
  const keptDirs = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'file' || !matches(entry)) continue;
    const parts = entry.relative.split('/');
    for (let i = 1; i < parts.length; i++) keptDirs.add(parts.slice(0, i).join('/'));
  }
  return entries.filter((entry) => (entry.type === 'dir' ? keptDirs.has(entry.relative) : matches(entry)));
}

export const listFilesTool = defineTool({
  name: 'list_files',
  kind: 'read',
  description: [
    'List a directory of the workspace as an indented tree: directories first (ending in "/"), then files with their sizes.',
    `Shows ${DEFAULT_LIST_DEPTH} levels by default (set depth for more or fewer) and at most ${MAX_LIST_ENTRIES} entries;`,
    'directories deeper than that are marked "(not expanded)" — list them directly to see inside.',
    'With glob (e.g. "*.py") only matching files and the directories leading to them are shown.',
    'Dependencies, build output and caches (.git, node_modules, dist, build, out, target, .next, coverage, __pycache__, .venv)',
    'are shown but never expanded; paths ignored by .gitignore files are left out. Symbolic links show where they point',
    '("name → target") and are not expanded; links leading outside the workspace are left out and named at the end.',
    'Use it to get oriented before reading files.',
  ].join(' '),
  schema,
  async run(args, ctx) {
    // An empty path is how some models say "the root" for an optional field.
    const located = await workspacePath(ctx.sandbox, args.path?.trim() ? args.path : '.', 'listed');
    if (!located.ok) return located.failure;
    const { absolute, display } = located;
    const glob = args.glob?.trim() || undefined;
    const depth = args.depth ?? (glob ? MAX_LIST_DEPTH : DEFAULT_LIST_DEPTH);
    const ignore = new WorkspaceIgnore(ctx.sandbox);

    const entries: WalkEntry[] = [];
    let gitignored = 0;
    let scanCapped = false;
    let report: WalkReport;
    try {
      const stat = await ctx.sandbox.stat(absolute);
      if (!stat) return fail('not_found', `Directory not found: ${display}. List the parent directory to see what exists.`);
      if (stat.type === 'file') {
        return fail('not_a_directory', `${display} is a file (${formatBytes(stat.size)}), not a directory. Use read_file to read it.`);
      }
      const walking = walk(ctx.sandbox, absolute, {
        maxDepth: depth,
        skipDirs: LIST_SKIPPED_DIRS,
        signal: ctx.signal,
        ignore: async (path, type) => {
          const hidden = (await ignore.reason(path, type)) === 'gitignore';
          if (hidden) gitignored++;
          return hidden;
        },
      });
      // Without a glob every entry walked is shown, so the walk can stop at the display cap.
      const limit = glob ? MAX_SCANNED_ENTRIES : MAX_LIST_ENTRIES + 1;
      for await (const entry of walking) {
        if (entries.length >= limit) {
          scanCapped = glob !== undefined;
          break;
        }
        entries.push(entry);
      }
      report = walking.report;
    } catch (error) {
      return failFromError(error, display);
    }
    if (ctx.signal.aborted) return fail('cancelled', 'The listing was cancelled.');

    let shown = entries;
    if (glob) {
      const matchesGlob = compileGlob(glob);
      shown = filterByGlob(entries, (entry) => matchesGlob(displayPath(ctx.sandbox.workdir, entry.path)) || matchesGlob(entry.relative));
    }
    const capped = shown.length > MAX_LIST_ENTRIES;
    shown = shown.slice(0, MAX_LIST_ENTRIES);
    const files = shown.filter((entry) => entry.type === 'file').length;
    const dirs = shown.length - files;

    const root = display === '.' ? '. (workspace root)' : `${display}/`;
    const filter = glob ? `, files matching "${glob}"` : '';
    const header = `${root} — ${formatCount(dirs)} directories, ${formatCount(files)} files shown${filter}`;
    const notes: string[] = [];
    if (capped) notes.push(`[… listing stopped at ${MAX_LIST_ENTRIES} entries; list a subdirectory, use a smaller depth or a glob to see the rest]`);
    if (scanCapped) notes.push(`[… looked at the first ${formatCount(MAX_SCANNED_ENTRIES)} entries only; list a subdirectory to search further]`);
    if (gitignored > 0) notes.push(`(${plural(gitignored, 'entry', 'entries')} ignored by .gitignore not shown)`);
    notes.push(...walkNotes(report, 'shown'));
    if (shown.length === 0) return ok([header, glob ? '(no matching files)' : '(empty directory)', ...notes].join('\n'));
    return ok([header, ...shown.map(entryLine), ...notes].join('\n'));
  },
});
