/** Code intelligence on tree-sitter: languages, symbols, outlines, slices and syntax checks. */
export { extractSymbols } from './extract-symbols';
export { setFetchedGrammarSource } from './fetched-grammar-source';
export type { FindResult, SymbolMatch } from './find-symbol';
export { closestNames, findSymbol } from './find-symbol';
export type { FetchGrammarLoaderOptions, GrammarLoader } from './grammar-loader';
export { fetchGrammarLoader, GRAMMAR_URL_PREFIX, grammarUrl, runtimeWasmUrl } from './grammar-loader';
export type { LanguageId, WasmAsset } from './languages';
export { allWasmAssets, GRAMMAR_WASM, isLanguageId, LANGUAGE_IDS, languageForFile, languageForPath, refineLanguage, RUNTIME_WASM } from './languages';
export type { OutlineOptions } from './outline';
export { outline } from './outline';
export type { InitParserOptions } from './runtime';
export { initParser, loadLanguage, setGrammarLoader, setParserInitOptions } from './runtime';
export type { CodeSymbol, SymbolKind } from './symbol-types';
export { flattenSymbols, SYMBOL_KINDS } from './symbol-types';
export type { CodeSyntaxError, LineRange } from './syntax-errors';
export { changedLineRange, newSyntaxErrors, syntaxErrors } from './syntax-errors';
export { numberedLines, sliceLines } from './text-lines';
