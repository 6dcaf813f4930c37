/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: the equality of
 * `toEqual` (undefined properties ignored) and `toStrictEqual` (types, undefined properties and
 * holes count), the subset match of `toMatchObject`, the asymmetric matchers `expect.any` and
 * `expect.anything`, and the "- Expected / + Received" line diff failures show.
 */
export const GUEST_VITEST_EQUALS = String.raw`
class AsymmetricMatcher {
  constructor(description, test) { this.description = description; this.test = test; }
  asymmetricMatch(value) { return this.test(value); }
  [Symbol.for('nodejs.util.inspect.custom')]() { return this.description; }
}
function anyOf(ctor) {
  if (typeof ctor !== 'function') throw new TypeError('expect.any() needs a constructor, got ' + inspect(ctor));
  const primitive = { String: 'string', Number: 'number', Boolean: 'boolean', Function: 'function', BigInt: 'bigint', Symbol: 'symbol' }[ctor.name];
  return new AsymmetricMatcher('Any<' + ctor.name + '>', (value) => (primitive && typeof value === primitive) || (value !== null && value !== undefined && Object(value) instanceof ctor));
}
const anything = () => new AsymmetricMatcher('Anything', (value) => value !== null && value !== undefined);

function definedKeys(object, strict) {
  const keys = Object.keys(object).filter((key) => strict || object[key] !== undefined);
  return keys.concat(Object.getOwnPropertySymbols(object).filter((sym) => Object.prototype.propertyIsEnumerable.call(object, sym)));
}
function equals(a, b, strict, seen = []) {
  if (b instanceof AsymmetricMatcher) return b.asymmetricMatch(a);
  if (a instanceof AsymmetricMatcher) return a.asymmetricMatch(b);
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp || b instanceof RegExp) return a instanceof RegExp && b instanceof RegExp && String(a) === String(b);
  if (a instanceof Error || b instanceof Error) return a instanceof Error && b instanceof Error && a.name === b.name && a.message === b.message;
  for (const [x, y] of seen) if (x === a && y === b) return true;
  seen = seen.concat([[a, b]]);
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !equals(value, b.get(key), strict, seen)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    for (const value of a) if (!b.has(value) && ![...b].some((other) => equals(value, other, strict, seen))) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!(ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && (i in a) !== (i in b)) return false;
      if (!equals(a[i], b[i], strict, seen)) return false;
    }
  }
  const keysA = definedKeys(a, strict);
  const keysB = definedKeys(b, strict);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!equals(a[key], b[key], strict, seen)) return false;
  }
  return true;
}
/** toMatchObject: every property of expected is in actual and matches (recursively); arrays match element by element. */
function matchesObject(actual, expected, seen = []) {
  if (expected instanceof AsymmetricMatcher) return expected.asymmetricMatch(actual);
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) return equals(actual, expected, false);
  if (expected instanceof Date || expected instanceof RegExp || expected instanceof Map || expected instanceof Set) return equals(actual, expected, false);
  if (seen.includes(expected)) return true;
  seen = seen.concat([expected]);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => matchesObject(actual[i], item, seen));
  }
  return definedKeys(expected, true).every((key) => key in Object(actual) && matchesObject(actual[key], expected[key], seen));
}

/** One entry per line, like vitest's diffs (pretty-format), so a diff points at the entry that differs. */
function prettyLines(value, indent, seen) {
  const pad = '  '.repeat(indent + 1);
  const close = '  '.repeat(indent);
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof RegExp || value instanceof Error || value instanceof AsymmetricMatcher) {
    return typeof value === 'string' ? JSON.stringify(value) : inspect(value, { depth: 0 });
  }
  if (seen.includes(value)) return '[Circular]';
  if (indent > 6) return Array.isArray(value) ? '[Array]' : '[Object]';
  const next = seen.concat([value]);
  const item = (v) => prettyLines(v, indent + 1, next);
  let entries;
  let open;
  let end = '}';
  if (Array.isArray(value)) { entries = value.map(item); open = 'Array ['; end = ']'; }
  else if (value instanceof Map) { entries = [...value].map(([k, v]) => item(k) + ' => ' + item(v)); open = 'Map {'; }
  else if (value instanceof Set) { entries = [...value].map(item); open = 'Set {'; }
  else {
    const proto = Object.getPrototypeOf(value);
    const name = proto === null ? 'Object' : (proto.constructor && proto.constructor.name) || 'Object';
    entries = Object.keys(value).sort().map((key) => JSON.stringify(key) + ': ' + item(value[key]));
    open = name + ' {';
  }
  if (entries.length === 0) return open + end;
  return open + '\n' + entries.map((entry) => pad + entry + ',').join('\n') + '\n' + close + end;
}
function linesOf(value) { return prettyLines(value, 0, []).split('\n'); }
/** Expected and received, one line each when short, else a line diff (longest common subsequence). */
function diffText(expected, received) {
  const e = linesOf(expected);
  const r = linesOf(received);
  if (e.length > 400 || r.length > 400) return '- Expected\n+ Received\n\n' + e.map((l) => '- ' + l).join('\n') + '\n' + r.map((l) => '+ ' + l).join('\n');
  const common = Array.from({ length: e.length + 1 }, () => new Array(r.length + 1).fill(0));
  for (let i = e.length - 1; i >= 0; i--) {
    for (let j = r.length - 1; j >= 0; j--) common[i][j] = e[i] === r[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < e.length || j < r.length) {
    if (i < e.length && j < r.length && e[i] === r[j]) { out.push('  ' + e[i]); i++; j++; }
    else if (i < e.length && (j === r.length || common[i + 1][j] >= common[i][j + 1])) { out.push('- ' + e[i]); i++; }
    else { out.push('+ ' + r[j]); j++; }
  }
  return '- Expected\n+ Received\n\n' + out.join('\n');
}
`;
