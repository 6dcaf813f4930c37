/**
 * Guest JavaScript (runs inside QuickJS): `util.format` and `util.inspect` in Node's style, the
 * basics: quoted strings inside objects, `[Function: f]`, `[class A]`, nested objects to depth 2,
 * Map/Set/Date/Error/RegExp, circular references, and one line per entry once a line grows long.
 * Defines `inspect` and `format` in the prelude's scope.
 */
export const GUEST_INSPECT = String.raw`
const INSPECT_CUSTOM = Symbol.for('nodejs.util.inspect.custom');
function quoteString(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  return q + s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(new RegExp(q, 'g'), '\\' + q) + q;
}
function inspectKey(key) {
  if (typeof key === 'symbol') return '[' + key.toString() + ']';
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quoteString(key);
}
function functionLabel(fn) {
  const src = Function.prototype.toString.call(fn);
  if (/^class\b/.test(src)) return '[class ' + (fn.name || '(anonymous)') + ']';
  const kind = fn.constructor && fn.constructor.name === 'AsyncFunction' ? 'AsyncFunction' : fn.constructor && fn.constructor.name === 'GeneratorFunction' ? 'GeneratorFunction' : 'Function';
  return fn.name ? '[' + kind + ': ' + fn.name + ']' : '[' + kind + ' (anonymous)]';
}
function errorText(err) {
  const head = String(err.name || 'Error') + (err.message ? ': ' + err.message : '');
  // The prelude's own frames (assert, the test runner) say nothing about the program.
  const stack = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => !line.includes('(node:internal/')).join('\n').replace(/\s+$/, '') : '';
  return stack ? head + '\n' + stack : head;
}
function joinEntries(start, entries, end, indent) {
  if (entries.length === 0) return start === '[' ? '[]' : start === '{' ? '{}' : start + ' {}';
  const single = start + ' ' + entries.join(', ') + ' ' + end;
  if (single.length + indent <= 72 && !entries.some((e) => e.includes('\n'))) return single;
  const pad = ' '.repeat(indent + 2);
  return start + '\n' + pad + entries.join(',\n' + pad) + '\n' + ' '.repeat(indent) + end;
}
function inspectValue(value, opts, depth, seen, indent) {
  const type = typeof value;
  if (value === null) return 'null';
  if (type === 'undefined') return 'undefined';
  if (type === 'string') return depth === 0 && opts.topLevelRaw ? value : quoteString(value);
  if (type === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (type === 'bigint') return String(value) + 'n';
  if (type === 'boolean') return String(value);
  if (type === 'symbol') return value.toString();
  if (typeof value[INSPECT_CUSTOM] === 'function') return String(value[INSPECT_CUSTOM](opts.depth - depth, opts));
  if (seen.includes(value)) return '[Circular *1]';
  if (type === 'function') {
    const keys = Object.keys(value);
    if (keys.length === 0) return functionLabel(value);
  }
  if (value instanceof Error) return errorText(value);
  if (value instanceof RegExp) return String(value);
  if (value instanceof Date) return isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Promise) return 'Promise { <unknown> }';
  const empty = (Array.isArray(value) && value.length === 0) || (Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0);
  if (empty) return Array.isArray(value) ? '[]' : '{}';
  if (depth > opts.depth) return Array.isArray(value) ? '[Array]' : '[' + ((value.constructor && value.constructor.name) || 'Object') + ']';
  const next = seen.concat([value]);
  const sub = (v) => inspectValue(v, opts, depth + 1, next, indent + 2);
  if (Array.isArray(value)) {
    const entries = [];
    let holes = 0;
    for (let i = 0; i < value.length && entries.length < 100; i++) {
      if (!(i in value)) { holes++; continue; }
      if (holes) { entries.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>'); holes = 0; }
      entries.push(sub(value[i]));
    }
    if (holes) entries.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>');
    if (value.length > 100) entries.push('... ' + (value.length - 100) + ' more items');
    for (const key of Object.keys(value)) if (!/^\d+$/.test(key)) entries.push(inspectKey(key) + ': ' + sub(value[key]));
    return joinEntries('[', entries, ']', indent);
  }
  if (value instanceof Map) {
    const entries = [];
    for (const [k, v] of value) entries.push(sub(k) + ' => ' + sub(v));
    return joinEntries('Map(' + value.size + ') {', entries, '}', indent).replace(/^Map\((\d+)\) \{ \{\}$/, 'Map($1) {}');
  }
  if (value instanceof Set) {
    const entries = [];
    for (const v of value) entries.push(sub(v));
    return joinEntries('Set(' + value.size + ') {', entries, '}', indent);
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const name = value.constructor.name;
    const items = Array.prototype.slice.call(value, 0, 100).map(String);
    return joinEntries(name + '(' + value.length + ') [', items, ']', indent);
  }
  const entries = [];
  for (const key of Object.keys(value)) entries.push(inspectKey(key) + ': ' + sub(value[key]));
  for (const sym of Object.getOwnPropertySymbols(value)) {
    if (Object.prototype.propertyIsEnumerable.call(value, sym)) entries.push(inspectKey(sym) + ': ' + sub(value[sym]));
  }
  if (type === 'function') return joinEntries(functionLabel(value) + ' {', entries, '}', indent);
  const proto = Object.getPrototypeOf(value);
  const ctor = proto && proto.constructor && proto.constructor.name;
  const prefix = proto === null ? '[Object: null prototype] ' : ctor && ctor !== 'Object' ? ctor + ' ' : '';
  if (prefix && entries.length === 0) return prefix + '{}';
  return prefix + joinEntries('{', entries, '}', indent);
}
function inspect(value, options) {
  const opts = Object.assign({ depth: 2 }, options || {});
  if (opts.depth === null) opts.depth = Infinity;
  return inspectValue(value, opts, 0, [], 0);
}
inspect.custom = INSPECT_CUSTOM;
function format(...args) {
  let first = args[0];
  let rest = args.slice(1);
  let out = '';
  if (typeof first === 'string') {
    out = first.replace(/%([sdifjoOc%])/g, (match, spec) => {
      if (spec === '%') return '%';
      if (rest.length === 0) return match;
      const arg = rest.shift();
      switch (spec) {
        case 's': return typeof arg === 'string' ? arg : typeof arg === 'bigint' ? arg + 'n' : typeof arg === 'object' && arg !== null ? inspect(arg, { depth: 1 }) : String(arg);
        case 'd': return typeof arg === 'bigint' ? arg + 'n' : String(Number(arg));
        case 'i': return typeof arg === 'bigint' ? arg + 'n' : String(parseInt(arg, 10));
        case 'f': return String(parseFloat(arg));
        case 'j': try { return JSON.stringify(arg); } catch (e) { return '[Circular]'; }
        case 'o': return inspect(arg, { depth: 4 });
        case 'O': return inspect(arg);
        case 'c': return '';
      }
      return match;
    });
  } else if (args.length > 0) {
    out = inspect(first);
  }
  for (const arg of rest) out += ' ' + (typeof arg === 'string' ? arg : inspect(arg));
  return out;
}
`;
