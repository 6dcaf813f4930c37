import type {
  JSModuleLoadResult,
  JSModuleNormalizeResult,
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  VmFunctionImplementation,
} from 'quickjs-emscripten-core';
import { parentOf } from '../paths';
import { BUILTIN_MODULES } from './builtin-names';
import { cjsExportNames } from './cjs-exports';
import type { FsOverlay } from './fs-overlay';
import { GUEST_PRELUDE } from './guest-prelude';
import { hostNow, hostSetTimeout, sleepUnlessStopped } from './host-clock';
import { forgetQuickJS, loadQuickJS, NODE_MEMORY_LIMIT_BYTES } from './quickjs-loader';
import { builtinName, type ModuleFormat, resolveModule } from './resolve-module';
import { isTypeScript, loadTypeStripper } from './strip-types';

const STACK_LIMIT_BYTES = 1024 * 1024;
/** A shared module whose memory grew past this is dropped after the run (see runNode). */
const KEPT_WASM_MEMORY_BYTES = 64 * 1024 * 1024;
/** How often a program that keeps the event loop busy lets the host's own loop have a turn. */
const TURN_INTERVAL_MS = 10;
const MISSING_PREFIX = 'phasegate-missing:';

export type NodeEntry = { kind: 'file'; path: string; format: ModuleFormat } | { kind: 'eval'; code: string; print: boolean };

export interface NodeRunRequest {
  entry: NodeEntry;
  /** process.argv as the program sees it. */
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdin: string;
  fs: FsOverlay;
  /** Asked while the program runs: true once Stop or the time limit ended the command. */
  stopped: () => boolean;
  /** Under `node --test`: takes each file's node:test counts, and the command prints one summary. */
  onTestCounts?: (counts: TestCounts) => void;
  /** Guest code run after the prelude, answering some bare imports (the offline vitest/jest runner). */
  extension?: GuestExtension;
}

/**
 * `source` evaluates to a function of `report(text)` (which calls `onReport`); it answers the bare
 * imports named in `modules` through `__phasegate.provideModule`, before any installed package.
 */
export interface GuestExtension {
  source: string;
  modules: readonly string[];
  onReport: (text: string) => void;
}

export interface TestCounts {
  tests: number;
  suites: number;
  pass: number;
  fail: number;
  cancelled: number;
  skipped: number;
  todo: number;
}

export interface NodeRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  interrupted: boolean;
}

/** One line for a program that uses a built-in the sandbox cannot offer. */
function unsupportedModuleMessage(name: string): string {
  return `node: The module 'node:${name}' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js`;
}

/** Runs one program in a fresh QuickJS runtime (the compiled module is shared) and disposes it. */
export async function runNode(request: NodeRunRequest): Promise<NodeRunResult> {
  const quickjs = await loadQuickJS();
  const needsTypes =
    (request.entry.kind === 'file' && isTypeScript(request.entry.path)) || request.fs.filePaths().some((p) => isTypeScript(p) && !p.includes('/node_modules/'));
  const stripTypes = needsTypes ? await loadTypeStripper() : null;
  const runtime = quickjs.newRuntime();
  try {
    // Near the cap, even reading the error's message can fail: then the cap is what ended the program.
    const memoryFull = () => quickjs.getWasmMemory().buffer.byteLength >= NODE_MEMORY_LIMIT_BYTES;
    const run = new NodeRun(runtime, request, stripTypes, memoryFull);
    try {
      return await run.start();
    } finally {
      try {
        run.dispose();
      } catch {
        // A module that ran out of memory can fail its own clean-up: it is not used again.
        forgetQuickJS();
      }
    }
  } finally {
    try {
      runtime.dispose();
    } catch {
      forgetQuickJS();
    }
    // WebAssembly memory never shrinks: after a program that grew it (up to the heap limit), a fresh module is cheaper to keep.
    if (quickjs.getWasmMemory().buffer.byteLength > KEPT_WASM_MEMORY_BYTES) forgetQuickJS();
  }
}

