import {
  agreeOnShift,
  type IndentPair,
  type IndentScale,
  type IndentShift,
  type IndentStyle,
  indentWidth,
  measureScale,
  measureShift,
  reindentLines,
  rescaleLines,
  scaledWidth,
  TAB_WIDTHS,
} from './indentation';
import { isBlank, splitIndent } from './line-forms';

/** A matched (search line, file line) pair and the indentation of both. */
export interface IndentAnchor extends IndentPair {
  searchLine: number;
}

/**
 * How the search's indentation maps onto the file's, learnt from the matched
 * line pairs: the offset most pairs agree on, or a change of indentation step.
 */
export class IndentMap {
  private readonly shift: IndentShift;
  private readonly scale: IndentScale | null;
  /** Every search line at one depth: the search lost its relative indentation and says nothing about depth. */
  private readonly flat: boolean;
  private readonly firstSearchLine: number;
  private moved = false;

  constructor(
    private readonly anchors: readonly IndentAnchor[],
    private readonly style: IndentStyle,
    searchLines: readonly string[],
  ) {
    this.shift = measureShift(anchors);
    this.scale = this.shift.changed && !agreeOnShift(anchors) ? measureScale(anchors) : null;
    const indents = searchLines.filter((line) => !isBlank(line)).map((line) => splitIndent(line).indent);
    this.flat = new Set(indents).size <= 1;
    this.firstSearchLine = searchLines.findIndex((line) => !isBlank(line));
  }

  /**
   * A new replacement line at the file's indentation. One indented like a matched
   * search line takes that line's file indentation, the nearest pair to `near` (a
   * search line) winning, so a search whose lines were shifted unevenly still puts
   * each new line at its neighbours' depth; any other line moves by the map, in the
   * file's style. Blank lines are kept as given.
   */
  place(line: string, near: number): string {
    const placed = this.placed(line, near);
    if (placed !== line) this.moved = true;
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
    const tabWidth = this.scale?.tabWidth ?? this.shift.tabWidth;
    const width = indentWidth(searchIndent, tabWidth);
    const expected = this.scale ? scaledWidth(width, this.scale) : Math.max(0, width + this.shift.delta);
    return indentWidth(splitIndent(file).indent, tabWidth) === expected;
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

  private placed(line: string, near: number): string {
    if (isBlank(line) || !this.shift.changed) return line;
    const { indent } = splitIndent(line);
    const same = this.nearestWithIndent(indent, near);
    if (same) return same.file + line.slice(indent.length);
    if (this.scale) return rescaleLines([line], this.scale, this.style)[0] as string;
    return reindentLines([line], this.shift, this.style)[0] as string;
  }

  private nearestWithIndent(indent: string, near: number): IndentAnchor | null {
    let best: IndentAnchor | null = null;
    for (const anchor of this.anchors) {
      if (anchor.search !== indent) continue;
      if (!best || Math.abs(anchor.searchLine - near) < Math.abs(best.searchLine - near)) best = anchor;
    }
    return best;
  }
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
