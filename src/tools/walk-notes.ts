import { plural } from './output';
import { MAX_WALK_DEPTH, type WalkReport } from './walk';

/** Links named in a note before the rest is only counted. */
const NAMED_LINKS = 5;
const DEPTH_PATH_MAX_CHARS = 80;

function shortenPath(path: string): string {
  if (path.length <= DEPTH_PATH_MAX_CHARS) return path;
  const half = DEPTH_PATH_MAX_CHARS / 2;
  return `${path.slice(0, half)}…${path.slice(-half)}`;
}

function named(items: readonly string[]): string {
  const shown = items.slice(0, NAMED_LINKS).join(', ');
  return items.length > NAMED_LINKS ? `${shown}, and ${items.length - NAMED_LINKS} more` : shown;
}

/**
 * The lines a walking tool adds about what its walk left out. `done` says what did not
 * happen to what was left out: "searched", "shown", "outlined".
 */
export function walkNotes(report: WalkReport, done: string): string[] {
  const notes: string[] = [];
  const [firstDeep] = report.depthLimited;
  if (firstDeep !== undefined) {
    const others = report.depthLimited.length - 1;
    const more = others > 0 ? ` (and ${plural(others, 'more directory', 'more directories')})` : '';
    notes.push(`[… stopped at depth ${MAX_WALK_DEPTH} in ${shortenPath(firstDeep)}${more}; deeper files were not ${done}]`);
  }
  const outside = report.outsideLinks;
  if (outside.length > 0) {
    const verb = outside.length === 1 ? 'leads outside the workspace and was' : 'lead outside the workspace and were';
    const list = named(outside.map((link) => `${link.relative} → ${link.target}`));
    notes.push(`(${plural(outside.length, 'symbolic link')} ${verb} not ${done}: ${list})`);
  }
  const broken = report.brokenLinks;
  if (broken.length > 0) {
    notes.push(`(${plural(broken.length, 'symbolic link')} leading nowhere (missing target or a loop) not ${done}: ${named(broken)})`);
  }
  return notes;
}
