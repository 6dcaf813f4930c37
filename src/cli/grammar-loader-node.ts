import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setGrammarLoader } from '../code/config';
import type { GrammarLoader } from '../code/grammar-loader';
import { GRAMMAR_WASM } from '../code/languages';

const require = createRequire(import.meta.url);

/** Reads grammar wasm files from the installed tree-sitter-* packages. */
export const nodeGrammarLoader: GrammarLoader = async (language) => {
  const { packageName, file } = GRAMMAR_WASM[language];
  const path = require.resolve(`${packageName}/${file}`);
  const bytes = await readFile(path);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/**
 * Sets the grammar source for the CLI, tests and benchmarks: grammars are read from node_modules.
 * Module state, not a parameter: there is one tree-sitter runtime per process or worker, shared by every caller.
 */
export function setNodeGrammarSource(): void {
  setGrammarLoader(nodeGrammarLoader);
}