class NodeRun {
  private readonly context: QuickJSContext;
  private readonly internals: QuickJSHandle;
  private stdout = '';
  private stderr = '';
  private exitCode: number | null = null;
  private interrupted = false;
  private unsupportedModule: string | null = null;
  private readonly exportNamesCache = new Map<string, string[]>();

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly request: NodeRunRequest,
    private readonly stripTypes: ((source: string, path: string) => string) | null,
    private readonly memoryFull: () => boolean,
  ) {
    runtime.setMaxStackSize(STACK_LIMIT_BYTES);
    runtime.setInterruptHandler(() => {
      if (this.exitCode !== null) return true;
      if (!request.stopped()) return false;
      this.interrupted = true;
      return true;
    });
    runtime.setModuleLoader(
      (name) => this.loadModule(name),
      (base, requested) => this.normalizeModule(base, requested),
    );
    this.context = runtime.newContext();
    try {
      this.internals = this.startPrelude();
    } catch (error) {
      this.context.dispose();
      throw error;
    }
  }

  private startPrelude(): QuickJSHandle {
    const host = this.hostObject();
    try {
      const prelude = this.context.unwrapResult(this.context.evalCode(GUEST_PRELUDE, 'node:internal/prelude', { type: 'global' }));
      const called = this.context.callFunction(prelude, this.context.undefined, host);
      prelude.dispose();
      const internals = this.context.unwrapResult(called);
      this.context.defineProp(this.context.global, '__phasegate', { value: internals, configurable: false, enumerable: false });
      if (this.request.extension) this.startExtension(this.request.extension);
      return internals;
    } finally {
      host.dispose();
    }
  }

  private startExtension(extension: GuestExtension): void {
    const ctx = this.context;
    const report = ctx.newFunction('report', (text) => {
      extension.onReport(ctx.getString(text));
      return undefined;
    });
    const start = ctx.unwrapResult(ctx.evalCode(extension.source, 'node:internal/extension', { type: 'global' }));
    const result = ctx.callFunction(start, ctx.undefined, report);
    start.dispose();
    report.dispose();
    ctx.unwrapResult(result).dispose();
  }

  dispose(): void {
    this.internals.dispose();
    this.context.dispose();
  }

  async start(): Promise<NodeRunResult> {
    const entry = this.request.entry;
    let mainPromise: QuickJSHandle | null = null;
    if (entry.kind === 'eval') {
      const filename = `${this.request.cwd === '/' ? '' : this.request.cwd}/[eval]`;
      this.callInternal('evalScript', [this.context.newString(filename)]);
      const result = this.context.evalCode(entry.code, '[eval]', { type: 'global' });
      if (result.error) this.uncaught(result.error);
      else if (entry.print) this.callInternal('print', [result.value]);
      else result.value.dispose();
    } else if (entry.format === 'esm') {
      const result = this.context.evalCode(this.moduleSourceOf(entry.path), entry.path, { type: 'module' });
      if (result.error) this.uncaught(result.error);
      else mainPromise = result.value;
    } else {
      this.callInternal('runMain', [this.context.newString(entry.path), this.context.newString(entry.format)]);
    }
    await this.eventLoop(() => {
      if (mainPromise === null) return;
      const state = this.context.getPromiseState(mainPromise);
      if (state.type === 'rejected') {
        mainPromise.dispose();
        mainPromise = null;
        this.uncaught(state.error);
      } else if (state.type === 'fulfilled') {
        if (state.value !== mainPromise) state.value.dispose();
        mainPromise.dispose();
        mainPromise = null;
      }
    });
    mainPromise?.dispose();
    if (this.exitCode === null && !this.interrupted) {
      const code = this.numberInternal('exitCode');
      this.callInternal('emitExit', [this.context.newNumber(code)]);
      this.exitCode ??= this.numberInternal('exitCode');
    }
    return { stdout: this.stdout, stderr: this.stderr, exitCode: this.interrupted ? 130 : (this.exitCode ?? 0), interrupted: this.interrupted };
  }

  private get finished(): boolean {
    return this.exitCode !== null || this.interrupted;
  }

  /** Promise jobs, then due timers, until nothing is left, the program exits, or it is stopped. */
  private async eventLoop(checkMain: () => void): Promise<void> {
    let lastTurn = hostNow();
    while (!this.finished) {
      this.callInternal('drainTicks', []);
      const jobs = this.runtime.executePendingJobs();
      if (jobs.error) {
        this.uncaught(jobs.error);
        continue;
      }
      checkMain();
      if (this.finished) return;
      const delay = this.numberInternal('nextTimerDelay');
      if (this.finished) return;
      if (delay < 0 && !this.runtime.hasPendingJob()) return;
      if (delay > 0) {
        if (await sleepUnlessStopped(delay, this.request.stopped)) this.interrupted = true;
        lastTurn = hostNow();
      } else if (hostNow() - lastTurn >= TURN_INTERVAL_MS) {
        await new Promise<void>((resolve) => hostSetTimeout(resolve, 0));
        lastTurn = hostNow();
        if (this.request.stopped()) this.interrupted = true;
      }
      if (!this.finished && delay >= 0) this.callInternal('runDueTimers', []);
    }
  }

  /** An exception nobody caught: Node prints it and ends with exit code 1. */
  private uncaught(error: QuickJSHandle): void {
    if (this.finished) {
      error.dispose();
      return;
    }
    let text = '';
    try {
      const message = this.context.getProp(error, 'message');
      text = this.context.typeof(message) === 'string' ? this.context.getString(message) : '';
      message.dispose();
    } catch {
      // Out of memory, most likely: answered below.
    }
    if (text === 'out of memory' || (text === '' && this.memoryFull())) {
      error.dispose();
      this.stderr += `node: JavaScript heap out of memory (the virtual sandbox allows ${NODE_MEMORY_LIMIT_BYTES / 1024 / 1024} MiB)\n`;
      this.exitCode = 134;
      return;
    }
    if (this.unsupportedModule !== null) {
      error.dispose();
      this.stderr += `${unsupportedModuleMessage(this.unsupportedModule)}\n`;
      this.exitCode = 1;
      return;
    }
    const described = this.context.callMethod(this.internals, 'describeError', [error]);
    error.dispose();
    if (this.finished) {
      (described.error ?? described.value).dispose();
      return;
    }
    if (described.error) {
      described.error.dispose();
      this.stderr += 'node: uncaught exception\n';
    } else {
      const line = this.context.getString(described.value);
      described.value.dispose();
      if (line) this.stderr += `${line}\n`;
    }
    this.exitCode = 1;
  }

  /** Calls a prelude hook, taking ownership of `args`; an exception it throws is uncaught. */
  private callInternal(name: string, args: QuickJSHandle[]): void {
    const result = this.context.callMethod(this.internals, name, args);
    for (const arg of args) if (arg.alive) arg.dispose();
    if (result.error) this.uncaught(result.error);
    else result.value.dispose();
  }

  private numberInternal(name: string): number {
    const result = this.context.callMethod(this.internals, name, []);
    if (result.error) {
      this.uncaught(result.error);
      return -1;
    }
    const value = this.context.getNumber(result.value);
    result.value.dispose();
    return value;
  }

  /** A file's text ready to run: shebang blanked, TypeScript types stripped. */
  private sourceOf(path: string): string {
    let source = this.request.fs.readText(path);
    if (source.startsWith('#!')) source = `//${source.slice(2)}`;
    if (isTypeScript(path)) {
      if (!this.stripTypes) throw new Error(`node: cannot strip the types of ${path}`);
      source = this.stripTypes(source, path);
    }
    return source;
  }

  /** An ES module's text; QuickJS leaves import.meta empty with a custom loader, so it is given here (on line 1, keeping line numbers). */
  private moduleSourceOf(path: string): string {
    const source = this.sourceOf(path);
    if (!/\bimport\.meta\b/.test(source)) return source;
    const meta = { url: `file://${encodeURI(path)}`, filename: path, dirname: parentOf(path) };
    return `const __phasegateImportMeta = ${JSON.stringify(meta)};${source.replace(/\bimport\.meta\b/g, '__phasegateImportMeta')}`;
  }

  private normalizeModule(base: string, requested: string): JSModuleNormalizeResult {
    const builtin = this.request.extension?.modules.includes(requested) ? requested : builtinName(requested);
    if (builtin !== null) return `node:${builtin}`;
    const fromDir = base.startsWith('/') ? parentOf(base) : this.request.cwd;
    try {
      const found = resolveModule(this.request.fs, fromDir, requested, 'import');
      return found.kind === 'builtin' ? `node:${found.name}` : found.path;
    } catch {
      // QuickJS drops a normalizer's error; the loader reports it under this name instead.
      return `${MISSING_PREFIX}${JSON.stringify([requested, base])}`;
    }
  }

  private loadModule(name: string): JSModuleLoadResult {
    if (name.startsWith('node:')) return this.builtinModuleSource(name.slice(5));
    if (name.startsWith(MISSING_PREFIX)) {
      const [requested, base] = JSON.parse(name.slice(MISSING_PREFIX.length)) as [string, string];
      return { error: new Error(`Cannot find module '${requested}' imported from ${base}`) };
    }
    try {
      const format = resolveModule(this.request.fs, parentOf(name), name, 'import');
      if (format.kind !== 'file') return { error: new Error(`Cannot load ${name}`) };
      if (format.format === 'json') return `export default ${JSON.stringify(JSON.parse(this.request.fs.readText(name)))};`;
      if (format.format === 'cjs') {
        const names = cjsExportNames(this.request.fs.readText(name));
        const named = names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '';
        return `const m = globalThis.__phasegate.loadCjs(${JSON.stringify(name)});\nexport default m;\n${named}`;
      }
      return this.moduleSourceOf(name);
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  private builtinModuleSource(name: string): JSModuleLoadResult {
    if (!BUILTIN_MODULES.has(name) && !this.request.extension?.modules.includes(name)) {
      this.unsupportedModule = name;
      return { error: new Error(unsupportedModuleMessage(name)) };
    }
    let names = this.exportNamesCache.get(name);
    if (!names) {
      const result = this.context.callMethod(this.internals, 'exportNames', [this.context.newString(name)]);
      names = result.error ? [] : (this.context.dump(result.value) as string[]);
      (result.error ?? result.value).dispose();
      this.exportNamesCache.set(name, names);
    }
    const named = names.length > 0 ? `export const { ${names.join(', ')} } = m;` : '';
    return `const m = globalThis.__phasegate.builtin(${JSON.stringify(name)});\nexport default m;\n${named}`;
  }

  /** The functions the prelude reaches the host through; all synchronous. */
  private hostObject(): QuickJSHandle {
    const ctx = this.context;
    const fs = this.request.fs;
    const host = ctx.newObject();
    const define = (name: string, fn: VmFunctionImplementation<QuickJSHandle>) => {
      const handle = ctx.newFunction(name, fn);
      ctx.setProp(host, name, handle);
      handle.dispose();
    };
    const str = (handle: QuickJSHandle | undefined) => (handle === undefined ? '' : ctx.getString(handle));
    const bytes = (handle: QuickJSHandle | undefined): Uint8Array => {
      if (handle === undefined) return new Uint8Array();
      const lifetime = ctx.getArrayBuffer(handle);
      const copy = lifetime.value.slice();
      lifetime.dispose();
      return copy;
    };
    const arrayBuffer = (data: Uint8Array) => ctx.newArrayBuffer(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
    define('write', (fd, text) => {
      if (ctx.getNumber(fd!) === 2) this.stderr += str(text);
      else this.stdout += str(text);
      return undefined;
    });
    define('now', () => ctx.newNumber(hostNow()));
    define('cwd', () => ctx.newString(this.request.cwd));
    define('argv', () => ctx.newString(JSON.stringify(this.request.argv)));
    define('env', () => ctx.newString(JSON.stringify(this.request.env)));
    define('stdin', () => ctx.newString(this.request.stdin));
    define('exit', (code) => {
      this.exitCode ??= ctx.getNumber(code!);
      return undefined;
    });
    define('encode', (text) => arrayBuffer(new TextEncoder().encode(str(text))));
    define('decode', (buffer) => ctx.newString(new TextDecoder().decode(bytes(buffer))));
    define('readFile', (path) => arrayBuffer(fs.readFile(str(path))));
    define('writeFile', (path, data, append) => {
      const target = str(path);
      let content = bytes(data);
      if (append !== undefined && ctx.dump(append) === true && fs.stat(target)?.type === 'file') {
        const before = fs.readFile(target);
        const joined = new Uint8Array(before.byteLength + content.byteLength);
        joined.set(before);
        joined.set(content, before.byteLength);
        content = joined;
      }
      fs.writeFile(target, content);
      return undefined;
    });
    define('stat', (path) => {
      const stat = fs.stat(str(path));
      if (!stat) return ctx.null;
      return ctx.newString(JSON.stringify({ ...stat, mtimeMs: Date.now() })).consume((json) => {
        const parsed = ctx.getProp(ctx.global, 'JSON');
        const result = ctx.unwrapResult(ctx.callMethod(parsed, 'parse', [json]));
        parsed.dispose();
        return result;
      });
    });
    define('testCounts', (json) => {
      const report = this.request.onTestCounts;
      if (!report) return ctx.false;
      report(JSON.parse(str(json)) as TestCounts);
      return ctx.true;
    });
    define('readdir', (path) => ctx.newString(JSON.stringify(fs.readdir(str(path)))));
    define('mkdir', (path, recursive) => {
      fs.mkdir(str(path), ctx.dump(recursive!) === true);
      return undefined;
    });
    define('remove', (path, kind, recursive) => {
      const how = str(kind);
      fs.remove(str(path), how === 'unlink' || how === 'rmdir' ? how : 'rm', ctx.dump(recursive!) === true);
      return undefined;
    });
    define('resolve', (fromDir, request, mode) => {
      const name = str(request);
      if (this.request.extension?.modules.includes(name)) return ctx.newString(JSON.stringify({ kind: 'builtin', name }));
      return ctx.newString(JSON.stringify(resolveModule(fs, str(fromDir), name, str(mode) === 'import' ? 'import' : 'require')));
    });
    define('compile', (path) => {
      const filename = str(path);
      const source = this.sourceOf(filename);
      // One line for the wrapper's head, so the file's line numbers stay as they are.
      const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
      // A syntax error comes back as the guest's own SyntaxError.
      return ctx.evalCode(wrapped, filename, { type: 'global' });
    });
    return host;
  }
}
