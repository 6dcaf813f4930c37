import type { Node, QueryCapture, Tree } from 'web-tree-sitter';
import { lastRow } from './rules/node-helpers';
import type { Definition, LanguageRules } from './rules/rule-types';
import type { CodeSymbol } from './symbol-types';

/** A definition placed in the tree, before it becomes a `CodeSymbol`. Rows are 0-based. */
interface Placed {
  def: Definition;
  /** The range used to nest definitions: the outer node, or up to the next namespace for `namespace X;`. */
  nestStart: number;
  nestEnd: number;
  startRow: number;
  endRow: number;
  parent: Placed | null;
  children: Placed[];
}

/**
 * The query capturing candidate definitions as @def: one alternation of the node types the grammar
 * has (`hasType`). Plain node types keep tree-sitter's query compilation fast; `classify` filters.
 */
export function symbolQuerySource(rules: LanguageRules, hasType: (type: string) => boolean): string {
  const pattern = (type: string) => {
    const filter = rules.valueFilters?.[type];
    const values = filter?.types.filter(hasType) ?? [];
    if (!filter || values.length === 0) return `(${type})`;
    return `(${type} ${filter.field}: [${values.map((value) => `(${value})`).join(' ')}])`;
  };
  return `[${rules.definitionTypes.filter(hasType).map(pattern).join(' ')}] @def`;
}

/** The symbols of a whole file, from the symbol query's captures over its whole tree. */
export function buildSymbols(tree: Tree, captures: readonly QueryCapture[], rules: LanguageRules, lines: readonly string[]): CodeSymbol[] {
  return build(tree, captures, rules, lines, () => true) as CodeSymbol[];
}

/**
 * The symbols of some top-level statements of a file, from the captures within them. Each symbol is
 * what the whole-file build gives, except where an overload signature in one statement would merge
 * into a declaration in another and `mayMerge(earlierStart, laterStart)` cannot tell whether
 * something left out lies between them: then null (build the whole file instead).
 */
export function buildSymbolsInPart(
  tree: Tree,
  captures: readonly QueryCapture[],
  rules: LanguageRules,
  lines: readonly string[],
  mayMerge: (earlierStart: number, laterStart: number) => boolean,
): CodeSymbol[] | null {
  return build(tree, captures, rules, lines, mayMerge);
}

function build(tree: Tree, captures: readonly QueryCapture[], rules: LanguageRules, lines: readonly string[], mayMergeTopLevel: MayMerge): CodeSymbol[] | null {
  const placed: Placed[] = [];
  const seen = new Set<number>();
  for (const capture of captures) {
    const node = capture.node;
    const def = rules.classify(node);
    if (!def || seen.has(def.outer.id)) continue;
    seen.add(def.outer.id);
    placed.push({
      def,
      nestStart: def.outer.startIndex,
      nestEnd: def.ownsFollowingSiblings ? ownedEnd(def.outer) : def.outer.endIndex,
      startRow: def.outer.startPosition.row,
      endRow: lastRow(def.outer),
      parent: null,
      children: [],
    });
  }

  const roots = nest(placed);
  for (const p of placed) p.startRow = extendedStartRow(p.def.outer, rules, tree.rootNode, lines);
  for (const p of placed) if (p.def.ownsFollowingSiblings) p.endRow = ownedEndRow(p);
  return toSymbols(roots, [], lines.length, mayMergeTopLevel);
}

type MayMerge = (earlierStart: number, laterStart: number) => boolean;

function startsOwnLine(node: Node, lines: readonly string[]): boolean {
  const { row, column } = node.startPosition;
  return (lines[row] ?? '').slice(0, column).trim() === '';
}

/** Sorted by start (outer first on ties), each definition goes under the innermost one containing it. */
function nest(placed: Placed[]): Placed[] {
  placed.sort((a, b) => a.nestStart - b.nestStart || b.nestEnd - a.nestEnd);
  const roots: Placed[] = [];
  const stack: Placed[] = [];
  for (const p of placed) {
    while (stack.length > 0 && (stack.at(-1) as Placed).nestEnd < p.nestEnd) stack.pop();
    const parent = stack.at(-1) ?? null;
    p.parent = parent;
    (parent ? parent.children : roots).push(p);
    stack.push(p);
  }
  return roots;
}

/**
 * Moves the start up over what belongs to the declaration: decorator/attribute siblings, then any
 * comment ending on the line right above, that starts its own line at the same column (a blank
 * line, or a comment indented differently, stops it).
 */
