import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { GRAMMAR_URL_PREFIX } from './src/code/grammar-loader';
import { allWasmAssets } from './src/code/languages';

/**
 * Cross-origin isolation (needed by WebContainer and SharedArrayBuffer) on every
 * server; scripts/serve.mjs sends the same headers for the production build.
 */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Tree-sitter's runtime and grammar wasm files, served at /grammars/<file> by the app itself (no CDN):
 * copied from node_modules into dist/grammars/ on build, streamed from node_modules in dev.
 * The worker fetches each grammar only when it first parses a file of that language.
 */
function treeSitterGrammars(): Plugin {
  const require = createRequire(import.meta.url);
  const files = new Map(allWasmAssets().map((asset) => [asset.file, require.resolve(`${asset.packageName}/${asset.file}`)]));
  const prefix = GRAMMAR_URL_PREFIX.replace(/^\//, '');
  return {
    name: 'phasegate:tree-sitter-grammars',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith(GRAMMAR_URL_PREFIX)) return next();
        const source = files.get(decodeURIComponent(path.slice(GRAMMAR_URL_PREFIX.length)));
        // An unknown grammar is a 404, not the SPA fallback's index.html.
        if (!source) {
          res.statusCode = 404;
          res.end('no such grammar');
          return;
        }
        res.setHeader('Content-Type', 'application/wasm');
        for (const [name, value] of Object.entries(isolationHeaders)) res.setHeader(name, value);
        createReadStream(source).pipe(res);
      });
    },
    async generateBundle() {
      for (const [file, source] of files) {
        this.emitFile({ type: 'asset', fileName: `${prefix}${file}`, source: await readFile(source) });
      }
    },
  };
}

/** web-tree-sitter is Emscripten output and uses direct `eval` by design (a CSP needs 'wasm-unsafe-eval'); that warning is known. */
const quietKnownEval = {
  onLog(level: string, log: { code?: string; id?: string; message: string }, handler: (level: never, log: never) => void) {
    if (log.code === 'EVAL' && (log.id ?? log.message).includes('web-tree-sitter')) return;
    handler(level as never, log as never);
  },
};

export default defineConfig({
  plugins: [react(), treeSitterGrammars()],
  worker: { format: 'es' },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: {
    target: 'es2022',
    rolldownOptions: quietKnownEval,
    // Monaco is one lazy chunk of ~4 MiB by design; it never loads before a file is shown.
    chunkSizeWarningLimit: 5000,
  },
});
