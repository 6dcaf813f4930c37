import * as Comlink from 'comlink';
import { z } from 'zod';
import type { SandboxInfo } from '../protocol/events';
import { OutsideEntriesSchema } from './outside-entry';
import type { DirEntry, ExecOptions, ExecResult, OutputChunk, OutsideEntry, OutsideReach, PreviewSignal, PreviewSource, Sandbox } from './port';
import {
  DescriptionSchema,
  DirEntriesSchema,
  ExecResultSchema,
  fromReply,
  type HostExecOptions,
  type HostReply,
  PreviewSignalSchema,
  StatSchema,
  toReply,
} from './remote-protocol';
import { interruptionExitCode, interruptionNotice } from './shell-state';

export type { HostExecOptions, HostReply } from './remote-protocol';

/**
 * A sandbox as the page offers it to the engine worker over comlink: plain
 * data, promises, and a proxied callback for output. WebContainer can only
 * boot on the page, so the worker reaches it through this.
 */
export interface SandboxHost {
  describe(): Promise<{ info: SandboxInfo; workdir: string; readsOutside: boolean; servesPreviews: boolean }>;
  readFile(path: string): Promise<HostReply<string>>;
  writeFile(path: string, content: string): Promise<HostReply<null>>;
  exists(path: string): Promise<HostReply<boolean>>;
  stat(path: string): Promise<HostReply<{ type: 'file' | 'dir'; size: number } | null>>;
  listDir(path: string): Promise<HostReply<DirEntry[]>>;
  realpath(path: string): Promise<HostReply<string>>;
  mkdir(path: string, options: { recursive?: boolean }): Promise<HostReply<null>>;
  remove(path: string, options: { recursive?: boolean }): Promise<HostReply<null>>;
  /** `onOutput` is a comlink proxy (or null); the reply comes after every chunk was delivered. */
  exec(
    execId: string,
    command: string,
    options: HostExecOptions,
    onOutput: ((chunk: OutputChunk) => void | Promise<void>) | null,
  ): Promise<HostReply<ExecResult>>;
  /** Aborts the exec with this id, if it is still running. */
  abort(execId: string): Promise<void>;
  cwd(): Promise<string>;
  resetShellState(): Promise<HostReply<null>>;
  /** The sandbox's `outside`; an error reply when it has none. */
  captureOutside(): Promise<HostReply<OutsideEntry[]>>;
  putBackOutside(remove: string[], restore: OutsideEntry[]): Promise<HostReply<string[]>>;
  /** The sandbox's `previews`: each signal goes to `listener` (a comlink proxy) until `unwatchPreviews(watchId)`; an error reply when it has none. */
  watchPreviews(watchId: string, listener: (signal: PreviewSignal) => void | Promise<void>): Promise<HostReply<null>>;
  unwatchPreviews(watchId: string): Promise<void>;
  /** Disposes the sandbox itself; the page decides when (it owns the sandbox). */
  dispose(): Promise<void>;
}

