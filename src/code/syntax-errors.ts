import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId } from './languages';
import { withTree } from './runtime';
import { splitLines } from './text-lines';

export interface CodeSyntaxError {
  /** 1-based line and column (column in UTF-16 code units, as JS strings count). */
  line: number;
  column: number;
  /** Short: "unexpected `}`", "missing `)`". */
  message: string;
  /** The offending line, trimmed and shortened. */
  snippet: string;
}

export interface LineRange {
  startLine: number;
  endLine: number;
}

const MAX_SNIPPET = 120;
const MAX_TOKEN = 30;

/**
 * The parse errors tree-sitter finds: ERROR nodes (outermost only) and MISSING tokens, in source order.
 * `editedFrom`: the text `source` was edited from, whose kept tree makes the parse incremental.
 */
export async function syntaxErrors(source: string, language: LanguageId, editedFrom?: string): Promise<CodeSyntaxError[]> {
  const lines = splitLines(source);
  return withTree(source, language, (tree) => errorsIn(tree, lines), editedFrom);
}

function errorsIn(tree: Tree, lines: readonly string[]): CodeSyntaxError[] {
  const found: CodeSyntaxError[] = [];
  const seen = new Set<string>();
  const report = (node: Node, message: string) => {
    const { row, column } = node.startPosition;
    const key = `${row}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ line: row + 1, column: column + 1, message, snippet: snippetOf(lines[row] ?? '') });
  };
  const visit = (node: Node) => {
    if (node.isMissing) {
      report(node, node.isNamed ? `missing ${node.type}` : `missing \`${node.type}\``);
      return;
    }
    if (node.isError) {
      report(node, unexpectedMessage(node));
      return;
    }
    if (!node.hasError) return;
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (child) visit(child);
    }
  };
  visit(tree.rootNode);
  return found;
}

/**
 * Errors in `after` that `before` did not have, and that lie in the changed region (computed from the
 * two texts when not given) widened by one line each side, since a parser often reports an error at
 * the token next to the edit. An error counts as old when `before` has one with the same message on
 * an identical line. `after` is parsed from `before`'s tree when that is kept (the last edit's result,
 * a file just read for its symbols), and `before` is parsed only when `after` has errors in the region.
 */
export async function newSyntaxErrors(before: string, after: string, language: LanguageId, changedRange?: LineRange): Promise<CodeSyntaxError[]> {
  const region = changedRange ?? changedLineRange(before, after);
  if (!region) return [];
  const current = await syntaxErrors(after, language, before);
  const lo = region.startLine - 1;
  const hi = region.endLine + 1;
  if (!current.some((e) => e.line >= lo && e.line <= hi)) return [];
  const old = await syntaxErrors(before, language);
  const remaining = new Map<string, number>();
  for (const e of old) remaining.set(errorKey(e), (remaining.get(errorKey(e)) ?? 0) + 1);
  return current.filter((e) => {
    const left = remaining.get(errorKey(e)) ?? 0;
    if (left > 0) {
      remaining.set(errorKey(e), left - 1);
      return false;
    }
    return e.line >= lo && e.line <= hi;
  });
}

/**
 * The lines of `after` that differ from `before` (common prefix and suffix lines stripped), or null
 * when the texts are equal. A pure deletion gives the lines on either side of where text was removed.
 */
export function changedLineRange(before: string, after: string): LineRange | null {
  if (before === after) return null;
  const a = splitLines(before);
  const b = splitLines(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const startLine = prefix + 1;
  const endLine = b.length - suffix;
  if (endLine >= startLine) return { startLine, endLine };
  return { startLine: Math.max(1, prefix), endLine: Math.min(b.length, prefix + 1) };
}

/** One stray token reads "unexpected `}`"; a longer stretch the parser gave up on reads "cannot parse `...`". */
function unexpectedMessage(error: Node): string {
  const text = error.text.trim();
  if (text === '') return 'unexpected input';
  const firstLine = (text.split('\n')[0] as string).trim();
  const shown = firstLine.length > MAX_TOKEN ? `${firstLine.slice(0, MAX_TOKEN)}…` : firstLine;
  return isSingleToken(error) ? `unexpected \`${shown}\`` : `cannot parse \`${shown}\``;
}

function isSingleToken(node: Node): boolean {
  let current: Node | null = node;
  while (current && current.childCount === 1) current = current.child(0);
  return current !== null && current.childCount === 0;
}

function snippetOf(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > MAX_SNIPPET ? `${trimmed.slice(0, MAX_SNIPPET)}…` : trimmed;
}

function errorKey(error: CodeSyntaxError): string {
  return `${error.message}\u0000${error.snippet}`;
}
