import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { type EventLoopHost, runEventLoop } from './event-loop';
import { GUEST_PRELUDE } from './guest-prelude';
import { createHostObject } from './host-functions';
import { ModuleLoader, unsupportedModuleMessage } from './module-loader';
import type { GuestExtension, NodeRunRequest, NodeRunResult } from './node-run-types';
import { forgetQuickJS, loadQuickJS, NODE_MEMORY_LIMIT_BYTES } from './quickjs-loader';
import { isTypeScript, loadTypeStripper } from './strip-types';

export type { NodeEntry, NodeRunRequest, NodeRunResult, TestCounts } from './node-run-types';

const STACK_LIMIT_BYTES = 1024 * 1024;
/** A shared module whose memory grew past this is dropped after the run (see runNode). */
const KEPT_WASM_MEMORY_BYTES = 64 * 1024 * 1024;

/** Runs one program in a fresh QuickJS runtime (the compiled module is shared) and disposes it. */
export async function runNode(request: NodeRunRequest): Promise<NodeRunResult> {
  const needsTypes =
    (request.entry.kind === 'file' && isTypeScript(request.entry.path)) || request.fs.filePaths().some((p) => isTypeScript(p) && !p.includes('/node_modules/'));
  const [quickjs, stripTypes] = await Promise.all([loadQuickJS(), needsTypes ? loadTypeStripper() : null]);
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

/**
 * One program in one QuickJS context: the prelude's hooks (`internals`), the interrupt handler
 * (Stop, the time limit, process.exit), the entry (file, ES module or -e code), the event loop,
 * and how it ended (output, exit code, the uncaught error's one report).
 */
class NodeRun {
  private readonly context: QuickJSContext;
  private readonly internals: QuickJSHandle;
  private readonly modules: ModuleLoader;
  private stdout = '';
  private stderr = '';
  private exitCode: number | null = null;
  private interrupted = false;
  private unsupportedModule: string | null = null;

  constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly request: NodeRunRequest,
    stripTypes: ((source: string, path: string) => string) | null,
    private readonly memoryFull: () => boolean,
  ) {
    this.modules = new ModuleLoader({
      fs: request.fs,
      cwd: request.cwd,
      stripTypes,
      extensionModules: request.extension?.modules ?? [],
      builtinExportNames: (name) => this.builtinExportNames(name),
      onUnsupported: (name) => {
        this.unsupportedModule = name;
      },
    });
    runtime.setMaxStackSize(STACK_LIMIT_BYTES);
    runtime.setInterruptHandler(() => {
      if (this.exitCode !== null) return true;
      if (!request.stopped()) return false;
      this.interrupted = true;
      return true;
    });
    runtime.setModuleLoader(
      (name) => this.modules.load(name),
      (base, requested) => this.modules.normalize(base, requested),
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
    const host = createHostObject(this.context, {
      request: this.request,
      write: (fd, text) => {
        if (fd === 2) this.stderr += text;
        else this.stdout += text;
      },
      exit: (code) => {
        this.exitCode ??= code;
      },
      sourceOf: (path) => this.modules.sourceOf(path),
    });
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
      const result = this.context.evalCode(this.modules.moduleSourceOf(entry.path), entry.path, { type: 'module' });
      if (result.error) this.uncaught(result.error);
      else mainPromise = result.value;
    } else {
      this.callInternal('runMain', [this.context.newString(entry.path), this.context.newString(entry.format)]);
    }
    await runEventLoop(
      this.loopHost(() => {
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
      }),
    );
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

  /** The event loop's view of this program: the prelude's queues and the runtime's promise jobs. */
  private loopHost(checkMain: () => void): EventLoopHost {
    const isFinished = () => this.finished;
    return {
      get finished() {
        return isFinished();
      },
      drainTicks: () => this.callInternal('drainTicks', []),
      runPromiseJobs: () => {
        const jobs = this.runtime.executePendingJobs();
        if (!jobs.error) return true;
        this.uncaught(jobs.error);
        return false;
      },
      hasPendingJob: () => this.runtime.hasPendingJob(),
      nextTimerDelay: () => this.numberInternal('nextTimerDelay'),
      runDueTimers: () => this.callInternal('runDueTimers', []),
      checkMain,
      stopped: () => this.request.stopped(),
      interrupt: () => {
        this.interrupted = true;
      },
    };
  }

  /** The names a built-in module exports, from the prelude. */
  private builtinExportNames(name: string): string[] {
    const result = this.context.callMethod(this.internals, 'exportNames', [this.context.newString(name)]);
    const names = result.error ? [] : (this.context.dump(result.value) as string[]);
    (result.error ?? result.value).dispose();
    return names;
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
}
