// Finds the Chromium the e2e tests and page benchmarks drive. Never downloads a browser:
// CHROME_PATH, else Debian's /usr/bin/chromium (installed with apt-get when running as root).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Returns the browser's path, or throws an Error whose message says what to do. */
export function ensureChromium({ log = console.error } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  if (existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    log("Chromium not found; installing Debian's chromium package (apt-get)…");
    const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
    throw new Error('Installing chromium with apt-get failed; install it or set CHROME_PATH to a Chromium binary.');
  }
  throw new Error(`No Chromium at ${DEFAULT_CHROMIUM}. Install Debian's chromium package or set CHROME_PATH to a Chromium binary.`);
}
