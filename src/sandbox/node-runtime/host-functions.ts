import type { QuickJSContext, QuickJSHandle, VmFunctionImplementation } from 'quickjs-emscripten-core';
import { hostNow } from './host-clock';
import { randomBytes, randomUUID } from './host-random';
import { parseUrl, setUrlPart } from './host-url';
import type { NodeRunRequest, TestCounts } from './node-run-types';
import { resolveModule } from './resolve-module';

/** What the host functions reach in the run that owns them. */
export interface HostFunctionsDeps {
  request: NodeRunRequest;
  /** process.stdout/stderr's text (fd 1 or 2). */
  write(fd: number, text: string): void;
  /** process.exit: the first code wins. */
  exit(code: number): void;
  /** A CommonJS file's text ready to run (see ModuleLoader.sourceOf). */
  sourceOf(path: string): string;
}

/** The `host` object the prelude (guest-prelude.ts) reaches the app through; every function is synchronous. */
export function createHostObject(ctx: QuickJSContext, deps: HostFunctionsDeps): QuickJSHandle {
  const { request } = deps;
  const fs = request.fs;
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
  const json = (value: unknown) =>
    ctx.newString(JSON.stringify(value)).consume((text) => {
      const parser = ctx.getProp(ctx.global, 'JSON');
      const result = ctx.unwrapResult(ctx.callMethod(parser, 'parse', [text]));
      parser.dispose();
      return result;
    });

  // The process.
  define('write', (fd, text) => {
    deps.write(ctx.getNumber(fd!), str(text));
    return undefined;
  });
  define('now', () => ctx.newNumber(hostNow()));
  define('cwd', () => ctx.newString(request.cwd));
  define('argv', () => ctx.newString(JSON.stringify(request.argv)));
  define('env', () => ctx.newString(JSON.stringify(request.env)));
  define('stdin', () => ctx.newString(request.stdin));
  define('exit', (code) => {
    deps.exit(ctx.getNumber(code!));
    return undefined;
  });
  define('testCounts', (counts) => {
    const report = request.onTestCounts;
    if (!report) return ctx.false;
    report(JSON.parse(str(counts)) as TestCounts);
    return ctx.true;
  });

  // Text, URLs and randomness, from the host's own implementations.
  define('encode', (text) => arrayBuffer(new TextEncoder().encode(str(text))));
  define('decode', (buffer) => ctx.newString(new TextDecoder().decode(bytes(buffer))));
  define('parseUrl', (input, base) => {
    const parsed = parseUrl(str(input), base === undefined || ctx.typeof(base) !== 'string' ? undefined : str(base));
    return parsed === null ? ctx.null : ctx.newString(JSON.stringify(parsed));
  });
  define('setUrlPart', (href, part, value) => {
    const changed = setUrlPart(str(href), str(part), str(value));
    return changed === null ? ctx.null : ctx.newString(JSON.stringify(changed));
  });
  define('randomBytes', (size) => arrayBuffer(randomBytes(ctx.getNumber(size!))));
  define('randomUUID', () => ctx.newString(randomUUID()));

  // The file system (the run's overlay of the sandbox's files).
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
    return stat ? json({ ...stat, mtimeMs: Date.now() }) : ctx.null;
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

  // CommonJS modules.
  define('resolve', (fromDir, requested, mode) => {
    const name = str(requested);
    if (request.extension?.modules.includes(name)) return ctx.newString(JSON.stringify({ kind: 'builtin', name }));
    return ctx.newString(JSON.stringify(resolveModule(fs, str(fromDir), name, str(mode) === 'import' ? 'import' : 'require')));
  });
  define('compile', (path) => {
    const filename = str(path);
    const source = deps.sourceOf(filename);
    // One line for the wrapper's head, so the file's line numbers stay as they are.
    const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
    // A syntax error comes back as the guest's own SyntaxError.
    return ctx.evalCode(wrapped, filename, { type: 'global' });
  });
  return host;
}
