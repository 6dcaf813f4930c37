import type { IFileSystem } from 'just-bash';
import { joinPath, parentOf } from './paths';

/** A package binary under some `node_modules/.bin` and how to run it. */
export interface LocalBinary {
  name: string;
  path: string;
  /** A JavaScript file (a `node` shebang, a .js/.cjs/.mjs name, or no shebang at all) runs through `node`; another script through bash. */
  runner: 'node' | 'bash';
}

const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** The `node_modules/.bin` folders npm puts on PATH for a script run in `cwd`: nearest first. */
function binFolders(cwd: string): string[] {
  const folders: string[] = [];
  for (let dir = cwd; ; dir = parentOf(dir)) {
    folders.push(joinPath(dir, 'node_modules/.bin'));
    if (dir === '/') return folders;
  }
}

async function runnerOf(fs: IFileSystem, path: string): Promise<LocalBinary['runner']> {
  if (/\.[cm]?js$/.test(path)) return 'node';
  const firstLine = (await fs.readFile(path)).split('\n', 1)[0] ?? '';
  return !firstLine.startsWith('#!') || /\bnode\b/.test(firstLine) ? 'node' : 'bash';
}

/** The binary `name` as `npx` and npm scripts find it, nearest `node_modules/.bin` first; null when there is none. */
export async function findLocalBinary(fs: IFileSystem, cwd: string, name: string): Promise<LocalBinary | null> {
  if (!SAFE_NAME.test(name)) return null;
  for (const folder of binFolders(cwd)) {
    const binary = await binaryAt(fs, folder, name);
    if (binary) return binary;
  }
  return null;
}

async function binaryAt(fs: IFileSystem, folder: string, name: string): Promise<LocalBinary | null> {
  if (!SAFE_NAME.test(name)) return null;
  const path = joinPath(folder, name);
  if (!(await fs.exists(path)) || !(await fs.stat(path)).isFile) return null;
  return { name, path, runner: await runnerOf(fs, path) };
}

/** Every binary a script in `cwd` can call by name (the nearest of each name wins). */
export async function localBinaries(fs: IFileSystem, cwd: string): Promise<LocalBinary[]> {
  const found = new Map<string, LocalBinary>();
  for (const folder of binFolders(cwd)) {
    if (!(await fs.exists(folder))) continue;
    for (const name of await fs.readdir(folder)) {
      if (found.has(name)) continue;
      const binary = await binaryAt(fs, folder, name);
      if (binary) found.set(name, binary);
    }
  }
  return [...found.values()];
}

/** Quotes an argument for the shell unless it is plainly safe. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_/.,:=+@%^-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line that runs `binary` with `args`. */
export function binaryCommandLine(binary: LocalBinary, args: string[]): string {
  return [binary.runner, shellQuote(binary.path), ...args.map(shellQuote)].join(' ');
}

/**
 * Shell functions that make each local binary callable by name in an npm script, as npm's PATH
 * does: just-bash would read a `#!/usr/bin/env node` file as a bash script, and runs no file
 * without its execute bit, so each is called through its runner.
 */
export function binaryFunctions(binaries: LocalBinary[]): string {
  return binaries.map((binary) => `${binary.name}() { ${binary.runner} ${shellQuote(binary.path)} "$@"; }\n`).join('');
}
