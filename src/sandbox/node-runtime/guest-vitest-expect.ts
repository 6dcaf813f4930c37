/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: `expect` with the
 * matchers of the subset, `.not`, `.resolves`/`.rejects`, and messages in vitest's words
 * ("expected 2 to be 3 // Object.is equality") followed by a diff. A matcher outside the subset
 * (`toMatchSnapshot`, …) and `expect.extend` throw an error naming what is missing.
 */
export const GUEST_VITEST_EXPECT = String.raw`
class ExpectationError extends Error {
  constructor(message, diff) { super(diff ? message + '\n\n' + diff : message); this.name = 'AssertionError'; this.summary = message; }
}
function show(value) { return inspect(value, { depth: 4 }); }
function callsOf(spy, matcher) {
  if (typeof spy !== 'function' || !spy._isMockFunction) throw new TypeError(matcher + '(): ' + show(spy) + ' is not a spy or a call to a spy');
  return spy.mock.calls;
}
function nth(n) { return n + (n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'); }
function callList(calls) {
  if (calls.length === 0) return '\n\nNumber of calls: 0';
  return '\n\nReceived:\n' + calls.map((args, i) => '  ' + nth(i + 1) + ' call: ' + show(args)).join('\n') + '\n\nNumber of calls: ' + calls.length;
}
function propertyPath(path) {
  if (Array.isArray(path)) return path.map(String);
  return String(path).replace(/\[(\w+)\]/g, '.$1').split('.').filter((part) => part !== '');
}
function thrownBy(actual, rejected) {
  if (rejected) return { threw: true, error: actual };
  if (typeof actual !== 'function') throw new TypeError('toThrow(): expected a function, got ' + show(actual));
  try { actual(); } catch (error) { return { threw: true, error }; }
  return { threw: false, error: undefined };
}
function messageOfError(error) { return error && typeof error === 'object' && 'message' in error ? String(error.message) : String(error); }
function throwMatch(actual, expected, rejected) {
  const { threw, error } = thrownBy(actual, rejected);
  const subject = rejected ? show(actual) : '[Function]';
  if (expected === undefined) return { pass: threw, subject, says: 'to throw an error' };
  const got = threw ? ' (it threw ' + show(messageOfError(error)) + ')' : ' (it did not throw)';
  if (typeof expected === 'string') return { pass: threw && messageOfError(error).includes(expected), subject, says: 'to throw an error including ' + show(expected) + got };
  if (expected instanceof RegExp) return { pass: threw && expected.test(messageOfError(error)), subject, says: 'to throw an error matching ' + String(expected) + got };
  if (typeof expected === 'function') {
    return { pass: threw && error instanceof expected, subject, says: 'to throw an instance of ' + (expected.name || 'the given class') + (threw ? ' (it threw ' + show(error) + ')' : ' (it did not throw)') };
  }
  if (expected instanceof Error) return { pass: threw && messageOfError(error) === expected.message, subject, says: 'to throw ' + show(expected.message) + got };
  throw missingFeature('toThrow(' + show(expected) + ') (only a string, a RegExp, a class or an Error)');
}

const MATCHERS = {
  toBe: (actual, [expected]) => ({ pass: Object.is(actual, expected), says: 'to be ' + show(expected) + ' // Object.is equality', diff: [expected, actual] }),
  toEqual: (actual, [expected]) => ({ pass: equals(actual, expected, false), says: 'to deeply equal ' + show(expected), diff: [expected, actual] }),
  toStrictEqual: (actual, [expected]) => ({ pass: equals(actual, expected, true), says: 'to strictly equal ' + show(expected), diff: [expected, actual] }),
  toMatchObject: (actual, [expected]) => ({ pass: matchesObject(actual, expected), says: 'to match object ' + show(expected), diff: [expected, actual] }),
  toContain: (actual, [item]) => ({
    pass: typeof actual === 'string' ? typeof item === 'string' && actual.includes(item) : actual != null && typeof actual[Symbol.iterator] === 'function' && Array.from(actual).includes(item),
    says: 'to contain ' + show(item),
  }),
  toContainEqual: (actual, [item]) => ({ pass: actual != null && Array.from(actual).some((value) => equals(value, item, false)), says: 'to contain an item equal to ' + show(item) }),
  toMatch: (actual, [pattern]) => {
    if (typeof actual !== 'string') throw new TypeError('toMatch(): the received value must be a string, got ' + show(actual));
    return { pass: typeof pattern === 'string' ? actual.includes(pattern) : pattern.test(actual), says: 'to match ' + (typeof pattern === 'string' ? show(pattern) : String(pattern)) };
  },
  toThrow: (actual, [expected], how) => throwMatch(actual, expected, how.promise === 'rejects'),
  toBeTruthy: (actual) => ({ pass: Boolean(actual), says: 'to be truthy' }),
  toBeFalsy: (actual) => ({ pass: !actual, says: 'to be falsy' }),
  toBeNull: (actual) => ({ pass: actual === null, says: 'to be null' }),
  toBeUndefined: (actual) => ({ pass: actual === undefined, says: 'to be undefined' }),
  toBeDefined: (actual) => ({ pass: actual !== undefined, says: 'to be defined' }),
  toBeNaN: (actual) => ({ pass: Number.isNaN(actual), says: 'to be NaN' }),
  toBeInstanceOf: (actual, [ctor]) => ({ pass: actual instanceof ctor, says: 'to be an instance of ' + (ctor && ctor.name) }),
  toHaveLength: (actual, [length]) => ({
    pass: actual != null && actual.length === length,
    says: 'to have a length of ' + length + (actual != null && typeof actual.length === 'number' ? ' (its length is ' + actual.length + ')' : ''),
  }),
  toHaveProperty: (actual, args) => {
    const path = propertyPath(args[0]);
    let current = actual;
    let found = true;
    for (const key of path) {
      if (current === null || current === undefined || !(key in Object(current))) { found = false; break; }
      current = current[key];
    }
    if (args.length < 2) return { pass: found, says: 'to have property ' + show(args[0]) };
    return { pass: found && equals(current, args[1], false), says: 'to have property ' + show(args[0]) + ' with value ' + show(args[1]), diff: found ? [args[1], current] : undefined };
  },
  toBeGreaterThan: (actual, [n]) => ({ pass: actual > n, says: 'to be greater than ' + show(n) }),
  toBeGreaterThanOrEqual: (actual, [n]) => ({ pass: actual >= n, says: 'to be greater than or equal to ' + show(n) }),
  toBeLessThan: (actual, [n]) => ({ pass: actual < n, says: 'to be less than ' + show(n) }),
  toBeLessThanOrEqual: (actual, [n]) => ({ pass: actual <= n, says: 'to be less than or equal to ' + show(n) }),
  toBeCloseTo: (actual, [expected, digits = 2]) => ({
    pass: (actual === Infinity && expected === Infinity) || (actual === -Infinity && expected === -Infinity) || Math.abs(expected - actual) < Math.pow(10, -digits) / 2,
    says: 'to be close to ' + show(expected) + ' (' + digits + ' decimal digits)',
  }),
  toHaveBeenCalled: (actual) => {
    const calls = callsOf(actual, 'toHaveBeenCalled');
    return { pass: calls.length > 0, subject: show(actual.getMockName()), says: 'to be called at least once' + callList(calls) };
  },
  toHaveBeenCalledTimes: (actual, [times]) => {
    const calls = callsOf(actual, 'toHaveBeenCalledTimes');
    return { pass: calls.length === times, subject: show(actual.getMockName()), says: 'to be called ' + times + ' times, but got ' + calls.length + ' times' };
  },
  toHaveBeenCalledWith: (actual, args) => {
    const calls = callsOf(actual, 'toHaveBeenCalledWith');
    return { pass: calls.some((call) => equals(call, args, false)), subject: show(actual.getMockName()), says: 'to be called with arguments: ' + show(args) + callList(calls) };
  },
  toHaveBeenLastCalledWith: (actual, args) => {
    const calls = callsOf(actual, 'toHaveBeenLastCalledWith');
    const last = calls[calls.length - 1];
    return {
      pass: calls.length > 0 && equals(last, args, false),
      subject: show(actual.getMockName()),
      says: 'to be last called with arguments: ' + show(args) + callList(calls),
      diff: calls.length > 0 ? [args, last] : undefined,
    };
  },
};
const MATCHER_ALIASES = {
  toThrowError: 'toThrow',
  toBeCalled: 'toHaveBeenCalled',
  toBeCalledTimes: 'toHaveBeenCalledTimes',
  toBeCalledWith: 'toHaveBeenCalledWith',
  lastCalledWith: 'toHaveBeenLastCalledWith',
};
/** Properties looked up by tooling (await, inspect) rather than by a test: they are simply absent. */
const NOT_A_MATCHER = new Set(['then', 'catch', 'constructor', 'toJSON', 'asymmetricMatch', 'nodeType', '$$typeof']);

function check(name, actual, args, how) {
  const outcome = MATCHERS[name](actual, args, how);
  if (outcome.pass !== how.not) return;
  const subject = outcome.subject || show(actual);
  const message = 'expected ' + subject + (how.not ? ' not ' : ' ') + outcome.says;
  const diff = !how.not && outcome.diff ? diffText(outcome.diff[0], outcome.diff[1]) : '';
  throw new ExpectationError(message, diff);
}
function assertionsFor(actual, how) {
  const target = {};
  return new Proxy(target, {
    get(_, key) {
      if (typeof key === 'symbol' || NOT_A_MATCHER.has(key)) return undefined;
      if (key === 'not') return assertionsFor(actual, Object.assign({}, how, { not: !how.not }));
      if ((key === 'resolves' || key === 'rejects') && !how.promise) return assertionsFor(actual, Object.assign({}, how, { promise: key }));
      const name = MATCHER_ALIASES[key] || key;
      if (!Object.prototype.hasOwnProperty.call(MATCHERS, name)) throw missingFeature('expect(…).' + key + '()');
      if (!how.promise) return (...args) => { check(name, actual, args, how); };
      return (...args) => trackAssertion((async () => {
        let settled;
        try {
          settled = { resolved: true, value: await (typeof actual === 'function' ? actual() : actual) };
        } catch (error) {
          settled = { resolved: false, value: error };
        }
        if (how.promise === 'resolves' && !settled.resolved) throw new ExpectationError('promise rejected ' + show(settled.value) + ' instead of resolving');
        if (how.promise === 'rejects' && settled.resolved) throw new ExpectationError('promise resolved ' + show(settled.value) + ' instead of rejecting');
        check(name, settled.value, args, how);
      })());
    },
  });
}
/** .resolves/.rejects assertions of the running test: one nobody awaited still fails the test when it rejects. */
const pendingAssertions = [];
function trackAssertion(promise) {
  pendingAssertions.push(promise);
  promise.catch(() => {});
  return promise;
}
function expectValue(actual) { return assertionsFor(actual, { not: false, promise: '' }); }
const EXPECT_STATICS = { any: anyOf, anything };
const expect = new Proxy(expectValue, {
  get(target, key) {
    if (typeof key === 'symbol' || key === 'prototype' || key === 'name' || key === 'length') return target[key];
    if (Object.prototype.hasOwnProperty.call(EXPECT_STATICS, key)) return EXPECT_STATICS[key];
    if (NOT_A_MATCHER.has(key)) return undefined;
    throw missingFeature('expect.' + key + '()');
  },
});
`;
