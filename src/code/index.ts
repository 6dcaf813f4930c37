/** Code intelligence on tree-sitter: languages, symbols, outlines, slices and syntax checks. */
export { LANGUAGE_IDS, GRAMMAR_WASM, RUNTIME_WASM, allWasmAssets, isLanguageId, languageForFile, languageForPath, refineLanguage } from './languages';
export type { LanguageId, WasmAsset } from './languages';
export { GRAMMAR_URL_PREFIX, fetchGrammarLoader, grammarUrl, runtimeWasmUrl } from './grammar-loader';
export type { FetchGrammarLoaderOptions, GrammarLoader } from './grammar-loader';
export { initParser, loadLanguage, setGrammarLoader, setParserInitOptions } from './runtime';
export { setFetchedGrammarSource } from './fetched-grammar-source';
export type { InitParserOptions } from './runtime';
export { SYMBOL_KINDS, flattenSymbols } from './symbol-types';
export type { CodeSymbol, SymbolKind } from './symbol-types';
export { extractSymbols } from './extract-symbols';
export { closestNames, findSymbol } from './find-symbol';
export type { FindResult, SymbolMatch } from './find-symbol';
export { outline } from './outline';
export type { OutlineOptions } from './outline';
export { changedLineRange, newSyntaxErrors, syntaxErrors } from './syntax-errors';
export type { CodeSyntaxError, LineRange } from './syntax-errors';
export { numberedLines, sliceLines } from './text-lines';
