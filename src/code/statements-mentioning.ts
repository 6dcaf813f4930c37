import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageRules } from './rules/rule-types';

/** Top-level statements chosen for a lookup, in source order, and what lies between them. */
export interface MentioningStatements {
  statements: Node[];
  /** Whether two top-level declarations starting at these offsets have only comments between their statements. */
  adjacent(earlierStart: number, laterStart: number): boolean;
}

/**
 * The identifier-like tokens of a symbol query (`Outer.Inner.method` → Outer, Inner, method).
 * A name or qualified name is built from the source's own text (quotes, spaces and type arguments
 * dropped), so every token of a symbol that matches the query occurs verbatim in its statement.
 */
export function queryTokens(query: string): string[] {
  return [...new Set(query.match(/[\p{L}\p{N}_$]+/gu) ?? [])];
}

/**
 * The top-level statements of `tree` whose text holds every token: the only places a matching
 * symbol can be, with every declaration that encloses it (nesting never crosses a top-level
 * statement). Null when the file has a statement that owns the statements after it (`namespace X;`),
 * since those enclose declarations from outside their own text.
 */
export function statementsMentioning(tree: Tree, source: string, tokens: readonly string[], rules: LanguageRules): MentioningStatements | null {
  const all = tree.rootNode.children.filter((node): node is Node => node !== null);
  if (rules.siblingOwnerTypes && all.some((node) => rules.siblingOwnerTypes?.includes(node.type) && rules.classify(node)?.ownsFollowingSiblings)) return null;
  const starts = all.map((node) => node.startIndex);
  let chosen: Set<number> | null = null;
  for (const token of tokens) {
    const holding = new Set<number>();
    for (let at = source.indexOf(token); at !== -1; at = source.indexOf(token, at + 1)) {
      const index = statementAt(starts, at);
      const statement = all[index];
      if (statement && at + token.length <= statement.endIndex && (chosen === null || chosen.has(index))) holding.add(index);
    }
    chosen = holding;
    if (chosen.size === 0) break;
  }
  const indexes = [...(chosen ?? [])].sort((a, b) => a - b);
  const transparent = (node: Node) => !node.isNamed || rules.commentTypes.includes(node.type);
  return {
    statements: indexes.map((i) => all[i] as Node),
    adjacent(earlierStart, laterStart) {
      const from = statementAt(starts, earlierStart);
      const to = statementAt(starts, laterStart);
      return all.slice(from + 1, to).every(transparent);
    },
  };
}

/** Index of the last statement starting at or before `offset` (-1 before the first). */
function statementAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
