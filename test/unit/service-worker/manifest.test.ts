import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CACHE_PREFIX,
  cacheName,
  createPrecacheManifest,
  isContentHashed,
  isPrecacheable,
  precacheFetchMode,
  precacheUrl,
  SERVICE_WORKER_FILE,
  staleCaches,
} from '../../../src/service-worker/manifest';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const BUILD = [
  { path: 'index.html', hash: 'h1' },
  { path: 'assets/index-abc123.js', hash: 'h2' },
  { path: 'assets/editor.api-def456.js', hash: 'h3' },
  { path: 'assets/editor.worker-aaa111.js', hash: 'h4' },
  { path: 'grammars/tree-sitter.wasm', hash: 'h5' },
  { path: 'favicon.svg', hash: 'h6' },
  { path: 'sw.js', hash: 'h7' },
  { path: '_headers', hash: 'h8' },
  { path: 'vercel.json', hash: 'h9' },
  { path: 'assets/index-abc123.js.map', hash: 'h10' },
];

describe('the precache manifest', () => {
  it('lists every file the page may load, sorted, and leaves out the worker itself and host configuration', () => {
    const manifest = createPrecacheManifest(BUILD, sha256);
    expect(manifest.files).toEqual([
      'assets/editor.api-def456.js',
      'assets/editor.worker-aaa111.js',
      'assets/index-abc123.js',
      'favicon.svg',
      'grammars/tree-sitter.wasm',
      'index.html',
    ]);
    expect(manifest.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives the same version for the same build, in any order, and a new one when any precached file changes', () => {
    const first = createPrecacheManifest(BUILD, sha256);
    expect(createPrecacheManifest([...BUILD].reverse(), sha256)).toEqual(first);
    const grammarChanged = BUILD.map((file) => (file.path === 'grammars/tree-sitter.wasm' ? { ...file, hash: 'new' } : file));
    expect(createPrecacheManifest(grammarChanged, sha256).version).not.toBe(first.version);
    const renamed = BUILD.map((file) => (file.path === 'assets/index-abc123.js' ? { ...file, path: 'assets/index-xyz789.js' } : file));
    expect(createPrecacheManifest(renamed, sha256).version).not.toBe(first.version);
    // Host configuration is not served from the cache, so it does not change the version.
    const headersChanged = BUILD.map((file) => (file.path === '_headers' ? { ...file, hash: 'new' } : file));
    expect(createPrecacheManifest(headersChanged, sha256).version).toBe(first.version);
  });

  it('normalises Windows separators and leading slashes', () => {
    expect(
      createPrecacheManifest(
        [
          { path: 'assets\\a-1.js', hash: 'x' },
          { path: '/index.html', hash: 'y' },
        ],
        sha256,
      ).files,
    ).toEqual(['assets/a-1.js', 'index.html']);
  });

  it('knows what is precached and what is named after its content', () => {
    expect(isPrecacheable(SERVICE_WORKER_FILE)).toBe(false);
    expect(isPrecacheable('grammars/tree-sitter-go.wasm')).toBe(true);
    expect(isPrecacheable('assets/.DS_Store')).toBe(false);
    expect(isContentHashed('assets/index-abc123.js')).toBe(true);
    expect(isContentHashed('grammars/tree-sitter-go.wasm')).toBe(false);
    expect(precacheFetchMode('assets/index-abc123.js')).toBe('default');
    expect(precacheFetchMode('index.html')).toBe('no-cache');
    expect(precacheFetchMode('grammars/tree-sitter-go.wasm')).toBe('no-cache');
  });

  it('stores index.html under the site root, the URL every host serves it at', () => {
    expect(precacheUrl('index.html', 'https://a.example/')).toBe('https://a.example/');
    expect(precacheUrl('assets/x-1.js', 'https://a.example/')).toBe('https://a.example/assets/x-1.js');
    expect(precacheUrl('grammars/tree-sitter.wasm', 'https://a.example/app/')).toBe('https://a.example/app/grammars/tree-sitter.wasm');
  });
});

describe('cache names', () => {
  it('names one cache per build and deletes only our earlier ones', () => {
    const current = cacheName('1234abcd');
    expect(current).toBe(`${CACHE_PREFIX}1234abcd`);
    expect(staleCaches([current, cacheName('old1'), cacheName('old2'), 'someone-elses-cache', 'workbox-precache'], current)).toEqual([
      cacheName('old1'),
      cacheName('old2'),
    ]);
    expect(staleCaches([current], current)).toEqual([]);
  });
});
