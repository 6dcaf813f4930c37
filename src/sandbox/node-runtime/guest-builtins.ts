/**
 * Guest JavaScript (runs inside QuickJS): the built-in modules `path`, `events`, `assert`, `util`,
 * `fs`, `fs/promises` and `timers/promises`, over the `host` functions (see run-node.ts). Needs
 * `inspect`, `format` (guest-inspect.ts) and `timers`, `nodeError` (guest-prelude.ts) in scope.
 */
export const GUEST_BUILTINS = String.raw`
function normalizeParts(parts, absolute) {
  const out = [];
  for (const part of parts) {
    if (!part || part === '.') continue;
    if (part === '..') { if (out.length && out[out.length - 1] !== '..') out.pop(); else if (!absolute) out.push('..'); }
    else out.push(part);
  }
  return out;
}
const path = {
  sep: '/',
  delimiter: ':',
  normalize(p) {
    if (p === '') return '.';
    const absolute = p.startsWith('/');
    const trailing = p.endsWith('/');
    let out = normalizeParts(p.split('/'), absolute).join('/');
    if (!out && !absolute) out = '.';
    if (out && trailing) out += '/';
    return (absolute ? '/' : '') + out;
  },
  join(...parts) { const joined = parts.filter((p) => p !== '').join('/'); return joined ? path.normalize(joined) : '.'; },
  resolve(...parts) {
    let resolved = '';
    for (let i = parts.length - 1; i >= -1 && !resolved.startsWith('/'); i--) {
      const part = i >= 0 ? parts[i] : host.cwd();
      if (part) resolved = resolved ? part + '/' + resolved : part;
    }
    const out = '/' + normalizeParts(resolved.split('/'), true).join('/');
    return out;
  },
  isAbsolute(p) { return p.startsWith('/'); },
  dirname(p) {
    if (!p) return '.';
    const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
    const cut = trimmed.lastIndexOf('/');
    if (cut === -1) return '.';
    return cut === 0 ? '/' : trimmed.slice(0, cut);
  },
  basename(p, ext) {
    const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
    let base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
    if (ext && base.endsWith(ext) && base !== ext) base = base.slice(0, -ext.length);
    return base;
  },
  extname(p) {
    const base = path.basename(p);
    const dot = base.lastIndexOf('.');
    return dot <= 0 ? '' : base.slice(dot);
  },
  relative(from, to) {
    const a = path.resolve(from).split('/').filter(Boolean);
    const b = path.resolve(to).split('/').filter(Boolean);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return a.slice(i).map(() => '..').concat(b.slice(i)).join('/');
  },
  parse(p) {
    const root = p.startsWith('/') ? '/' : '';
    const base = path.basename(p);
    const ext = path.extname(p);
    const dir = p.includes('/') ? path.dirname(p) : '';
    return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
  },
  format(o) { const dir = o.dir || o.root || ''; const base = o.base || (o.name || '') + (o.ext || ''); return dir ? (dir.endsWith('/') ? dir + base : dir + '/' + base) : base; },
  toNamespacedPath(p) { return p; },
};
path.posix = path;

class EventEmitter {
  constructor() { this._events = new Map(); this._maxListeners = 10; }
  _list(name) { if (!this._events) this._events = new Map(); if (!this._events.has(name)) this._events.set(name, []); return this._events.get(name); }
  on(name, fn) { this._list(name).push({ fn, once: false }); return this; }
  addListener(name, fn) { return this.on(name, fn); }
  prependListener(name, fn) { this._list(name).unshift({ fn, once: false }); return this; }
  once(name, fn) { this._list(name).push({ fn, once: true }); return this; }
  off(name, fn) { const list = this._list(name); const i = list.findIndex((l) => l.fn === fn); if (i !== -1) list.splice(i, 1); return this; }
  removeListener(name, fn) { return this.off(name, fn); }
  removeAllListeners(name) { if (name === undefined) this._events = new Map(); else this._list(name).length = 0; return this; }
  emit(name, ...args) {
    const list = this._list(name).slice();
    if (list.length === 0) {
      if (name === 'error') throw args[0] instanceof Error ? args[0] : new Error('Unhandled error. (' + inspect(args[0]) + ')');
      return false;
    }
    for (const l of list) { if (l.once) this.off(name, l.fn); l.fn.apply(this, args); }
    return true;
  }
  listenerCount(name) { return this._list(name).length; }
  listeners(name) { return this._list(name).map((l) => l.fn); }
  eventNames() { return [...(this._events || new Map()).keys()].filter((n) => this._list(n).length > 0); }
  setMaxListeners(n) { this._maxListeners = n; return this; }
  getMaxListeners() { return this._maxListeners; }
}
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.defaultMaxListeners = 10;
EventEmitter.once = (emitter, name) => new Promise((resolve) => emitter.once(name, (...args) => resolve(args)));

class AssertionError extends Error {
  constructor(options) {
    super(options.message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
    this.generatedMessage = !options.userMessage;
  }
}
function fail(actual, expected, message, operator, fallback) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message: message === undefined ? fallback() : message, actual, expected, operator, userMessage: message !== undefined });
}
function isDeepEqual(a, b, strict, seen) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  if (a instanceof Error && b instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  for (const [x, y] of seen) if (x === a && y === b) return true;
  seen = seen.concat([[a, b]]);
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !isDeepEqual(v, b.get(k), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    for (const v of a) if (!b.has(v) && ![...b].some((w) => isDeepEqual(v, w, strict, seen))) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !isDeepEqual(a[k], b[k], strict, seen)) return false;
  return true;
}
function diffMessage(head, actual, expected) {
  const a = inspect(actual).split('\n').map((l) => '+ ' + l).join('\n');
  const e = inspect(expected).split('\n').map((l) => '- ' + l).join('\n');
  return head + '\n+ actual - expected\n\n' + a + '\n' + e + '\n';
}
function matchesError(err, expected) {
  if (expected === undefined) return true;
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && err instanceof expected) return true;
    if (Error.isPrototypeOf(expected) || expected === Error) return false;
    return expected.call({}, err) === true;
  }
  if (expected instanceof RegExp) return expected.test(String(err && err.message !== undefined ? err.message : err)) || expected.test(String(err));
  if (typeof expected === 'object') return Object.keys(expected).every((k) => expected[k] instanceof RegExp && typeof err[k] === 'string' ? expected[k].test(err[k]) : isDeepEqual(err[k], expected[k], true, []));
  return false;
}
function makeAssert(strictMode) {
  const assert = (value, message) => assert.ok(value, message);
  assert.AssertionError = AssertionError;
  assert.ok = (value, message) => { if (!value) fail(value, true, message, '==', () => 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(value) + ')\n'); };
  assert.fail = (message) => fail(undefined, undefined, message === undefined ? 'Failed' : message, 'fail', () => 'Failed');
  assert.strictEqual = (a, b, message) => { if (!Object.is(a, b)) fail(a, b, message, 'strictEqual', () => diffMessage('Expected values to be strictly equal:', a, b)); };
  assert.notStrictEqual = (a, b, message) => { if (Object.is(a, b)) fail(a, b, message, 'notStrictEqual', () => 'Expected "actual" to be strictly unequal to: ' + inspect(b)); };
  assert.deepStrictEqual = (a, b, message) => { if (!isDeepEqual(a, b, true, [])) fail(a, b, message, 'deepStrictEqual', () => diffMessage('Expected values to be strictly deep-equal:', a, b)); };
  assert.notDeepStrictEqual = (a, b, message) => { if (isDeepEqual(a, b, true, [])) fail(a, b, message, 'notDeepStrictEqual', () => 'Expected "actual" not to be strictly deep-equal to: ' + inspect(b)); };
  assert.equal = strictMode ? assert.strictEqual : (a, b, message) => { if (!(a == b || (a !== a && b !== b))) fail(a, b, message, '==', () => inspect(a) + ' == ' + inspect(b)); };
  assert.notEqual = strictMode ? assert.notStrictEqual : (a, b, message) => { if (a == b) fail(a, b, message, '!=', () => inspect(a) + ' != ' + inspect(b)); };
  assert.deepEqual = strictMode ? assert.deepStrictEqual : (a, b, message) => { if (!isDeepEqual(a, b, false, [])) fail(a, b, message, 'deepEqual', () => diffMessage('Expected values to be loosely deep-equal:', a, b)); };
  assert.notDeepEqual = strictMode ? assert.notDeepStrictEqual : (a, b, message) => { if (isDeepEqual(a, b, false, [])) fail(a, b, message, 'notDeepEqual', () => 'Expected "actual" not to be loosely deep-equal to: ' + inspect(b)); };
  assert.throws = (fn, expected, message) => {
    if (typeof expected === 'string') { message = expected; expected = undefined; }
    try { fn(); } catch (err) {
      if (!matchesError(err, expected)) throw err;
      return;
    }
    fail(undefined, expected, message, 'throws', () => 'Missing expected exception.');
  };
  assert.doesNotThrow = (fn, message) => { try { fn(); } catch (err) { fail(err, undefined, typeof message === 'string' ? message : undefined, 'doesNotThrow', () => 'Got unwanted exception.\nActual message: "' + (err && err.message) + '"'); } };
  assert.rejects = async (promiseOrFn, expected, message) => {
    if (typeof expected === 'string') { message = expected; expected = undefined; }
    try { await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn); } catch (err) {
      if (!matchesError(err, expected)) throw err;
      return;
    }
    fail(undefined, expected, message, 'rejects', () => 'Missing expected rejection.');
  };
  assert.doesNotReject = async (promiseOrFn, message) => { try { await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn); } catch (err) { fail(err, undefined, message, 'doesNotReject', () => 'Got unwanted rejection.\nActual message: "' + (err && err.message) + '"'); } };
  assert.match = (s, re, message) => { if (!re.test(s)) fail(s, re, message, 'match', () => 'The input did not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
  assert.doesNotMatch = (s, re, message) => { if (re.test(s)) fail(s, re, message, 'doesNotMatch', () => 'The input was expected to not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
  assert.ifError = (value) => { if (value !== null && value !== undefined) throw value; };
  return assert;
}
const assertModule = makeAssert(false);
assertModule.strict = makeAssert(true);
assertModule.strict.strict = assertModule.strict;

function promisify(fn) {
  return (...args) => new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value))));
}
const util = {
  format,
  inspect,
  promisify,
  isDeepStrictEqual: (a, b) => isDeepEqual(a, b, true, []),
  inherits(ctor, superCtor) { Object.setPrototypeOf(ctor.prototype, superCtor.prototype); ctor.super_ = superCtor; },
  deprecate: (fn) => fn,
  types: { isPromise: (v) => v instanceof Promise, isDate: (v) => v instanceof Date, isRegExp: (v) => v instanceof RegExp },
};

function callHost(fn) {
  try { return fn(); } catch (err) { throw nodeError(err); }
}
function pathOf(p) {
  return path.resolve(String(p));
}
function toBytes(data) {
  if (typeof data === 'string') return host.encode(data);
  if (data instanceof ArrayBuffer) return data;
  if (ArrayBuffer.isView(data)) return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  return host.encode(String(data));
}
function bytesResult(buffer) {
  return Buffer.from(buffer);
}
function encodedBytes(data, options) {
  const encoding = encodingOf(options);
  return typeof data === 'string' && encoding ? toBytes(Buffer.from(data, encoding)) : toBytes(data);
}
function encodingOf(options) { return typeof options === 'string' ? options : options && options.encoding; }
class Stats {
  constructor(s) { this.size = s.size; this.mode = s.type === 'dir' ? 0o40755 : 0o100644; this.mtimeMs = s.mtimeMs; this.mtime = new Date(s.mtimeMs); this._type = s.type; }
  isFile() { return this._type === 'file'; }
  isDirectory() { return this._type === 'dir'; }
  isSymbolicLink() { return false; }
}
class Dirent {
  constructor(name, type, parentPath) { this.name = name; this._type = type; this.parentPath = parentPath; this.path = parentPath; }
  isFile() { return this._type === 'file'; }
  isDirectory() { return this._type === 'dir'; }
  isSymbolicLink() { return false; }
}
function statOrThrow(p, syscall) {
  const s = host.stat(pathOf(p));
  if (s === null) throw nodeError(new Error('ENOENT: no such file or directory, ' + syscall + " '" + p + "'"));
  return new Stats(s);
}
const fs = {
  constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 },
  Stats,
  Dirent,
  existsSync: (p) => { try { return host.stat(pathOf(p)) !== null; } catch (e) { return false; } },
  readFileSync(p, options) {
    if (p === 0 || p === '/dev/stdin') { const text = host.stdin(); return encodingOf(options) ? text : bytesResult(host.encode(text)); }
    const buffer = callHost(() => host.readFile(pathOf(p)));
    return encodingOf(options) ? host.decode(buffer) : bytesResult(buffer);
  },
  writeFileSync(p, data, options) {
    if (p === 1 || p === '/dev/stdout') return void process.stdout.write(String(data));
    if (p === 2 || p === '/dev/stderr') return void process.stderr.write(String(data));
    callHost(() => host.writeFile(pathOf(p), encodedBytes(data, options), false));
  },
  appendFileSync(p, data, options) { callHost(() => host.writeFile(pathOf(p), encodedBytes(data, options), true)); },
  readdirSync(p, options) {
    const dir = pathOf(p);
    const names = callHost(() => JSON.parse(host.readdir(dir)));
    if (options && options.withFileTypes) return names.map((n) => new Dirent(n, host.stat(dir + '/' + n).type, dir));
    return names;
  },
  mkdirSync(p, options) {
    const recursive = !!(options && options.recursive);
    const existed = host.stat(pathOf(p)) !== null;
    callHost(() => host.mkdir(pathOf(p), recursive));
    return recursive && !existed ? pathOf(p) : undefined;
  },
  statSync(p, options) {
    if (options && options.throwIfNoEntry === false && host.stat(pathOf(p)) === null) return undefined;
    return statOrThrow(p, 'stat');
  },
  lstatSync(p, options) { return fs.statSync(p, options); },
  accessSync(p) { statOrThrow(p, 'access'); },
  unlinkSync(p) { callHost(() => host.remove(pathOf(p), 'unlink', false)); },
  rmdirSync(p, options) { callHost(() => host.remove(pathOf(p), 'rmdir', !!(options && options.recursive))); },
  rmSync(p, options) {
    if (options && options.force && host.stat(pathOf(p)) === null) return;
    callHost(() => host.remove(pathOf(p), 'rm', !!(options && options.recursive)));
  },
  renameSync(from, to) {
    const data = callHost(() => host.readFile(pathOf(from)));
    callHost(() => host.writeFile(pathOf(to), data, false));
    callHost(() => host.remove(pathOf(from), 'unlink', false));
  },
  copyFileSync(from, to) { callHost(() => host.writeFile(pathOf(to), host.readFile(pathOf(from)), false)); },
  realpathSync(p) { statOrThrow(p, 'realpath'); return pathOf(p); },
};
const SYNC_NAMES = ['readFile', 'writeFile', 'appendFile', 'readdir', 'mkdir', 'stat', 'lstat', 'access', 'unlink', 'rmdir', 'rm', 'rename', 'copyFile', 'realpath'];
const fsPromises = {};
for (const name of SYNC_NAMES) {
  const sync = fs[name + 'Sync'];
  fsPromises[name] = (...args) => new Promise((resolve, reject) => { try { resolve(sync(...args)); } catch (err) { reject(err); } });
  fs[name] = (...args) => {
    const callback = args.pop();
    if (typeof callback !== 'function') throw nodeError(new TypeError('The "cb" argument must be of type function'));
    let result;
    try { result = sync(...args); } catch (err) { timers.setTimeout(() => callback(err), 0); return; }
    timers.setTimeout(() => callback(null, result), 0);
  };
}
fsPromises.constants = fs.constants;
fs.exists = (p, callback) => timers.setTimeout(() => callback(fs.existsSync(p)), 0);
fs.promises = fsPromises;
util.promisify.custom = Symbol.for('nodejs.util.promisify.custom');

const timersPromises = {
  setTimeout: (ms, value) => new Promise((resolve) => timers.setTimeout(() => resolve(value), ms)),
  setImmediate: (value) => new Promise((resolve) => timers.setTimeout(() => resolve(value), 0)),
};
`;
