import { type Language, Query, type QueryCapture, type Tree } from 'web-tree-sitter';
import { buildSymbols, buildSymbolsInPart, symbolQuerySource } from './build-symbols';
import { type FindResult, findSymbol, normalizeQuery } from './find-symbol';
import type { LanguageId } from './languages';
import { RecentlyUsed, sourceKey } from './recently-used';
import { rulesFor } from './rules';
import { withTree } from './runtime';
import { queryTokens, statementsMentioning } from './statements-mentioning';
import type { CodeSymbol } from './symbol-types';
import { splitLines } from './text-lines';

/** Recent results by language and exact text: an agent lists a file's symbols, then slices one. */
const cache = new RecentlyUsed<CodeSymbol[]>(16);

/**
 * The declarations in `source`, as a tree in source order (see `CodeSymbol` for the rules).
 * The last few results are cached by exact text; each call returns its own copy.
 */
export async function extractSymbols(source: string, language: LanguageId): Promise<CodeSymbol[]> {
  const key = sourceKey(source, language);
  let symbols = cache.get(key);
  if (!symbols) {
    symbols = await withTree(source, language, (tree) => wholeFile(tree, language, splitLines(source)));
    cache.set(key, symbols);
  }
  return copySymbols(symbols);
}

/**
 * `findSymbol` over the symbols of `source`, without building them all when it can: only the
 * top-level statements that mention every token of the query are searched (a symbol and everything
 * enclosing it lie in one such statement). When that finds nothing, or cannot decide, the whole
 * file is built (and cached, for the "not found" message that follows).
 */
export async function findSymbolInSource(source: string, language: LanguageId, query: string): Promise<SourceFindResult> {
  const key = sourceKey(source, language);
  const cached = cache.get(key);
  if (cached) return { ...findSymbol(copySymbols(cached), query), searched: 'cached' };
  const tokens = queryTokens(normalizeQuery(query));
  return withTree(source, language, (tree) => {
    const lines = splitLines(source);
    const part = tokens.length > 0 ? symbolsMentioning(tree, source, language, lines, tokens) : null;
    const found = part && findSymbol(part, query);
    if (found && found.symbols.length > 0) return { ...found, searched: 'part' };
    const all = wholeFile(tree, language, lines);
    cache.set(key, all);
    return { ...findSymbol(copySymbols(all), query), searched: 'whole' };
  });
}

export interface SourceFindResult extends FindResult {
  /** What was searched: cached symbols, only the statements mentioning the query, or the whole file. */
  searched: 'cached' | 'part' | 'whole';
}

function symbolsMentioning(tree: Tree, source: string, language: LanguageId, lines: readonly string[], tokens: readonly string[]): CodeSymbol[] | null {
  const rules = rulesFor(language);
  const part = statementsMentioning(tree, source, tokens, rules);
  if (!part) return null;
  const query = symbolQuery(language, tree.language);
  const captures: QueryCapture[] = [];
  for (const statement of part.statements) captures.push(...query.captures(statement));
  return buildSymbolsInPart(tree, captures, rules, lines, part.adjacent);
}

function wholeFile(tree: Tree, language: LanguageId, lines: readonly string[]): CodeSymbol[] {
  const query = symbolQuery(language, tree.language);
  return buildSymbols(tree, query.captures(tree.rootNode), rulesFor(language), lines);
}

function copySymbols(symbols: readonly CodeSymbol[]): CodeSymbol[] {
  return symbols.map((s) => ({ ...s, children: copySymbols(s.children) }));
}

const queries = new Map<LanguageId, Query>();

/** One compiled symbol query per language (compiling costs tens of milliseconds for big grammars). */
function symbolQuery(language: LanguageId, lang: Language): Query {
  let query = queries.get(language);
  if (!query) {
    query = new Query(
      lang,
      symbolQuerySource(rulesFor(language), (type) => lang.idForNodeType(type, true) !== null),
    );
    queries.set(language, query);
  }
  return query;
}
