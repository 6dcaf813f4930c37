import type { SourceFindResult } from '../code/extract-symbols';
import type { LanguageId } from '../code/languages';
import type { CodeSymbol } from '../code/symbol-types';
import type { CodeSyntaxError } from '../code/syntax-errors';

/**
 * The parts of code intelligence that need tree-sitter, loaded on first use so the
 * worker starts without web-tree-sitter (it arrives with the first supported file).
 */
export async function extractSymbols(source: string, language: LanguageId): Promise<CodeSymbol[]> {
  return (await import('../code/extract-symbols')).extractSymbols(source, language);
}

export async function findSymbolInSource(source: string, language: LanguageId, query: string): Promise<SourceFindResult> {
  return (await import('../code/extract-symbols')).findSymbolInSource(source, language, query);
}

export async function syntaxErrors(source: string, language: LanguageId): Promise<CodeSyntaxError[]> {
  return (await import('../code/syntax-errors')).syntaxErrors(source, language);
}

export async function newSyntaxErrors(before: string, after: string, language: LanguageId): Promise<CodeSyntaxError[]> {
  return (await import('../code/syntax-errors')).newSyntaxErrors(before, after, language);
}
