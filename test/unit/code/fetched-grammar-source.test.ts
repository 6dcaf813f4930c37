import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { setFetchedGrammarSource } from '../../../src/code/fetched-grammar-source';
import { GRAMMAR_WASM } from '../../../src/code/languages';
import { initParser, loadLanguage, parserInitOptions } from '../../../src/code/runtime';

const require = createRequire(import.meta.url);

describe('setFetchedGrammarSource', () => {
  it('fetches grammars from the prefix and points the runtime wasm there too', async () => {
    // Node cannot fetch the runtime wasm from a URL path: start the runtime from node_modules first.
    await initParser({});
    const urls: string[] = [];
    const serve = (async (url: string) => {
      urls.push(url);
      const file = url.slice(url.lastIndexOf('/') + 1);
      const asset = Object.values(GRAMMAR_WASM).find((a) => a.file === file);
      if (!asset) return new Response('not found', { status: 404 });
      return new Response(await readFile(require.resolve(`${asset.packageName}/${asset.file}`)), { status: 200 });
    }) as typeof fetch;
    setFetchedGrammarSource({ prefix: '/static/wasm', fetch: serve });
    expect(parserInitOptions().locateFile?.('tree-sitter.wasm', '/ignored/')).toBe('/static/wasm/tree-sitter.wasm');
    const [a, b] = await Promise.all([loadLanguage('go'), loadLanguage('go')]);
    expect(a).toBe(b);
    expect(urls).toEqual(['/static/wasm/tree-sitter-go.wasm']);
  });
});
