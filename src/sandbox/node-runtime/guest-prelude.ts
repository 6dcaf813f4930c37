import { GUEST_BUFFER } from './guest-buffer';
import { GUEST_BUILTINS } from './guest-builtins';
import { GUEST_INSPECT } from './guest-inspect';
import { GUEST_SYSTEM } from './guest-system';
import { GUEST_TEST } from './guest-test';
import { GUEST_URL } from './guest-url';

/**
 * Guest JavaScript (runs inside QuickJS): a function of the `host` object (run-node.ts) that sets
 * up Node's globals (console, process, timers, require) and returns the hooks the host drives the
 * program with. Written as plain JavaScript in strings: it is evaluated inside the sandbox, never
 * by the app.
 */
export const GUEST_PRELUDE =
  '(function (host) {\n' +
  GUEST_INSPECT +
  String.raw`
class ExitSignal { constructor(code) { this.code = code; } }
function nodeError(err) {
  if (!(err instanceof Error)) return err;
  const match = /^([A-Z][A-Z0-9_]+): /.exec(err.message || '');
  if (match && !err.code) err.code = match[1];
  return err;
}
function unsupported(what) {
  const err = new Error(what + ' is not available in the virtual sandbox (no processes, network or native code); the WebContainer sandbox has a real Node.js');
  err.code = 'ERR_PHASEGATE_UNSUPPORTED';
  err.phasegateUnsupported = true;
  return err;
}

` +
  GUEST_BUILTINS +
  GUEST_BUFFER +
  GUEST_URL +
  GUEST_SYSTEM +
  GUEST_TEST +
  String.raw`
let nextTimerId = 1;
const pendingTimers = new Map();
const timers = {
  setTimeout(fn, ms, ...args) { return addTimer(fn, ms, args, false); },
  setInterval(fn, ms, ...args) { return addTimer(fn, ms, args, true); },
  setImmediate(fn, ...args) { return addTimer(fn, 0, args, false); },
  clearTimeout(id) { pendingTimers.delete(typeof id === 'object' && id !== null ? id.id : id); },
};
timers.clearInterval = timers.clearTimeout;
timers.clearImmediate = timers.clearTimeout;
class Timeout {
  constructor(id) { this.id = id; }
  ref() { return this; }
  unref() { const t = pendingTimers.get(this.id); if (t) t.unref = true; return this; }
  hasRef() { return true; }
  [Symbol.toPrimitive]() { return this.id; }
}
function addTimer(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw nodeError(new TypeError('The "callback" argument must be of type function'));
  const id = nextTimerId++;
  const delay = Math.max(1, Number(ms) || 0);
  pendingTimers.set(id, { fn, args, delay, repeat, due: host.now() + delay, order: id, unref: false });
  return new Timeout(id);
}
function nextTimerDelay() {
  let next = -1;
  for (const t of pendingTimers.values()) if (!t.unref && (next === -1 || t.due < next)) next = t.due;
  return next === -1 ? -1 : Math.max(0, next - host.now());
}
function runDueTimers() {
  const now = host.now();
  const due = [...pendingTimers.entries()].filter(([, t]) => t.due <= now).sort((a, b) => a[1].due - b[1].due || a[1].order - b[1].order);
  for (const [id, t] of due) {
    if (!pendingTimers.has(id)) continue;
    if (t.repeat) t.due = host.now() + t.delay; else pendingTimers.delete(id);
    t.fn(...t.args);
    return true;
  }
  return false;
}

const stdoutStream = { write(chunk, encoding, cb) { host.write(1, typeof chunk === 'string' ? chunk : host.decode(toBytes(chunk))); if (typeof encoding === 'function') encoding(); if (typeof cb === 'function') cb(); return true; }, isTTY: false, columns: 80, fd: 1, on() { return this; }, once() { return this; }, end() {} };
const stderrStream = { write(chunk, encoding, cb) { host.write(2, typeof chunk === 'string' ? chunk : host.decode(toBytes(chunk))); if (typeof encoding === 'function') encoding(); if (typeof cb === 'function') cb(); return true; }, isTTY: false, columns: 80, fd: 2, on() { return this; }, once() { return this; }, end() {} };

// process.nextTick callbacks run before promise callbacks: the host drains them first (drainTicks).
const tickQueue = [];
function drainTicks() {
  while (tickQueue.length > 0) tickQueue.shift()();
}
const process = new EventEmitter();
let stdinStarted = false;
const stdin = new EventEmitter();
stdin.fd = 0;
stdin.isTTY = false;
stdin.setEncoding = () => stdin;
stdin.resume = () => { startStdin(); return stdin; };
stdin.pause = () => stdin;
stdin.read = () => null;
stdin[Symbol.asyncIterator] = async function* () { const text = host.stdin(); if (text) yield text; };
const stdinOn = stdin.on.bind(stdin);
stdin.on = (name, fn) => { stdinOn(name, fn); if (name === 'data' || name === 'end' || name === 'readable') startStdin(); return stdin; };
stdin.once = stdin.on;
stdin.addListener = stdin.on;
function startStdin() {
  if (stdinStarted) return;
  stdinStarted = true;
  timers.setTimeout(() => { const text = host.stdin(); if (text) stdin.emit('data', text); stdin.emit('end'); stdin.emit('close'); }, 0);
}
const startedAt = host.now();
Object.assign(process, {
  argv: JSON.parse(host.argv()),
  argv0: 'node',
  execArgv: [],
  execPath: '/usr/local/bin/node',
  env: JSON.parse(host.env()),
  platform: 'linux',
  arch: 'wasm32',
  pid: 42,
  ppid: 1,
  title: 'node',
  version: 'v22.0.0',
  versions: { node: '22.0.0', quickjs: 'quickjs-emscripten' },
  release: { name: 'node' },
  exitCode: undefined,
  stdout: stdoutStream,
  stderr: stderrStream,
  stdin,
  cwd: () => host.cwd(),
  chdir: () => { throw unsupported('process.chdir()'); },
  exit(code) {
    const value = code === undefined ? process.exitCode : code;
    host.exit(Number(value === undefined ? 0 : value) | 0);
    throw new ExitSignal(value);
  },
  abort() { host.exit(134); throw new ExitSignal(134); },
  nextTick(fn, ...args) { tickQueue.push(() => fn(...args)); if (tickQueue.length === 1) Promise.resolve().then(drainTicks); },
  hrtime: Object.assign((prev) => { const t = host.now(); const s = Math.floor(t / 1000); const ns = Math.floor((t % 1000) * 1e6); if (!prev) return [s, ns]; let ds = s - prev[0]; let dns = ns - prev[1]; if (dns < 0) { ds--; dns += 1e9; } return [ds, dns]; }, { bigint: () => BigInt(Math.floor(host.now() * 1e6)) }),
  uptime: () => (host.now() - startedAt) / 1000,
  memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
  emitWarning: (warning) => stderrStream.write('(node) Warning: ' + (warning && warning.message ? warning.message : warning) + '\n'),
  kill: () => { throw unsupported('process.kill()'); },
  dlopen: () => { throw unsupported('process.dlopen() (native addons)'); },
});

const counts = new Map();
const timersByLabel = new Map();
let groupIndent = '';
function writeLine(fd, args) { host.write(fd, (groupIndent ? format(...args).replace(/^/gm, groupIndent) : format(...args)) + '\n'); }
const console = {
  log: (...args) => writeLine(1, args),
  info: (...args) => writeLine(1, args),
  debug: (...args) => writeLine(1, args),
  error: (...args) => writeLine(2, args),
  warn: (...args) => writeLine(2, args),
  trace: (...args) => writeLine(2, ['Trace: ' + format(...args) + '\n' + (new Error().stack || '')]),
  dir: (value, options) => host.write(1, inspect(value, options) + '\n'),
  table: (data) => writeLine(1, [data]),
  assert: (value, ...args) => { if (!value) writeLine(2, ['Assertion failed' + (args.length ? ': ' + format(...args) : '')]); },
  count: (label = 'default') => { counts.set(label, (counts.get(label) || 0) + 1); writeLine(1, [label + ': ' + counts.get(label)]); },
  countReset: (label = 'default') => counts.delete(label),
  time: (label = 'default') => timersByLabel.set(label, host.now()),
  timeEnd: (label = 'default') => { const t = timersByLabel.get(label); timersByLabel.delete(label); if (t !== undefined) writeLine(1, [label + ': ' + (host.now() - t).toFixed(3) + 'ms']); },
  timeLog: (label = 'default', ...args) => { const t = timersByLabel.get(label); if (t !== undefined) writeLine(1, [label + ': ' + (host.now() - t).toFixed(3) + 'ms', ...args]); },
  group: (...args) => { if (args.length) writeLine(1, args); groupIndent += '  '; },
  groupEnd: () => { groupIndent = groupIndent.slice(2); },
};
console.groupCollapsed = console.group;

class TextEncoder { get encoding() { return 'utf-8'; } encode(s = '') { return new Uint8Array(host.encode(String(s))); } }
class TextDecoder { constructor(encoding = 'utf-8') { this.encoding = encoding; } decode(bytes) { if (bytes === undefined) return ''; return host.decode(bytes instanceof ArrayBuffer ? bytes : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)); } }
const performance = { now: () => host.now() - startedAt, timeOrigin: startedAt };

const builtins = {
  assert: assertModule,
  'assert/strict': assertModule.strict,
  buffer: bufferModule,
  crypto: cryptoModule,
  events: EventEmitter,
  fs,
  'fs/promises': fsPromises,
  os,
  path,
  'path/posix': path,
  process,
  timers,
  'timers/promises': timersPromises,
  test: testModule,
  url: urlModule,
  util,
};
const providedModules = new Map();
function builtin(name) {
  if (Object.prototype.hasOwnProperty.call(builtins, name)) return builtins[name];
  if (providedModules.has(name)) return providedModules.get(name);
  throw unsupported("The module 'node:" + name + "'");
}

/**
 * fetch() rejects, as Node's does offline; a program that leaves the rejection unhandled (Node
 * would crash on it) ends with the one line and exit code 1 instead of finishing quietly. Each
 * promise of the chain is watched: one that passes the rejection on without a handler is too.
 */
class RefusedFetch extends Promise {
  then(onFulfilled, onRejected) {
    this.handled = true;
    const next = super.then(onFulfilled, onRejected);
    if (typeof onRejected !== 'function') watchRefusal(next);
    return next;
  }
}
function watchRefusal(promise) {
  timers.setTimeout(() => {
    if (promise.handled) return;
    stderrStream.write('node: fetch() to the network is not available in the virtual sandbox (no network)\n');
    host.exit(1);
  }, 0);
}
function refusedFetch() {
  const refused = RefusedFetch.reject(unsupported('fetch() to the network'));
  watchRefusal(refused);
  return refused;
}

const moduleCache = Object.create(null);
function makeRequire(filename) {
  const dir = path.dirname(filename);
  function resolveRequest(request) {
    try { return JSON.parse(host.resolve(dir, String(request), 'require')); } catch (err) {
      const e = nodeError(err);
      e.code = 'MODULE_NOT_FOUND';
      throw e;
    }
  }
  function require(request) {
    const found = resolveRequest(request);
    return found.kind === 'builtin' ? builtin(found.name) : loadFile(found.path, found.format);
  }
  require.resolve = (request) => { const found = resolveRequest(request); return found.kind === 'builtin' ? found.name : found.path; };
  require.cache = moduleCache;
  require.main = mainModule;
  return require;
}
let mainModule;
function loadFile(filename, format) {
  const cached = moduleCache[filename];
  if (cached) return cached.exports;
  const module = { id: filename, filename, path: path.dirname(filename), exports: {}, loaded: false, children: [], paths: [] };
  module.require = makeRequire(filename);
  if (!mainModule) { mainModule = module; module.id = '.'; module.require.main = module; }
  moduleCache[filename] = module;
  try {
    if (filename.endsWith('.node')) throw unsupported("The native addon '" + filename + "'");
    if (format === 'json') module.exports = JSON.parse(host.decode(host.readFile(filename)));
    else if (format === 'esm') throw Object.assign(new Error('require() of the ES module ' + filename + ' is not supported in the virtual sandbox; use import'), { code: 'ERR_REQUIRE_ESM' });
    else host.compile(filename).call(module.exports, module.exports, module.require, module, filename, module.path);
  } catch (err) {
    delete moduleCache[filename];
    throw err;
  }
  module.loaded = true;
  return module.exports;
}

Object.assign(globalThis, {
  console,
  process,
  setTimeout: timers.setTimeout,
  setInterval: timers.setInterval,
  setImmediate: timers.setImmediate,
  clearTimeout: timers.clearTimeout,
  clearInterval: timers.clearInterval,
  clearImmediate: timers.clearImmediate,
  queueMicrotask: (fn) => { Promise.resolve().then(fn); },
  structuredClone: (v) => JSON.parse(JSON.stringify(v)),
  TextEncoder,
  TextDecoder,
  performance,
  global: globalThis,
  Buffer,
  URL,
  URLSearchParams,
  crypto: webcrypto,
  atob: bufferModule.atob,
  btoa: bufferModule.btoa,
  fetch: refusedFetch,
});

return {
  ExitSignal,
  builtin,
  provideModule(name, exports) { providedModules.set(name, exports); },
  exportNames(name) { const m = builtin(name); return Object.keys(m).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default'); },
  runMain(filename, format) { loadFile(filename, format); },
  loadCjs: (filename) => loadFile(filename, 'cjs'),
  evalScript(filename) {
    const require = makeRequire(filename);
    const module = { id: '[eval]', filename, exports: {}, loaded: false, children: [], paths: [], require };
    Object.assign(globalThis, { require, module, exports: module.exports, __filename: filename, __dirname: path.dirname(filename) });
  },
  print(value) { writeLine(1, [value]); },
  describeError(err) {
    if (err instanceof ExitSignal) return '';
    if (err && err.phasegateUnsupported) return 'node: ' + err.message;
    if (err instanceof Error) return errorText(err);
    return 'Uncaught ' + inspect(err);
  },
  isExit: (err) => err instanceof ExitSignal,
  exitCode: () => (process.exitCode === undefined ? 0 : Number(process.exitCode) | 0),
  emitExit(code) { process.emit('beforeExit', code); process.emit('exit', code); },
  nextTimerDelay,
  runDueTimers,
  drainTicks,
};
})`;
