import { concatBytes } from '../../protocol/bytes';
import { ChangeTracker } from './change-tracker';
import { equipInterpreter } from './interpreter-setup';
import { isPythonCache, type PythonRunReply, type PythonRunRequest } from './python-protocol';

/** The part of Emscripten's FS a run uses (Pyodide's `pyodide.FS`). */
export interface PyodideFs {
  lstat(path: string): { mode: number; size: number; mtime: Date };
  readdir(path: string): string[];
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array): void;
  mkdirTree(path: string): void;
  unlink(path: string): void;
  rmdir(path: string): void;
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
}

interface PyCallable {
  (...args: unknown[]): unknown;
}

/** The part of Pyodide's API a run uses. */
export interface PyodideLike {
  FS: PyodideFs;
  version: string;
  runPython(code: string, options?: { filename?: string }): unknown;
  globals: { get(name: string): unknown };
  setStdout(options: { write(buffer: Uint8Array): number }): void;
  setStderr(options: { write(buffer: Uint8Array): number }): void;
  setInterruptBuffer(buffer: Int32Array): void;
}

const SIGINT = 2;

/** The request says a file is unchanged that this copy does not have: the host must send everything again. */
export class OutOfStepError extends Error {
  constructor(path: string) {
    super(`Python's copy of the workspace is out of step (${path})`);
  }
}

interface Tree {
  files: Map<string, { mtimeMs: number; size: number }>;
  dirs: Set<string>;
}

/**
 * Runs `python3` requests in one loaded interpreter, inside the thread that holds it. Before a
 * run the interpreter's copy of the workspace is brought in step with the request; after it,
 * what the run changed there is read back (bytecode caches left out) and returned.
 */
export class PythonEngine {
  private readonly tracker = new ChangeTracker();
  private readonly run: PyCallable;
  private stdout: Uint8Array[] = [];
  private stderr: Uint8Array[] = [];
  /** The mirror (sandbox) whose files this copy holds, once a sync went through. */
  private syncedWith: number | null = null;

  constructor(
    private readonly pyodide: PyodideLike,
    private readonly interrupt: Int32Array | null,
  ) {
    const collect = (sink: () => Uint8Array[]) => ({
      write: (buffer: Uint8Array) => {
        sink().push(buffer.slice());
        return buffer.length;
      },
    });
    pyodide.setStdout(collect(() => this.stdout));
    pyodide.setStderr(collect(() => this.stderr));
    if (interrupt) pyodide.setInterruptBuffer(interrupt);
    equipInterpreter(pyodide);
    pyodide.runPython('_phasegate_start()');
    const run = pyodide.globals.get('_phasegate_run');
    if (typeof run !== 'function') throw new Error('the Python driver did not load');
    this.run = run as PyCallable;
  }

  get version(): string {
    return this.pyodide.version;
  }

  /** Throws OutOfStepError (before running anything) when the request assumes files this copy lacks. */
  execute(request: PythonRunRequest): PythonRunReply {
    this.syncIn(request);
    this.stdout = [];
    this.stderr = [];
    if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
    const { mode, target, args, cwd, env } = request;
    let exitCode: number;
    try {
      const code = this.run(JSON.stringify({ mode, target, args, cwd, env }), request.stdin);
      exitCode = typeof code === 'number' ? code : 1;
    } catch (error) {
      this.stderr.push(new TextEncoder().encode(`python3: ${error instanceof Error ? error.message : String(error)}\n`));
      exitCode = 1;
    }
    if (this.interrupt && Atomics.load(this.interrupt, 0) === SIGINT) Atomics.store(this.interrupt, 0, 0);
    return { exitCode, stdout: concatBytes(this.stdout), stderr: concatBytes(this.stderr), ...this.syncOut(request.root) };
  }

  private walk(root: string): Tree {
    const tree: Tree = { files: new Map(), dirs: new Set() };
    const FS = this.pyodide.FS;
    const visit = (dir: string) => {
      for (const name of FS.readdir(dir)) {
        if (name === '.' || name === '..') continue;
        const path = `${dir}/${name}`;
        if (isPythonCache(path)) continue;
        const stat = FS.lstat(path);
        if (FS.isDir(stat.mode)) {
          tree.dirs.add(path);
          visit(path);
        } else if (FS.isFile(stat.mode)) tree.files.set(path, { mtimeMs: stat.mtime.getTime(), size: stat.size });
      }
    };
    try {
      visit(root);
    } catch {
      // No workspace yet: the tree is empty.
    }
    return tree;
  }

  /** Makes the interpreter's copy of the workspace what the request says. */
  private syncIn(request: PythonRunRequest): void {
    const FS = this.pyodide.FS;
    if (request.mirror !== this.syncedWith) {
      const current = request.files.find((file) => file.data === null);
      if (current) throw new OutOfStepError(current.path);
    }
    this.syncedWith = null;
    const wanted = new Map(request.files.map((file) => [file.path, file.data]));
    const dirs = new Set(request.dirs);
    const current = this.walk(request.root);
    for (const path of current.files.keys()) {
      if (!wanted.has(path)) {
        FS.unlink(path);
        this.tracker.forget(path);
      }
    }
    // Deepest first, so a folder is empty when it goes.
    for (const dir of [...current.dirs].sort((a, b) => b.length - a.length)) {
      if (!dirs.has(dir)) this.removeTree(dir);
    }
    FS.mkdirTree(request.root);
    for (const dir of request.dirs) FS.mkdirTree(dir);
    for (const [path, data] of wanted) {
      if (data === null) {
        if (current.files.has(path)) continue;
        throw new OutOfStepError(path);
      }
      const bytes = data;
      FS.mkdirTree(path.slice(0, path.lastIndexOf('/')) || '/');
      FS.writeFile(path, bytes);
      const stat = FS.lstat(path);
      this.tracker.record(path, stat.mtime.getTime(), stat.size, bytes);
    }
    this.syncedWith = request.mirror;
  }

  private removeTree(path: string): void {
    const FS = this.pyodide.FS;
    try {
      for (const name of FS.readdir(path)) {
        if (name === '.' || name === '..') continue;
        const child = `${path}/${name}`;
        if (FS.isDir(FS.lstat(child).mode)) this.removeTree(child);
        else {
          FS.unlink(child);
          this.tracker.forget(child);
        }
      }
      FS.rmdir(path);
    } catch {
      // Already gone.
    }
  }

  /** What the run changed under the workspace root. */
  private syncOut(root: string): Pick<PythonRunReply, 'writes' | 'dirs' | 'removed'> {
    const FS = this.pyodide.FS;
    const after = this.walk(root);
    const writes: PythonRunReply['writes'] = [];
    for (const [path, { mtimeMs, size }] of after.files) {
      const verdict = this.tracker.verdict(path, mtimeMs, size);
      if (verdict === 'unchanged') continue;
      const data = FS.readFile(path);
      if (verdict === 'compare' && this.tracker.sameBytes(path, mtimeMs, data)) continue;
      this.tracker.record(path, mtimeMs, size, data);
      writes.push({ path, data });
    }
    const removed = this.tracker.paths().filter((path) => !after.files.has(path));
    for (const path of removed) this.tracker.forget(path);
    return { writes, dirs: [...after.dirs], removed };
  }
}
