import { Query, type Language } from 'web-tree-sitter';
import { buildSymbols, symbolQuerySource } from './build-symbols';
import type { LanguageId } from './languages';
import { rulesFor } from './rules';
import { loadLanguage, withTree } from './runtime';
import type { CodeSymbol } from './symbol-types';
import { splitLines } from './text-lines';

/** Recent results by language and exact text: an agent lists a file's symbols, then slices one. */
const CACHE_SIZE = 16;
const cache = new Map<string, CodeSymbol[]>();

/**
 * The declarations in `source`, as a tree in source order (see `CodeSymbol` for the rules).
 * The last few results are cached by exact text; each call returns its own copy.
 */
export async function extractSymbols(source: string, language: LanguageId): Promise<CodeSymbol[]> {
  const key = `${language}\u0000${source}`;
  let symbols = cache.get(key);
  if (symbols) {
    cache.delete(key);
  } else {
    symbols = await extractUncached(source, language);
  }
  cache.set(key, symbols);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return copySymbols(symbols);
}

async function extractUncached(source: string, language: LanguageId): Promise<CodeSymbol[]> {
  const lang = await loadLanguage(language);
  const rules = rulesFor(language);
  const query = symbolQuery(language, lang);
  const lines = splitLines(source);
  return withTree(source, language, (tree) => buildSymbols(tree, query, rules, lines));
}

function copySymbols(symbols: readonly CodeSymbol[]): CodeSymbol[] {
  return symbols.map((s) => ({ ...s, children: copySymbols(s.children) }));
}

const queries = new Map<LanguageId, Query>();

/** One compiled symbol query per language (compiling costs tens of milliseconds for big grammars). */
function symbolQuery(language: LanguageId, lang: Language): Query {
  let query = queries.get(language);
  if (!query) {
    query = new Query(lang, symbolQuerySource(rulesFor(language), (type) => lang.idForNodeType(type, true) !== null));
    queries.set(language, query);
  }
  return query;
}