/** Page side: wraps a sandbox as a host (pass it through `Comlink.proxy` or `Comlink.expose`). */
export function exposeSandbox(sandbox: Sandbox): SandboxHost {
  const running = new Map<string, AbortController>();
  const watches = new Map<string, () => void>();
  const unwatch = (watchId: string) => {
    watches.get(watchId)?.();
    watches.delete(watchId);
  };
  return {
    describe: async () => ({
      info: sandbox.info,
      workdir: sandbox.workdir,
      readsOutside: sandbox.outside !== undefined,
      servesPreviews: sandbox.previews !== undefined,
    }),
    readFile: (path) => toReply(() => sandbox.readFile(path)),
    writeFile: (path, content) => toReply(async () => (await sandbox.writeFile(path, content), null)),
    exists: (path) => toReply(() => sandbox.exists(path)),
    stat: (path) => toReply(() => sandbox.stat(path)),
    listDir: (path) => toReply(() => sandbox.listDir(path)),
    realpath: (path) => toReply(() => sandbox.realpath(path)),
    resetShellState: () => toReply(async () => (await sandbox.resetShellState(), null)),
    captureOutside: () => toReply(() => reachOf(sandbox).capture()),
    putBackOutside: (remove, restore) => toReply(() => reachOf(sandbox).putBack(remove, restore)),
    watchPreviews: (watchId, listener) =>
      toReply(async () => {
        if (!sandbox.previews) throw new Error('this sandbox serves no previews');
        unwatch(watchId);
        const stop = sandbox.previews.watch((signal) => void Promise.resolve(listener(signal)).catch(() => undefined));
        watches.set(watchId, () => {
          stop();
          releaseIfProxy(listener);
        });
        return null;
      }),
    unwatchPreviews: async (watchId) => unwatch(watchId),
    mkdir: (path, options) => toReply(async () => (await sandbox.mkdir(path, options), null)),
    remove: (path, options) => toReply(async () => (await sandbox.remove(path, options), null)),
    exec(execId, command, options, onOutput) {
      // Registered before any await, so an abort sent right after the call finds it.
      const controller = new AbortController();
      running.set(execId, controller);
      const deliveries: Promise<unknown>[] = [];
      return toReply(async () => {
        try {
          return await sandbox.exec(command, {
            ...options,
            signal: controller.signal,
            onOutput: onOutput ? (chunk) => deliveries.push(Promise.resolve(onOutput(chunk)).catch(() => undefined)) : undefined,
          });
        } finally {
          running.delete(execId);
          // Chunks travel on the callback's own channel: wait for them so none arrives after the result.
          await Promise.all(deliveries);
          releaseIfProxy(onOutput);
        }
      });
    },
    abort: async (execId) => running.get(execId)?.abort(),
    cwd: () => sandbox.cwd(),
    async dispose() {
      for (const controller of running.values()) controller.abort();
      for (const watchId of [...watches.keys()]) unwatch(watchId);
      await sandbox.dispose();
    },
  };
}

function reachOf(sandbox: Sandbox): OutsideReach {
  if (!sandbox.outside) throw new Error('this sandbox cannot read outside its workspace');
  return sandbox.outside;
}

function releaseIfProxy(callback: unknown): void {
  if (typeof callback !== 'function') return;
  const release = (callback as Partial<Record<typeof Comlink.releaseProxy, unknown>>)[Comlink.releaseProxy];
  if (typeof release === 'function') release.call(callback);
}

let connections = 0;

/**
 * Worker side: a Sandbox that forwards every call to a host on the page.
 * An AbortSignal becomes `host.abort(execId)`; output arrives through a
 * comlink-proxied callback; coded errors come back as SandboxError.
 */
export class RemoteSandbox implements Sandbox {
  private readonly idPrefix = `exec-${++connections}-${Date.now().toString(36)}`;
  private nextExec = 0;
  private readonly inFlight = new Set<string>();
  /** Offered when the page's sandbox offers it; the entries are checked as they arrive. */
  readonly outside?: OutsideReach;
  /** Offered when the page's sandbox serves previews; each signal is checked as it arrives. */
  readonly previews?: PreviewSource;
  private nextWatch = 0;
  private readonly watching = new Set<string>();

  private constructor(
    private readonly host: SandboxHost,
    readonly info: SandboxInfo,
    readonly workdir: string,
    readsOutside: boolean,
    servesPreviews: boolean,
  ) {
    if (servesPreviews) this.previews = { watch: (listener) => this.watchPreviews(listener) };
    if (readsOutside) {
      this.outside = {
        capture: async () => fromReply(await host.captureOutside(), OutsideEntriesSchema, 'captureOutside'),
        putBack: async (remove, restore) => fromReply(await host.putBackOutside([...remove], [...restore]), z.array(z.string()), 'putBackOutside'),
      };
    }
  }

  static async connect(host: SandboxHost): Promise<RemoteSandbox> {
    const description = DescriptionSchema.safeParse(await host.describe());
    if (!description.success) {
      throw new Error(`sandbox host described itself wrongly: ${z.prettifyError(description.error)}`);
    }
    const { info, workdir, readsOutside, servesPreviews } = description.data;
    return new RemoteSandbox(host, info, workdir, readsOutside === true, servesPreviews === true);
  }

