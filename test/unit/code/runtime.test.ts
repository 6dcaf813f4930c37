import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeGrammarLoader } from '../../../src/cli/grammar-loader-node';
import type { GrammarLoader } from '../../../src/code/grammar-loader';
import type { LanguageId } from '../../../src/code/languages';

// The runtime keeps process-wide caches: each test gets a fresh copy of the module.
async function freshRuntime() {
  vi.resetModules();
  return import('../../../src/code/runtime');
}

function countingLoader(inner: GrammarLoader = nodeGrammarLoader) {
  const calls: LanguageId[] = [];
  const loader: GrammarLoader = async (language) => {
    calls.push(language);
    return inner(language);
  };
  return { loader, calls };
}

describe('grammar loading', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('loads each grammar once, even when asked concurrently', async () => {
    const runtime = await freshRuntime();
    const { loader, calls } = countingLoader();
    runtime.setGrammarLoader(loader);
    const [a, b, c] = await Promise.all([runtime.loadLanguage('python'), runtime.loadLanguage('python'), runtime.loadLanguage('go')]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    await runtime.loadLanguage('python');
    expect(calls.sort()).toEqual(['go', 'python']);
  });

  it('does not cache a failed load, so a later call retries', async () => {
    const runtime = await freshRuntime();
    let fail = true;
    const { loader, calls } = countingLoader(async (language) => {
      if (fail) throw new Error('offline');
      return nodeGrammarLoader(language);
    });
    runtime.setGrammarLoader(loader);
    await expect(runtime.loadLanguage('bash')).rejects.toThrow('could not load the bash grammar: offline');
    fail = false;
    await expect(runtime.loadLanguage('bash')).resolves.toBeDefined();
    expect(calls).toEqual(['bash', 'bash']);
  });

  it('says what to do when no loader is configured', async () => {
    const runtime = await freshRuntime();
    await expect(runtime.loadLanguage('ruby')).rejects.toThrow(/no grammar loader configured.*setGrammarLoader/);
  });

  it('accepts a path string from the loader as well as bytes', async () => {
    const runtime = await freshRuntime();
    const { createRequire } = await import('node:module');
    const path = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    runtime.setGrammarLoader(async () => path);
    const tree = await runtime.parseSource('f() { :; }\n', 'bash');
    try {
      expect(tree.rootNode.type).toBe('program');
    } finally {
      tree.delete();
    }
  });
});

describe('fetchGrammarLoader', () => {
  it('fetches /grammars/<file>.wasm and returns the bytes', async () => {
    const { fetchGrammarLoader } = await import('../../../src/code/grammar-loader');
    const urls: string[] = [];
    const fakeFetch = (async (url: string) => {
      urls.push(url);
      return new Response(new Uint8Array([0, 97, 115, 109]), { status: 200 });
    }) as typeof fetch;
    const bytes = await fetchGrammarLoader({ fetch: fakeFetch })('csharp');
    expect(urls).toEqual(['/grammars/tree-sitter-c_sharp.wasm']);
    expect(bytes).toEqual(new Uint8Array([0, 97, 115, 109]));
    await fetchGrammarLoader({ fetch: fakeFetch, prefix: '/app/wasm' })('tsx');
    expect(urls[1]).toBe('/app/wasm/tree-sitter-tsx.wasm');
  });

  it('turns HTTP and network failures into readable errors', async () => {
    const { fetchGrammarLoader } = await import('../../../src/code/grammar-loader');
    const notFound = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(fetchGrammarLoader({ fetch: notFound })('go')).rejects.toThrow('could not fetch /grammars/tree-sitter-go.wasm: HTTP 404');
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchGrammarLoader({ fetch: offline })('go')).rejects.toThrow('could not fetch /grammars/tree-sitter-go.wasm: Failed to fetch');
  });

  it('gives the runtime wasm URL under the same prefix', async () => {
    const { runtimeWasmUrl } = await import('../../../src/code/grammar-loader');
    expect(runtimeWasmUrl()).toBe('/grammars/tree-sitter.wasm');
  });
});
