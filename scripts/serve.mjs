// Serves the production build (dist/) on localhost with the cross-origin isolation
// headers WebContainer needs. `node scripts/serve.mjs [--port N]` (PORT works too; 0 = any free port).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.scm': 'text/plain; charset=utf-8',
};

const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

/** Resolves a URL path inside root, or null when it would escape it. */
function fileFor(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const path = resolve(root, '.' + normalize(`/${decoded}`));
  return path === root || path.startsWith(root + sep) ? path : null;
}

async function existingFile(path) {
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, size: info.size };
    if (info.isDirectory()) return existingFile(join(path, 'index.html'));
  } catch {
    /* not there */
  }
  return null;
}

/**
 * Starts the static server. Resolves with { url, port, close() } once listening.
 * Unknown paths without an extension fall back to index.html (single-page app).
 * `isolationHeaders: false` sends none of the headers above, like a host that cannot set
 * headers (GitHub Pages): the hosting e2e test uses it to check the service worker isolates the page.
 */
export async function startServer({ root = 'dist', port = 4173, host = '127.0.0.1', isolationHeaders = true } = {}) {
  const rootDir = resolve(root);
  const isolation = isolationHeaders ? ISOLATION_HEADERS : {};
  const server = createServer(async (request, response) => {
    const send = (status, body, headers = {}) => {
      response.writeHead(status, { ...isolation, 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    const target = fileFor(rootDir, request.url ?? '/');
    if (target === null) return send(400, 'Bad path');
    let file = await existingFile(target);
    if (file === null && extname(target) === '') file = await existingFile(join(rootDir, 'index.html'));
    if (file === null) return send(404, 'Not found');

    const type = MIME_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream';
    const hashed = file.path.includes(`${sep}assets${sep}`);
    response.writeHead(200, {
      ...isolation,
      'Content-Type': type,
      'Content-Length': file.size,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (request.method === 'HEAD') return response.end();
    createReadStream(file.path)
      .on('error', () => response.destroy())
      .pipe(response);
  });

  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actualPort}/`,
    port: actualPort,
    close: () => new Promise((done) => server.close(() => done(undefined))),
  };
}

function portFromArgs(argv) {
  const index = argv.indexOf('--port');
  const text = index >= 0 ? argv[index + 1] : process.env.PORT;
  if (text === undefined) return 4173;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid port "${text}"; use a number from 0 to 65535.`);
    process.exit(2);
  }
  return port;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../dist', import.meta.url));
  if ((await existingFile(join(root, 'index.html'))) === null) {
    console.error('dist/index.html is missing: run `npx vite build` first.');
    process.exit(1);
  }
  try {
    const { url, close } = await startServer({ root, port: portFromArgs(process.argv) });
    console.log(`Phasegate is served at ${url} (cross-origin isolated). Press Ctrl+C to stop.`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => close().then(() => process.exit(0)));
  } catch (error) {
    console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
