import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { cachedPyodideSnapshot } from './src/cli/pyodide-snapshot-cache';
import { GRAMMAR_URL_PREFIX } from './src/code/grammar-loader';
import { allWasmAssets } from './src/code/languages';
import { createPrecacheManifest, type PrecacheManifest, SERVICE_WORKER_FILE } from './src/service-worker/manifest';
import { PYODIDE_FILES, PYODIDE_SNAPSHOT_FILE, PYODIDE_URL_PREFIX } from './src/worker/pyodide-files';

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

/**
 * Pyodide's runtime and standard library, served at /pyodide/<file> by the app itself (no CDN):
 * copied from node_modules/pyodide into dist/pyodide/ on build, streamed from there in dev; and
 * the memory snapshot of its start-up (src/cli/pyodide-snapshot-cache.ts makes it once, about
 * 4 s, and keeps it in node_modules/.cache). Only the Python worker fetches them, when the
 * virtual sandbox first needs python3.
 */
function pyodideFiles(): Plugin {
  const dir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));
  const prefix = PYODIDE_URL_PREFIX.replace(/^\//, '');
  const types: Record<string, string> = {
    mjs: 'text/javascript',
    wasm: 'application/wasm',
    zip: 'application/zip',
    json: 'application/json',
    gz: 'application/gzip',
  };
  const known = new Set<string>(PYODIDE_FILES);
  return {
    name: 'phasegate:pyodide-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith(PYODIDE_URL_PREFIX)) return next();
        const file = decodeURIComponent(path.slice(PYODIDE_URL_PREFIX.length));
        if (!known.has(file) && file !== PYODIDE_SNAPSHOT_FILE) {
          res.statusCode = 404;
          res.end('no such Pyodide file');
          return;
        }
        res.setHeader('Content-Type', types[file.split('.').pop() ?? ''] ?? 'application/octet-stream');
        for (const [name, value] of Object.entries(isolationHeaders)) res.setHeader(name, value);
        if (file === PYODIDE_SNAPSHOT_FILE) cachedPyodideSnapshot().then((bytes) => res.end(bytes), next);
        else createReadStream(join(dir, file)).pipe(res);
      });
    },
    async generateBundle() {
      for (const file of PYODIDE_FILES) this.emitFile({ type: 'asset', fileName: `${prefix}${file}`, source: await readFile(join(dir, file)) });
      this.emitFile({ type: 'asset', fileName: `${prefix}${PYODIDE_SNAPSHOT_FILE}`, source: await cachedPyodideSnapshot() });
    },
  };
}

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Bundles src/service-worker/sw.ts into one classic script with this build's manifest inlined. */
async function bundleServiceWorker(root: string, manifest: PrecacheManifest): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __PHASEGATE_PRECACHE__: JSON.stringify(manifest) },
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: resolve(root, 'src/service-worker/sw.ts'), formats: ['iife'], name: 'phasegateServiceWorker', fileName: () => SERVICE_WORKER_FILE },
    },
  });
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('bundling the service worker gave no script');
  return chunk.code;
}

/**
 * The service worker (src/service-worker/): after the build has written dist/, lists every file in
 * it, hashes them into a precache manifest and writes dist/sw.js with that manifest inlined, under
 * a stable name the page registers. Also copies vercel.json into dist/ for `vercel deploy dist`.
 * Build only: the page does not register the worker in dev.
 */
function serviceWorker(): Plugin {
  let root = process.cwd();
  let outDir = resolve(root, 'dist');
  return {
    name: 'phasegate:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      async handler() {
        await copyFile(resolve(root, 'vercel.json'), join(outDir, 'vercel.json'));
        const files = await Promise.all((await filesUnder(outDir)).map(async (path) => ({ path, hash: sha256(await readFile(join(outDir, path))) })));
        const manifest = createPrecacheManifest(files, sha256);
        await writeFile(join(outDir, SERVICE_WORKER_FILE), await bundleServiceWorker(root, manifest));
      },
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
  plugins: [react(), treeSitterGrammars(), pyodideFiles(), serviceWorker()],
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
