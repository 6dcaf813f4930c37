import type { JSModuleLoadResult, JSModuleNormalizeResult } from 'quickjs-emscripten-core';
import { parentOf } from '../paths';
import { BUILTIN_MODULES } from './builtin-names';
import { cjsExportNames } from './cjs-exports';
import type { FsOverlay } from './fs-overlay';
import { builtinName, resolveModule } from './resolve-module';
import { isTypeScript } from './strip-types';

const MISSING_PREFIX = 'phasegate-missing:';

/** One line for a program that uses a built-in the sandbox cannot offer. */
export function unsupportedModuleMessage(name: string): string {
  return `node: The module 'node:${name}' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js`;
}

export interface ModuleLoaderOptions {
  fs: FsOverlay;
  cwd: string;
  stripTypes: ((source: string, path: string) => string) | null;
  /** Bare imports an extension answers (the offline vitest/jest runner's 'vitest', '@jest/globals'). */
  extensionModules: readonly string[];
  /** The names a built-in module exports (asked of the prelude once per module). */
  builtinExportNames: (name: string) => string[];
  /** Told when the program imports a built-in the sandbox lacks: the run reports that one line. */
  onUnsupported: (name: string) => void;
}

/**
 * Files as QuickJS loads them: the source of a file to run (shebang blanked, TypeScript types
 * stripped), and the ES module loader's two halves (names resolved the Node way; JSON, CommonJS
 * and built-ins wrapped as ES modules).
 */
export class ModuleLoader {
  private readonly exportNamesCache = new Map<string, string[]>();

  constructor(private readonly options: ModuleLoaderOptions) {}

  /** A file's text ready to run: shebang blanked, TypeScript types stripped. */
  sourceOf(path: string): string {
    let source = this.options.fs.readText(path);
    if (source.startsWith('#!')) source = `//${source.slice(2)}`;
    if (isTypeScript(path)) {
      if (!this.options.stripTypes) throw new Error(`node: cannot strip the types of ${path}`);
      source = this.options.stripTypes(source, path);
    }
    return source;
  }

  /** An ES module's text; QuickJS leaves import.meta empty with a custom loader, so it is given here (on line 1, keeping line numbers). */
  moduleSourceOf(path: string): string {
    const source = this.sourceOf(path);
    if (!/\bimport\.meta\b/.test(source)) return source;
    const meta = { url: `file://${encodeURI(path)}`, filename: path, dirname: parentOf(path) };
    return `const __phasegateImportMeta = ${JSON.stringify(meta)};${source.replace(/\bimport\.meta\b/g, '__phasegateImportMeta')}`;
  }

  normalize(base: string, requested: string): JSModuleNormalizeResult {
    const builtin = this.options.extensionModules.includes(requested) ? requested : builtinName(requested);
    if (builtin !== null) return `node:${builtin}`;
    const fromDir = base.startsWith('/') ? parentOf(base) : this.options.cwd;
    try {
      const found = resolveModule(this.options.fs, fromDir, requested, 'import');
      return found.kind === 'builtin' ? `node:${found.name}` : found.path;
    } catch {
      // QuickJS drops a normalizer's error; the loader reports it under this name instead.
      return `${MISSING_PREFIX}${JSON.stringify([requested, base])}`;
    }
  }

  load(name: string): JSModuleLoadResult {
    if (name.startsWith('node:')) return this.builtinModuleSource(name.slice(5));
    if (name.startsWith(MISSING_PREFIX)) {
      const [requested, base] = JSON.parse(name.slice(MISSING_PREFIX.length)) as [string, string];
      return { error: new Error(`Cannot find module '${requested}' imported from ${base}`) };
    }
    const fs = this.options.fs;
    try {
      const format = resolveModule(fs, parentOf(name), name, 'import');
      if (format.kind !== 'file') return { error: new Error(`Cannot load ${name}`) };
      if (format.format === 'json') return `export default ${JSON.stringify(JSON.parse(fs.readText(name)))};`;
      if (format.format === 'cjs') {
        const names = cjsExportNames(fs.readText(name));
        const named = names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '';
        return `const m = globalThis.__phasegate.loadCjs(${JSON.stringify(name)});\nexport default m;\n${named}`;
      }
      return this.moduleSourceOf(name);
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  private builtinModuleSource(name: string): JSModuleLoadResult {
    if (!BUILTIN_MODULES.has(name) && !this.options.extensionModules.includes(name)) {
      this.options.onUnsupported(name);
      return { error: new Error(unsupportedModuleMessage(name)) };
    }
    let names = this.exportNamesCache.get(name);
    if (!names) {
      names = this.options.builtinExportNames(name);
      this.exportNamesCache.set(name, names);
    }
    const named = names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '';
    return `const m = globalThis.__phasegate.builtin(${JSON.stringify(name)});\nexport default m;\n${named}`;
  }
}
