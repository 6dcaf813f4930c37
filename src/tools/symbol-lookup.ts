import { closestNames } from '../code/find-symbol';
import { languageForFile } from '../code/languages';
import type { CodeSymbol } from '../code/symbol-types';
import { messageOf } from '../protocol/error-message';
import { extractSymbols, findSymbolInSource } from './code-parsing';

/** How many close names and top-level symbols a "not found" message lists. */
export const CLOSEST_NAMES_SHOWN = 5;
export const TOP_LEVEL_SHOWN = 30;

export type SymbolLookup =
  /** The file's language has no parser: symbols are not available. */
  | { kind: 'unsupported' }
  /** The parser could not run (a grammar that failed to load). */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'found'; symbol: CodeSymbol }
  /** A message for the model: several candidates, or none with the closest names. */
  | { kind: 'ambiguous' | 'missing'; message: string };

export function describeSymbol(symbol: CodeSymbol): string {
  const lines = symbol.startLine === symbol.endLine ? `line ${symbol.startLine}` : `lines ${symbol.startLine}–${symbol.endLine}`;
  return `${symbol.kind} ${symbol.qualifiedName} (${lines})`;
}

/** Lines the caller also asked for; they pick one of several same-named candidates (the one they overlap). */
export interface LineWindow {
  startLine?: number;
  endLine?: number;
}

/** Finds `query` (a name or a qualified name such as `Outer.Inner.method`) among the symbols of a file. */
export async function lookUpSymbol(display: string, content: string, query: string, window: LineWindow = {}): Promise<SymbolLookup> {
  const language = languageForFile(display, content);
  if (!language) return { kind: 'unsupported' };
  try {
    const candidates = narrow((await findSymbolInSource(content, language, query)).symbols, window);
    const [first, ...others] = candidates;
    if (first && others.length === 0) return { kind: 'found', symbol: first };
    if (first) return { kind: 'ambiguous', message: ambiguousMessage(display, query, candidates) };
    // Finding nothing built (and cached) every symbol of the file, which the message lists.
    return { kind: 'missing', message: missingMessage(display, query, await extractSymbols(content, language)) };
  } catch (error) {
    return { kind: 'unavailable', reason: messageOf(error) };
  }
}

/** The candidates overlapping the window, when that leaves any; else all of them. */
function narrow(candidates: CodeSymbol[], window: LineWindow): CodeSymbol[] {
  if (candidates.length < 2 || (window.startLine === undefined && window.endLine === undefined)) return candidates;
  const from = window.startLine ?? 1;
  const to = window.endLine ?? Number.POSITIVE_INFINITY;
  const overlapping = candidates.filter((s) => s.startLine <= to && s.endLine >= from);
  return overlapping.length > 0 ? overlapping : candidates;
}

function ambiguousMessage(display: string, query: string, candidates: readonly CodeSymbol[]): string {
  const sameName = candidates.every((s) => s.qualifiedName === candidates[0]?.qualifiedName);
  const next = sameName
    ? 'They share one qualified name: call read_file again with `symbol` and start_line/end_line set to the lines of the one you want.'
    : 'Call read_file again with `symbol` set to one of these qualified names.';
  return [`"${query}" matches ${candidates.length} symbols in ${display}:`, ...candidates.map((s) => `- ${describeSymbol(s)}`), next].join('\n');
}

function missingMessage(display: string, query: string, symbols: readonly CodeSymbol[]): string {
  if (symbols.length === 0) return `No symbol "${query}" in ${display}: the file declares no symbols. Read it without \`symbol\`.`;
  const lines = [`No symbol "${query}" in ${display}.`];
  const close = closestNames(symbols, query, CLOSEST_NAMES_SHOWN);
  if (close.length > 0) lines.push(`Closest names: ${close.join(', ')}`);
  const top = symbols.slice(0, TOP_LEVEL_SHOWN).map((s) => `- ${describeSymbol(s)}`);
  const more = symbols.length > TOP_LEVEL_SHOWN ? [`- … ${symbols.length - TOP_LEVEL_SHOWN} more`] : [];
  lines.push('Top-level symbols:', ...top, ...more, 'Use outline to see every symbol with its members.');
  return lines.join('\n');
}
