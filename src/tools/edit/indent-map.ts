import {
  agreeOnShift,
  type IndentPair,
  type IndentScale,
  type IndentShift,
  type IndentStyle,
  indentWidth,
  measureScale,
  measureShift,
  renderIndent,
  scaledWidth,
  TAB_WIDTHS,
} from './indentation';
import { isBlank, splitIndent } from './line-forms';

/** A matched (search line, file line) pair and the indentation of both. */
export interface IndentAnchor extends IndentPair {
  searchLine: number;
}

/** What the patch writes for one replacement line, in the replacement's order. */
export type ReplacementLine =
  /** A file line: one the replacement keeps, or one the file has that the search left out. */
  | { kind: 'file'; text: string; file: string }
  /** A new line, to be placed at the file's indentation; its hunk replaces search lines [from, to). */
  | { kind: 'new'; text: string; from: number; to: number }
  /** Nothing: a kept search line the file does not have. */
  | { kind: 'none'; text: string };

/** An earlier replacement line that may hold the lines after it: its width in the replacement and the indentation it got in the file. */
interface Enclosing {
  width: number;
  file: string;
}

/**
 * How the search's indentation maps onto the file's, learnt from the matched
 * line pairs: the offset most pairs agree on, or a change of indentation step.
 */
export class IndentMap {
  private readonly shift: IndentShift;
  private readonly scale: IndentScale | null;
  private readonly tabWidth: number;
  /** Every search line at one depth: the search lost its relative indentation and says nothing about depth. */
  private readonly flat: boolean;
  private readonly firstSearchLine: number;
  /**
   * The search starts at its first line's first visible character, that line's
   * indentation lost, while every other line has the file's: that line says
   * nothing about depth, so the offset is measured without it.
   */
  private readonly lostFirst: boolean;
  private readonly anchorAt = new Map<number, IndentAnchor>();
  private moved = false;

  constructor(
    private readonly anchors: readonly IndentAnchor[],
    private readonly style: IndentStyle,
    searchLines: readonly string[],
  ) {
    const indents = searchLines.filter((line) => !isBlank(line)).map((line) => splitIndent(line).indent);
    this.flat = new Set(indents).size <= 1;
    this.firstSearchLine = searchLines.findIndex((line) => !isBlank(line));
    for (const anchor of anchors) this.anchorAt.set(anchor.searchLine, anchor);

    const first = this.anchorAt.get(this.firstSearchLine);
    const rest = anchors.filter((anchor) => anchor !== first);
    this.lostFirst = first !== undefined && first.search === '' && first.file !== '' && rest.length > 0 && keptWidths(rest);
    const measured = this.lostFirst ? rest : anchors;
    this.shift = { ...measureShift(measured), changed: anchors.some((pair) => pair.search !== pair.file) };
    this.scale = this.shift.changed && !agreeOnShift(measured) ? measureScale(measured) : null;
    this.tabWidth = this.scale?.tabWidth ?? this.shift.tabWidth;
  }

  /**
   * The new lines of the replacement at the file's indentation (replacement
   * index → text), each taking the indentation of the block it lands in:
   * - next to a search line indented like it (in the lines its hunk replaces, or
   *   just before or after them), it takes that line's file indentation: it is
   *   that line's sibling even where the search had the line at another depth
   *   (a line whose depth the search got wrong is preferred, then the line before);
   * - otherwise it keeps its depth relative to the nearest line before it in the
   *   replacement that is indented like it or less (its sibling or the line it is
   *   nested in), as that line was written;
   * - with neither, it takes the file indentation of the nearest search line
   *   indented like it, or moves by the map.
   * Blank lines are kept as given.
   */
  place(lines: readonly ReplacementLine[]): Map<number, string> {
    const placed = new Map<number, string>();
    const enclosing: Enclosing[] = [];
    const besideCache = new Map<string, IndentAnchor | null>();
    for (const [r, line] of lines.entries()) {
      if (line.kind === 'none' || isBlank(line.text)) continue;
      const { indent } = splitIndent(line.text);
      const width = indentWidth(indent, this.tabWidth);
      while (enclosing.length > 0 && (enclosing[enclosing.length - 1] as Enclosing).width > width) enclosing.pop();
      let fileIndent: string;
      if (line.kind === 'file') {
        fileIndent = splitIndent(line.file).indent;
      } else {
        const key = `${line.from}:${line.to}:${indent}`;
        if (!besideCache.has(key)) besideCache.set(key, this.besideHunk(indent, line.from, line.to));
        const text = this.placeLine(line.text, indent, width, besideCache.get(key) ?? null, enclosing, line.from, line.to);
        if (text !== line.text) this.moved = true;
        placed.set(r, text);
        fileIndent = splitIndent(text).indent;
      }
      if (enclosing[enclosing.length - 1]?.width === width) enclosing.pop();
      // With the first line's indentation lost, an unindented line's depth in the replacement means nothing.
      const depthKnown = !this.lostFirst || indent !== '' || (line.kind === 'file' && fileIndent === '');
      if (depthKnown) enclosing.push({ width, file: fileIndent });
    }
    return placed;
  }

