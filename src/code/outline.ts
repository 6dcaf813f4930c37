import type { CodeSymbol } from './symbol-types';

export interface OutlineOptions {
  /** At most this many lines, the cut marker included; default 200. */
  maxLines?: number;
}

/**
 * A nested text outline, one line per symbol: `kind name (lines a–b)`, two spaces per level.
 * When it would be longer than `maxLines`, symbols are kept level by level (all top-level ones
 * first, then their members in source order, and so on), a kept symbol whose members are left out
 * says `[+N nested]` (counting those members and everything inside them), and a last line says how many symbols are not shown.
 */
export function outline(symbols: readonly CodeSymbol[], options: OutlineOptions = {}): string {
  const maxLines = Math.max(1, Math.floor(options.maxLines ?? 200));
  const total = countAll(symbols);
  if (total === 0) return '(no symbols)';
  const kept = total <= maxLines ? null : keepBreadthFirst(symbols, maxLines - 1);
  const lines = render(symbols, kept, 0, []);
  if (kept) {
    const hidden = total - kept.size;
    lines.push(`… outline cut: ${hidden} more symbol${hidden === 1 ? '' : 's'} not shown`);
  }
  return lines.join('\n');
}

function keepBreadthFirst(symbols: readonly CodeSymbol[], budget: number): Set<CodeSymbol> {
  const kept = new Set<CodeSymbol>();
  let level: readonly CodeSymbol[] = symbols;
  while (level.length > 0 && kept.size < budget) {
    for (const symbol of level) {
      if (kept.size >= budget) break;
      kept.add(symbol);
    }
    level = level.filter((s) => kept.has(s)).flatMap((s) => s.children);
  }
  return kept;
}

function render(symbols: readonly CodeSymbol[], kept: Set<CodeSymbol> | null, depth: number, out: string[]): string[] {
  for (const symbol of symbols) {
    if (kept && !kept.has(symbol)) continue;
    const hidden = kept ? symbol.children.reduce((n, c) => (kept.has(c) ? n : n + 1 + countAll(c.children)), 0) : 0;
    const suffix = hidden > 0 ? ` [+${hidden} nested]` : '';
    out.push(`${'  '.repeat(depth)}${symbol.kind} ${symbol.name} (lines ${symbol.startLine}–${symbol.endLine})${suffix}`);
    render(symbol.children, kept, depth + 1, out);
  }
  return out;
}

function countAll(symbols: readonly CodeSymbol[]): number {
  return symbols.reduce((n, s) => n + 1 + countAll(s.children), 0);
}
