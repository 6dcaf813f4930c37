import { messageOf } from '../protocol/error-message';
import { GRAMMAR_WASM, type LanguageId, RUNTIME_WASM } from './languages';

/**
 * Gives a grammar's wasm: its bytes, or a URL/path web-tree-sitter can load itself.
 * Node reads node_modules (src/cli/grammar-loader-node.ts); the browser fetches from the app.
 */
export type GrammarLoader = (language: LanguageId) => Promise<Uint8Array | string>;

/** Where the app serves grammar and runtime wasm files: `/grammars/<file>.wasm`. */
export const GRAMMAR_URL_PREFIX = '/grammars/';

export function grammarUrl(language: LanguageId, prefix: string = GRAMMAR_URL_PREFIX): string {
  return `${withSlash(prefix)}${GRAMMAR_WASM[language].file}`;
}

/** The URL of web-tree-sitter's runtime wasm under the same prefix, for `initParser({ locateFile })`. */
export function runtimeWasmUrl(prefix: string = GRAMMAR_URL_PREFIX): string {
  return `${withSlash(prefix)}${RUNTIME_WASM.file}`;
}

export interface FetchGrammarLoaderOptions {
  /** URL prefix the wasm files are served under; default `/grammars/`. */
  prefix?: string;
  fetch?: typeof fetch;
}

/** A loader for the page and the worker: fetches `<prefix><file>.wasm` and fails with a readable message. */
export function fetchGrammarLoader(options: FetchGrammarLoaderOptions = {}): GrammarLoader {
  const prefix = options.prefix ?? GRAMMAR_URL_PREFIX;
  return async (language) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    const url = grammarUrl(language, prefix);
    let response: Response;
    try {
      response = await doFetch(url);
    } catch (error) {
      throw new Error(`could not fetch ${url}: ${messageOf(error)}`, { cause: error });
    }
    if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

function withSlash(prefix: string): string {
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}
