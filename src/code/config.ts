import type { GrammarLoader } from './grammar-loader';

/**
 * Where grammars and the tree-sitter runtime come from. Kept apart from runtime.ts so a
 * composition root can configure code intelligence without loading web-tree-sitter itself.
 */
export interface InitParserOptions {
  /** Maps web-tree-sitter's runtime file name (`tree-sitter.wasm`) to a URL; needed in the browser. */
  locateFile?: (file: string, scriptDirectory: string) => string;
}

let initOptions: InitParserOptions = {};
let grammarLoader: GrammarLoader | null = null;

/**
 * Options for the lazy init that the first grammar load triggers (set them before any parsing).
 * In the browser, `locateFile` must point at the served runtime wasm.
 */
export function setParserInitOptions(options: InitParserOptions): void {
  initOptions = options;
}

export function parserInitOptions(): InitParserOptions {
  return initOptions;
}

/** Chooses where grammars come from; the composition root (worker, CLI, tests) calls this once. */
export function setGrammarLoader(loader: GrammarLoader): void {
  grammarLoader = loader;
}

export function configuredGrammarLoader(): GrammarLoader | null {
  return grammarLoader;
}
