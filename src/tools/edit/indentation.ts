/** Tab widths tried when search and file mix tabs and spaces; the first that explains the lines wins. */
export const TAB_WIDTHS = [4, 8, 2] as const;

export type IndentStyle = 'tabs' | 'spaces';

/** Width of an indentation in columns, a tab advancing to the next tab stop. */
export function indentWidth(indent: string, tabWidth: number): number {
  let column = 0;
  for (const char of indent) column = char === '\t' ? column + tabWidth - (column % tabWidth) : column + 1;
  return column;
}

export function renderIndent(width: number, style: IndentStyle, tabWidth: number): string {
  if (style === 'spaces') return ' '.repeat(width);
  return '\t'.repeat(Math.floor(width / tabWidth)) + ' '.repeat(width % tabWidth);
}

/** Indentation of a search line and of the file line it was matched to. */
export interface IndentPair {
  search: string;
  file: string;
}

export interface IndentShift {
  /** Columns to add to the replacement's indentation (negative removes). */
  delta: number;
  tabWidth: number;
  /** False when every pair had identical indentation: the replacement is then written as given. */
  changed: boolean;
}

/**
 * The indentation offset between search and file: the most common per-line
 * difference, for the tab width that explains the most lines (ties: the first line's).
 */
export function measureShift(pairs: readonly IndentPair[]): IndentShift {
  const changed = pairs.some((pair) => pair.search !== pair.file);
  let best: IndentShift = { delta: 0, tabWidth: TAB_WIDTHS[0], changed };
  let bestVotes = -1;
  for (const tabWidth of TAB_WIDTHS) {
    const votes = new Map<number, number>();
    for (const pair of pairs) {
      const delta = indentWidth(pair.file, tabWidth) - indentWidth(pair.search, tabWidth);
      votes.set(delta, (votes.get(delta) ?? 0) + 1);
    }
    for (const [delta, count] of votes) {
      if (count > bestVotes) {
        bestVotes = count;
        best = { delta, tabWidth, changed };
      }
    }
  }
  return best;
}

/** True when one offset explains every pair, for some tab width. */
export function agreeOnShift(pairs: readonly IndentPair[]): boolean {
  return TAB_WIDTHS.some((tabWidth) => new Set(pairs.map((pair) => indentWidth(pair.file, tabWidth) - indentWidth(pair.search, tabWidth))).size <= 1);
}

/** Tabs or spaces, as the given indentation strings mostly use; null when none is indented. */
export function styleOf(indents: readonly string[]): IndentStyle | null {
  let tabs = 0;
  let spaces = 0;
  for (const indent of indents) {
    if (indent.startsWith('\t')) tabs++;
    else if (indent.startsWith(' ')) spaces++;
  }
  if (tabs === 0 && spaces === 0) return null;
  return tabs > spaces ? 'tabs' : 'spaces';
}

/** A change of indentation step between search and file (2-space search, 4-space file). */
export interface IndentScale {
  tabWidth: number;
  /** The shallowest search indentation and the file indentation it stands for. */
  baseSearch: number;
  baseFile: number;
  /** One level of indentation, in columns, in the search and in the file. */
  unitSearch: number;
  unitFile: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** One level's width among indentation widths measured from their shallowest one; 0 when all are equal. */
function levelUnit(widths: readonly number[], base: number): number {
  return widths.reduce((unit, width) => gcd(unit, width - base), 0);
}

/**
 * When no single offset explains the pairs, the search may use another
 * indentation step than the file: a scale that explains EVERY pair, or null.
 */
export function measureScale(pairs: readonly IndentPair[]): IndentScale | null {
  if (pairs.length < 2) return null;
  for (const tabWidth of TAB_WIDTHS) {
    const search = pairs.map((pair) => indentWidth(pair.search, tabWidth));
    const file = pairs.map((pair) => indentWidth(pair.file, tabWidth));
    const baseSearch = Math.min(...search);
    const baseFile = file[search.indexOf(baseSearch)] as number;
    const unitSearch = levelUnit(search, baseSearch);
    const unitFile = levelUnit(file, Math.min(...file));
    if (unitSearch === 0 || unitFile === 0 || unitSearch === unitFile) continue;
    const scale: IndentScale = { tabWidth, baseSearch, baseFile, unitSearch, unitFile };
    if (search.every((width, k) => scaledWidth(width, scale) === file[k])) return scale;
  }
  return null;
}

export function scaledWidth(width: number, scale: IndentScale): number {
  return Math.max(0, scale.baseFile + Math.round(((width - scale.baseSearch) * scale.unitFile) / scale.unitSearch));
}
