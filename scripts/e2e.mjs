// Browser end-to-end tests: find Chromium, build, serve dist/ on a free localhost port,
// run test/e2e/**/*.e2e.ts with vitest, stop the server, exit with the suite's code.
// `node scripts/e2e.mjs [--no-build] [vitest args…]` (--no-build reuses an existing dist/).
// PHASEGATE_DIST=DIR builds into and serves DIR instead of dist/ (so two suites can run side by side).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../test/e2e/support/chromium.mjs';
import { startServer } from './serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args, env = process.env) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolveRun(1);
    });
  });
}

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const vitestArgs = args.filter((arg) => arg !== '--no-build');
const distDir = process.env.PHASEGATE_DIST ?? 'dist';

let chromePath;
try {
  chromePath = ensureChromium();
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

if (!skipBuild) {
  const built = await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir']);
  if (built !== 0) {
    console.error('e2e: vite build failed.');
    process.exit(built);
  }
}

const server = await startServer({ root: `${root}/${distDir}`, port: 0 });
console.log(`e2e: serving ${distDir}/ at ${server.url}, Chromium at ${chromePath}`);
let code;
try {
  code = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts', ...vitestArgs], {
    ...process.env,
    PHASEGATE_URL: server.url,
    CHROME_PATH: chromePath,
  });
} finally {
  await server.close();
}
process.exit(code);