  /**
   * Whether a matched pair sits at the depth the map expects. A `}` matched to the
   * brace one level out is the same text, but another line. A flat search, or a
   * first line copied from mid-line (no indentation), cannot tell.
   */
  agrees(searchLine: number, search: string, file: string): boolean {
    if (this.flat || isBlank(search) || isBlank(file)) return true;
    const searchIndent = splitIndent(search).indent;
    if (searchLine === this.firstSearchLine && searchIndent === '') return true;
    return indentWidth(splitIndent(file).indent, this.tabWidth) === this.expectedWidth(indentWidth(searchIndent, this.tabWidth));
  }

  /** How the new lines were moved, for the success message ('' when none was). */
  note(): string {
    if (!this.moved) return '';
    if (this.scale) return `replacement re-indented from ${this.scale.unitSearch}-column steps to the file's ${this.scale.unitFile}-column steps`;
    const { delta, tabWidth } = this.shift;
    const moved =
      delta === 0
        ? `indentation rewritten with ${this.style}`
        : `re-indented by ${delta > 0 ? '+' : ''}${delta} columns${this.style === 'tabs' ? ` (tabs of ${tabWidth})` : ''}`;
    return `replacement ${moved} to fit the file`;
  }

  private placeLine(
    line: string,
    indent: string,
    width: number,
    beside: IndentAnchor | null,
    enclosing: readonly Enclosing[],
    from: number,
    to: number,
  ): string {
    if (!this.shift.changed) return line;
    const rest = line.slice(indent.length);
    if (beside) return beside.file + rest;
    const holder = enclosing[enclosing.length - 1];
    if (holder && !this.scale) {
      if (holder.width === width) return holder.file + rest;
      return renderIndent(indentWidth(holder.file, this.tabWidth) + width - holder.width, this.style, this.tabWidth) + rest;
    }
    const same = this.nearestWithIndent(indent, from, to);
    if (same) return same.file + rest;
    return renderIndent(this.expectedWidth(width), this.style, this.tabWidth) + rest;
  }

  /** The search line indented like `indent` among those a hunk replaces [from, to) or right next to them, by the preference `place` describes. */
  private besideHunk(indent: string, from: number, to: number): IndentAnchor | null {
    let best: IndentAnchor | null = null;
    let bestRank = Infinity;
    for (let k = from - 1; k <= to; k++) {
      const anchor = this.anchorAt.get(k);
      if (!anchor || anchor.search !== indent) continue;
      const outside = k < from || k >= to ? 2 : 0;
      const rank = outside + (this.offDepth(anchor) ? 0 : 1);
      if (rank < bestRank) {
        best = anchor;
        bestRank = rank;
      }
    }
    return best;
  }

  private nearestWithIndent(indent: string, from: number, to: number): IndentAnchor | null {
    const distance = (k: number) => (k < from ? from - k : k >= to ? k - to + 1 : 0);
    let best: IndentAnchor | null = null;
    for (const anchor of this.anchors) {
      if (anchor.search !== indent) continue;
      if (!best || distance(anchor.searchLine) < distance(best.searchLine)) best = anchor;
    }
    return best;
  }

  private offDepth(anchor: IndentAnchor): boolean {
    return indentWidth(anchor.file, this.tabWidth) !== this.expectedWidth(indentWidth(anchor.search, this.tabWidth));
  }

  /** The file width the map gives a search indentation of `width` columns. */
  private expectedWidth(width: number): number {
    return this.scale ? scaledWidth(width, this.scale) : Math.max(0, width + this.shift.delta);
  }
}

/** Every pair's indentation as wide in the search as in the file (for one tab width). */
function keptWidths(pairs: readonly IndentPair[]): boolean {
  return TAB_WIDTHS.some((tabWidth) => pairs.every((pair) => indentWidth(pair.search, tabWidth) === indentWidth(pair.file, tabWidth)));
}

/**
 * A replacement written entirely at column 0 for a search that is indented
 * throughout has lost the search's indentation (models often drop it): the
 * search's shallowest indentation is put back, so the new lines are compared and
 * moved as if written at the search's depth.
 */
export function liftUnindentedReplacement(searchLines: readonly string[], replacementLines: readonly string[]): string[] {
  const searchIndents = searchLines.filter((line) => !isBlank(line)).map((line) => splitIndent(line).indent);
  const replacementIndents = replacementLines.filter((line) => !isBlank(line)).map((line) => splitIndent(line).indent);
  if (searchIndents.length === 0 || searchIndents.includes('') || replacementIndents.some((indent) => indent !== '')) return [...replacementLines];
  const shallowest = searchIndents.reduce((a, b) => (indentWidth(b, TAB_WIDTHS[0]) < indentWidth(a, TAB_WIDTHS[0]) ? b : a));
  return replacementLines.map((line) => (isBlank(line) ? line : shallowest + line));
}
