import { codePoints, levenshtein } from '../protocol/levenshtein';
import { type CodeSymbol, flattenSymbols } from './symbol-types';

export type SymbolMatch = 'qualified' | 'name' | 'suffix';

export interface FindResult {
  /** How the query matched; null when nothing did. */
  match: SymbolMatch | null;
  /** Every candidate, in source order (several when a name is ambiguous). */
  symbols: CodeSymbol[];
}

/**
 * Looks a symbol up by exact qualified name, else exact name, else a qualified-name suffix
 * (`Inner.method`). `::`, `#` and `\` in the query count as dots (`ns::A::b`, Ruby `A#b`).
 */
export function findSymbol(symbols: readonly CodeSymbol[], query: string): FindResult {
  const wanted = normalizeQuery(query);
  if (wanted === '') return { match: null, symbols: [] };
  const all = flattenSymbols(symbols);
  const qualified = all.filter((s) => s.qualifiedName === wanted);
  if (qualified.length > 0) return { match: 'qualified', symbols: qualified };
  const named = all.filter((s) => s.name === wanted);
  if (named.length > 0) return { match: 'name', symbols: named };
  const suffix = all.filter((s) => s.qualifiedName.endsWith(`.${wanted}`));
  if (suffix.length > 0) return { match: 'suffix', symbols: suffix };
  return { match: null, symbols: [] };
}

export function normalizeQuery(query: string): string {
  return query
    .trim()
    .replace(/::|#|\\/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/**
 * Up to `n` qualified names that look like `query`, best first, for "not found" messages:
 * names containing the query (or whose name is contained in its last segment) first, then by edit
 * distance, case-insensitive.
 */
export function closestNames(symbols: readonly CodeSymbol[], query: string, n = 5): string[] {
  const wanted = normalizeQuery(query).toLowerCase();
  if (n <= 0 || wanted === '') return [];
  const lastSegment = wanted.slice(wanted.lastIndexOf('.') + 1);
  const scored = new Map<string, number>();
  for (const symbol of flattenSymbols(symbols)) {
    const qualified = symbol.qualifiedName.toLowerCase();
    const name = symbol.name.toLowerCase();
    const contains = qualified.includes(wanted) || name.includes(lastSegment) || (name.length > 2 && lastSegment.includes(name));
    // A qualified query is compared with qualified names, a bare one with bare names.
    const distance = wanted.includes('.') ? editDistance(wanted, qualified) : editDistance(wanted, name);
    // Substring matches always rank ahead of mere look-alikes.
    const score = (contains ? 0 : 1000) + distance;
    const previous = scored.get(symbol.qualifiedName);
    if (previous === undefined || score < previous) scored.set(symbol.qualifiedName, score);
  }
  return [...scored.entries()]
    .sort((a, b) => a[1] - b[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([name]) => name);
}

/** Edit distance between two names, in code points. */
export function editDistance(a: string, b: string): number {
  return levenshtein(codePoints(a), codePoints(b));
}
