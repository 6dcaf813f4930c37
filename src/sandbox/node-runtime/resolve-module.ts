import { collapseSegments, joinPath, parentOf } from '../paths';
import { BUILTIN_MODULES, PREFIX_ONLY_MODULES, UNSUPPORTED_MODULES } from './builtin-names';
import type { FsOverlay } from './fs-overlay';

export type ModuleFormat = 'cjs' | 'esm' | 'json';
export type Resolution = { kind: 'builtin'; name: string } | { kind: 'file'; path: string; format: ModuleFormat };

const EXTENSIONS = ['.js', '.json', '.mjs', '.cjs', '.ts', '.mts', '.cts'];

/** What a failed `require`/`import` throws; `code` mirrors Node's. */
export class ModuleNotFoundError extends Error {}

/** Node's name for a built-in, without the `node:` prefix; null when it is not one. */
export function builtinName(request: string): string | null {
  const name = request.startsWith('node:') ? request.slice(5) : request;
  if (PREFIX_ONLY_MODULES.has(name) && !request.startsWith('node:')) return null;
  if (BUILTIN_MODULES.has(name)) return name;
  if (UNSUPPORTED_MODULES.has(name.split('/')[0] ?? name)) return name;
  return request.startsWith('node:') ? name : null;
}

function readJson(fs: FsOverlay, path: string): Record<string, unknown> | null {
  if (fs.stat(path)?.type !== 'file') return null;
  try {
    const parsed: unknown = JSON.parse(fs.readText(path));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `type` of the nearest package.json above `path` ("commonjs" when none says otherwise). */
function packageType(fs: FsOverlay, path: string): string {
  for (let dir = parentOf(path); ; dir = parentOf(dir)) {
    const pkg = readJson(fs, joinPath(dir, 'package.json'));
    if (pkg) return typeof pkg.type === 'string' ? pkg.type : 'commonjs';
    if (dir === '/') return 'commonjs';
  }
}

/** Like Node 22: a .js file with import/export statements and no package "type" runs as a module. */
function looksLikeModule(source: string): boolean {
  return /^\s*(import\s*[\w{*'"]|export\s+(default|const|let|var|function|class|async|\{|\*))/m.test(source);
}

export function formatOf(fs: FsOverlay, path: string): ModuleFormat {
  if (path.endsWith('.json')) return 'json';
  if (/\.m[jt]s$/.test(path)) return 'esm';
  if (/\.c[jt]s$/.test(path)) return 'cjs';
  const type = packageType(fs, path);
  if (type === 'module') return 'esm';
  return type === 'commonjs' && looksLikeModule(fs.readText(path)) ? 'esm' : 'cjs';
}

function asFile(fs: FsOverlay, path: string): string | null {
  if (fs.stat(path)?.type === 'file') return path;
  for (const ext of EXTENSIONS) if (fs.stat(path + ext)?.type === 'file') return path + ext;
  // An import of "./x.js" written for TypeScript finds "./x.ts".
  const ts = path.replace(/\.(m|c)?js$/, '.$1ts');
  if (ts !== path && fs.stat(ts)?.type === 'file') return ts;
  return null;
}

/** The target of an "exports" entry for the given conditions (strings, condition objects, arrays). */
function exportTarget(entry: unknown, conditions: string[]): string | null {
  if (typeof entry === 'string') return entry;
  if (Array.isArray(entry)) {
    for (const item of entry) {
      const target = exportTarget(item, conditions);
      if (target) return target;
    }
    return null;
  }
  if (entry && typeof entry === 'object') {
    for (const [key, value] of Object.entries(entry)) {
      if (key === 'default' || conditions.includes(key)) {
        const target = exportTarget(value, conditions);
        if (target) return target;
      }
    }
  }
  return null;
}

function fromExports(exportsField: unknown, subpath: string, conditions: string[]): string | null {
  const isMap = exportsField && typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).some((k) => k.startsWith('.'));
  if (!isMap) return subpath === '.' ? exportTarget(exportsField, conditions) : null;
  const map = exportsField as Record<string, unknown>;
  if (subpath in map) return exportTarget(map[subpath], conditions);
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      const target = exportTarget(value, conditions);
      if (target) return target.replace('*', subpath.slice(before.length, subpath.length - after.length));
    }
  }
  return null;
}

function asDirectory(fs: FsOverlay, dir: string, conditions: string[]): string | null {
  if (fs.stat(dir)?.type !== 'dir') return null;
  const pkg = readJson(fs, joinPath(dir, 'package.json'));
  if (pkg && 'exports' in pkg) {
    const target = fromExports(pkg.exports, '.', conditions);
    if (target) return asFile(fs, collapseSegments(joinPath(dir, target)));
  }
  if (pkg && typeof pkg.main === 'string') {
    const main = collapseSegments(joinPath(dir, pkg.main));
    const found = asFile(fs, main) ?? asFile(fs, joinPath(main, 'index'));
    if (found) return found;
  }
  return asFile(fs, joinPath(dir, 'index'));
}

function fromNodeModules(fs: FsOverlay, fromDir: string, request: string, conditions: string[]): string | null {
  const parts = request.split('/');
  const nameLength = request.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join('/')}` : '.';
  for (let dir = fromDir; ; dir = parentOf(dir)) {
    const packageDir = joinPath(joinPath(dir, 'node_modules'), name);
    if (fs.stat(packageDir)?.type === 'dir') {
      const pkg = readJson(fs, joinPath(packageDir, 'package.json'));
      if (pkg && 'exports' in pkg) {
        const target = fromExports(pkg.exports, subpath, conditions);
        return target ? asFile(fs, collapseSegments(joinPath(packageDir, target))) : null;
      }
      const path = subpath === '.' ? packageDir : joinPath(packageDir, subpath.slice(2));
      const found = asFile(fs, path) ?? asDirectory(fs, path, conditions);
      if (found) return found;
    }
    if (dir === '/') return null;
  }
}

/**
 * Node's module resolution over the program's files: built-ins, relative and absolute paths
 * (with extensions, index files, package.json main/exports), and packages under node_modules.
 */
export function resolveModule(fs: FsOverlay, fromDir: string, request: string, mode: 'require' | 'import'): Resolution {
  const builtin = builtinName(request);
  if (builtin !== null) return { kind: 'builtin', name: builtin };
  const conditions = mode === 'require' ? ['node', 'require'] : ['node', 'import'];
  let path: string | null;
  if (request.startsWith('/') || request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..') {
    const target = collapseSegments(request.startsWith('/') ? request : joinPath(fromDir, request));
    path = asFile(fs, target) ?? asDirectory(fs, target, conditions);
  } else {
    path = fromNodeModules(fs, fromDir, request, conditions);
  }
  if (path === null) throw new ModuleNotFoundError(`Cannot find module '${request}' from '${fromDir}'`);
  return { kind: 'file', path, format: formatOf(fs, path) };
}
