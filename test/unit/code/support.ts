import { readFileSync } from 'node:fs';
import { setNodeGrammarSource } from '../../../src/cli/grammar-loader-node';
import { extractSymbols } from '../../../src/code/extract-symbols';
import { languageForPath, type LanguageId } from '../../../src/code/languages';
import type { CodeSymbol } from '../../../src/code/symbol-types';

setNodeGrammarSource();

export function fixturePath(name: string): string {
  return new URL(`../../fixtures/code/${name}`, import.meta.url).pathname;
}

export function readFixture(name: string): string {
  return readFileSync(fixturePath(name), 'utf8');
}

export async function fixtureSymbols(name: string, language?: LanguageId): Promise<CodeSymbol[]> {
  const lang = language ?? languageForPath(name);
  if (!lang) throw new Error(`no language for ${name}`);
  return extractSymbols(readFixture(name), lang);
}

/** One line per symbol, two spaces per nesting level: `kind qualifiedName start-end`. */
export function describeTree(symbols: readonly CodeSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`, ...describeTree(s.children, depth + 1)]);
}

/** Range problems: start ≤ end, inside the file, children inside parents and in source order. */
export function rangeProblems(symbols: readonly CodeSymbol[], lineCount: number, parent?: CodeSymbol): string[] {
  const problems: string[] = [];
  let previousStart = 0;
  for (const s of symbols) {
    const label = `${s.qualifiedName} ${s.startLine}-${s.endLine}`;
    if (!(s.startLine >= 1 && s.startLine <= s.endLine && s.endLine <= lineCount)) problems.push(`${label}: outside 1..${lineCount} or reversed`);
    if (!(s.signatureLine >= s.startLine && s.signatureLine <= s.endLine)) problems.push(`${label}: signature line ${s.signatureLine} outside the range`);
    if (parent && (s.startLine < parent.startLine || s.endLine > parent.endLine))
      problems.push(`${label}: not inside ${parent.qualifiedName} ${parent.startLine}-${parent.endLine}`);
    if (s.startLine < previousStart) problems.push(`${label}: out of source order`);
    if (s.name === '') problems.push(`${label}: empty name`);
    previousStart = s.startLine;
    problems.push(...rangeProblems(s.children, lineCount, s));
  }
  return problems;
}

/** Lines in a text as an editor counts them (a final newline does not open a new line). */
export function lineCount(text: string): number {
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
}
