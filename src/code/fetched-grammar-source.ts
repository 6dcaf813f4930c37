import { setGrammarLoader, setParserInitOptions } from './config';
import { fetchGrammarLoader, type FetchGrammarLoaderOptions, GRAMMAR_URL_PREFIX } from './grammar-loader';

/**
 * Sets the grammar source for the page or the worker: grammars and web-tree-sitter's own runtime
 * wasm are both fetched from `<prefix><file>.wasm` (default `/grammars/`), on first use.
 * Module state, not a parameter: there is one tree-sitter runtime per process or worker, shared by every caller.
 */
export function setFetchedGrammarSource(options: FetchGrammarLoaderOptions = {}): void {
  const prefix = options.prefix ?? GRAMMAR_URL_PREFIX;
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  setParserInitOptions({ locateFile: (file) => `${base}${file}` });
  setGrammarLoader(fetchGrammarLoader(options));
}