function extendedStartRow(outer: Node, rules: LanguageRules, root: Node, lines: readonly string[]): number {
  let top = outer;
  for (;;) {
    const previous = top.previousNamedSibling;
    if (previous && rules.attachedPrefixTypes?.includes(previous.type)) {
      top = previous;
      continue;
    }
    const comment = commentEndingOn(top.startPosition.row - 1, rules, root, lines);
    if (comment && comment.startPosition.column === top.startPosition.column && comment.startIndex < top.startIndex) {
      top = comment;
      continue;
    }
    return top.startPosition.row;
  }
}

/** The comment that ends line `row` and starts its own line, if any (looked up only when a declaration needs it). */
function commentEndingOn(row: number, rules: LanguageRules, root: Node, lines: readonly string[]): Node | null {
  const line = (lines[row] ?? '').replace(/\r$/, '');
  const lastColumn = line.trimEnd().length - 1;
  if (row < 0 || lastColumn < 0) return null;
  let node: Node | null = root.descendantForPosition({ row, column: lastColumn });
  // Some comments have children (Rust doc comments): climb to the comment node itself.
  for (let depth = 0; node && depth < 3 && !rules.commentTypes.includes(node.type); depth++) node = node.parent;
  if (!node || !rules.commentTypes.includes(node.type)) return null;
  if (lastRow(node) !== row || !startsOwnLine(node, lines) || rules.isIgnoredComment?.(node)) return null;
  return node;
}

/** `namespace X;` owns everything after it up to the next statement of the same kind, or the end of its parent. */
function ownedEnd(outer: Node): number {
  for (let next = outer.nextNamedSibling; next; next = next.nextNamedSibling) {
    if (next.type === outer.type) return next.startIndex;
  }
  return outer.parent?.endIndex ?? outer.endIndex;
}

/** A statement-form namespace ends with the last declaration it owns (not at trailing HTML or blank lines). */
function ownedEndRow(owner: Placed): number {
  return owner.children.reduce((row, child) => Math.max(row, child.endRow), owner.endRow);
}

interface Built {
  symbol: CodeSymbol;
  overloadSignature: boolean;
  nestStart: number;
}

function toSymbols(
  list: readonly Placed[],
  scope: readonly string[],
  lineCount: number,
  mayMerge?: MayMerge,
  bounds?: { start: number; end: number },
): CodeSymbol[] | null {
  const built: Built[] = [];
  for (const p of list) {
    const lo = bounds?.start ?? 0;
    const hi = bounds?.end ?? Math.max(0, lineCount - 1);
    const endRow = clamp(p.endRow, lo, hi);
    const startRow = clamp(p.startRow, lo, endRow);
    const path = [...scope, ...(p.def.qualifiers ?? []), p.def.name];
    const childScope = p.def.childQualifier ? [...scope, ...p.def.childQualifier] : path;
    const nameRow = p.def.nameNode?.startPosition.row ?? p.def.outer.startPosition.row;
    // Below the top level every sibling is present, so nested merges are always decidable.
    const children = toSymbols(p.children, childScope, lineCount, undefined, { start: startRow, end: endRow }) as CodeSymbol[];
    built.push({
      symbol: {
        name: p.def.name,
        qualifiedName: path.join('.'),
        kind: p.def.kind,
        startLine: startRow + 1,
        endLine: endRow + 1,
        signatureLine: clamp(nameRow, startRow, endRow) + 1,
        children,
      },
      overloadSignature: p.def.overloadSignature === true,
      nestStart: p.nestStart,
    });
  }
  return mergeOverloads(built, mayMerge);
}

/** Body-less overload signatures fold into the next sibling of the same name and kind. */
function mergeOverloads(built: readonly Built[], mayMerge: MayMerge = () => true): CodeSymbol[] | null {
  const out: Built[] = [];
  for (const item of built) {
    const previous = out.at(-1);
    if (previous?.overloadSignature && previous.symbol.name === item.symbol.name && previous.symbol.kind === item.symbol.kind) {
      if (!mayMerge(previous.nestStart, item.nestStart)) return null;
      out.pop();
      item.symbol.startLine = previous.symbol.startLine;
      item.symbol.signatureLine = previous.symbol.signatureLine;
      item.symbol.children = [...previous.symbol.children, ...item.symbol.children];
    }
    out.push(item);
  }
  return out.map((b) => b.symbol);
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(Math.max(value, lo), hi);
}
