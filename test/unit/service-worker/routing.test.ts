import { describe, expect, it } from 'vitest';
import { type RequestLike, routeFor, scopedPath } from '../../../src/service-worker/routing';

const SCOPE = 'https://phasegate.example/';
const PRECACHED = new Set(['index.html', 'assets/index-abc123.js', 'assets/editor.api-def456.js', 'grammars/tree-sitter-go.wasm', 'favicon.svg']);

function request(url: string, extra: Partial<RequestLike> = {}): RequestLike {
  return { url, method: 'GET', mode: 'cors', cache: 'default', ...extra };
}

describe('which requests the service worker answers', () => {
  it('never touches another origin, whatever the request', () => {
    for (const url of ['https://cdn.example/x.js', 'https://phasegate.example:8443/assets/index-abc123.js', 'http://phasegate.example/']) {
      expect(routeFor(request(url), SCOPE, PRECACHED), url).toBe('ignore');
      expect(routeFor(request(url, { mode: 'navigate' }), SCOPE, PRECACHED), url).toBe('ignore');
    }
  });

  it('leaves anything but GET to the browser', () => {
    for (const method of ['POST', 'PUT', 'HEAD', 'DELETE']) expect(routeFor(request(`${SCOPE}api`, { method }), SCOPE, PRECACHED)).toBe('ignore');
  });

  it("ignores devtools' only-if-cached probes outside same-origin mode", () => {
    expect(routeFor(request(`${SCOPE}assets/index-abc123.js`, { cache: 'only-if-cached', mode: 'no-cors' }), SCOPE, PRECACHED)).toBe('ignore');
    expect(routeFor(request(`${SCOPE}assets/index-abc123.js`, { cache: 'only-if-cached', mode: 'same-origin' }), SCOPE, PRECACHED)).toBe('precached');
  });

  it('answers page loads network first, whatever the path (the fragment never reaches it)', () => {
    for (const path of ['', 'index.html', 'some/deep/link', '?x=1']) {
      expect(routeFor(request(`${SCOPE}${path}`, { mode: 'navigate' }), SCOPE, PRECACHED), path).toBe('index');
    }
    expect(routeFor(request(`${SCOPE}index.html`), SCOPE, PRECACHED)).toBe('index');
    expect(routeFor(request(SCOPE), SCOPE, PRECACHED)).toBe('index');
  });

  it("serves the build's own files cache first: chunks, the lazy Monaco chunk, grammars, icons", () => {
    for (const path of ['assets/index-abc123.js', 'assets/editor.api-def456.js', 'grammars/tree-sitter-go.wasm', 'favicon.svg']) {
      expect(routeFor(request(`${SCOPE}${path}`), SCOPE, PRECACHED), path).toBe('precached');
    }
    // A query string does not make a precached file unknown.
    expect(routeFor(request(`${SCOPE}grammars/tree-sitter-go.wasm?v=2`), SCOPE, PRECACHED)).toBe('precached');
  });

  it('sends other same-origin files and byte ranges to the network (with the headers added)', () => {
    expect(routeFor(request(`${SCOPE}assets/index-old999.js`), SCOPE, PRECACHED)).toBe('network');
    expect(routeFor(request(`${SCOPE}grammars/tree-sitter-go.wasm`, { headers: new Headers({ Range: 'bytes=0-99' }) }), SCOPE, PRECACHED)).toBe('network');
  });

  it('works under a sub-path scope', () => {
    const scope = 'https://user.example/phasegate/';
    expect(scopedPath('https://user.example/phasegate/assets/a.js?x#y', scope)).toBe('assets/a.js');
    expect(scopedPath('https://user.example/other/a.js', scope)).toBeNull();
    expect(routeFor(request('https://user.example/phasegate/assets/index-abc123.js'), scope, PRECACHED)).toBe('precached');
    expect(routeFor(request('https://user.example/other/a.js'), scope, PRECACHED)).toBe('network');
  });

  it('does not claim index.html when the build did not precache it', () => {
    expect(routeFor(request(`${SCOPE}index.html`), SCOPE, new Set())).toBe('network');
  });
});