  private watchPreviews(listener: (signal: PreviewSignal) => void): () => void {
    const watchId = `${this.idPrefix}-watch-${++this.nextWatch}`;
    const deliver = Comlink.proxy((signal: unknown) => {
      const parsed = PreviewSignalSchema.safeParse(signal);
      if (parsed.success && this.watching.has(watchId)) listener(parsed.data);
    });
    this.watching.add(watchId);
    void this.host.watchPreviews(watchId, deliver).catch(() => undefined);
    return () => {
      if (!this.watching.delete(watchId)) return;
      void this.host.unwatchPreviews(watchId).catch(() => undefined);
    };
  }

  async readFile(path: string): Promise<string> {
    return fromReply(await this.host.readFile(path), z.string(), 'readFile');
  }

  async writeFile(path: string, content: string): Promise<void> {
    fromReply(await this.host.writeFile(path, content), z.null(), 'writeFile');
  }

  async exists(path: string): Promise<boolean> {
    return fromReply(await this.host.exists(path), z.boolean(), 'exists');
  }

  async stat(path: string): Promise<{ type: 'file' | 'dir'; size: number } | null> {
    return fromReply(await this.host.stat(path), StatSchema, 'stat');
  }

  async listDir(path: string): Promise<DirEntry[]> {
    return fromReply(await this.host.listDir(path), DirEntriesSchema, 'listDir');
  }

  async realpath(path: string): Promise<string> {
    return fromReply(await this.host.realpath(path), z.string(), 'realpath');
  }

  async resetShellState(): Promise<void> {
    fromReply(await this.host.resetShellState(), z.null(), 'resetShellState');
  }

  async mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    fromReply(await this.host.mkdir(path, { recursive: options.recursive }), z.null(), 'mkdir');
  }

  async remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    fromReply(await this.host.remove(path, { recursive: options.recursive }), z.null(), 'remove');
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    // A quick command can finish on the page before an abort message gets there: do not start it at all.
    if (options.signal?.aborted) {
      const notice = interruptionNotice('abort', undefined);
      options.onOutput?.({ stream: 'stderr', data: notice });
      return {
        exitCode: interruptionExitCode('abort'),
        stdout: '',
        stderr: notice,
        timedOut: false,
        aborted: true,
        durationMs: 0,
        cwd: await this.cwd(),
      };
    }
    const execId = `${this.idPrefix}-${++this.nextExec}`;
    const { onOutput, signal } = options;
    const hostOptions: HostExecOptions = {};
    if (options.cwd !== undefined) hostOptions.cwd = options.cwd;
    if (options.env !== undefined) hostOptions.env = options.env;
    if (options.timeoutMs !== undefined) hostOptions.timeoutMs = options.timeoutMs;
    const callback = onOutput ? Comlink.proxy((chunk: OutputChunk) => onOutput(chunk)) : null;
    const onAbort = () => void this.host.abort(execId).catch(() => undefined);
    this.inFlight.add(execId);
    const reply = this.host.exec(execId, command, hostOptions, callback);
    // Sent after the exec call, so the host has registered the id by then.
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return fromReply(await reply, ExecResultSchema, 'exec');
    } finally {
      this.inFlight.delete(execId);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async cwd(): Promise<string> {
    return z.string().parse(await this.host.cwd());
  }

  /**
   * Stops this worker's running commands and preview watches. The sandbox itself belongs to the
   * page, which may hand it to the worker again, so it is not torn down here.
   */
  async dispose(): Promise<void> {
    const watches = [...this.watching];
    this.watching.clear();
    await Promise.all([
      ...[...this.inFlight].map((execId) => this.host.abort(execId).catch(() => undefined)),
      ...watches.map((watchId) => this.host.unwatchPreviews(watchId).catch(() => undefined)),
    ]);
  }
}
