/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: mock functions
 * (`vi.fn`/`jest.fn`: implementations, return values, `mock.calls`/`results`, clear/reset) and
 * spies (`spyOn` with `mockRestore`, `restoreAllMocks`). Defines `createMockFn`, `spyOn` and
 * `allMocks` in the extension's scope; `resetToOriginal` is vitest's `mockReset` (jest's empties).
 */
export const GUEST_VITEST_MOCK = String.raw`
const allMocks = [];
function createMockFn(original, options) {
  const resetToOriginal = options && options.resetToOriginal;
  const onRestore = options && options.onRestore;
  let implementation = original;
  let once = [];
  let mockName = (options && options.name) || (runnerConfig.flavour === 'jest' ? 'jest.fn()' : 'vi.fn()');
  const state = { calls: [], results: [], instances: [], contexts: [], invocationCallOrder: [], lastCall: undefined };
  function mocked(...args) {
    state.calls.push(args);
    state.instances.push(this);
    state.contexts.push(this);
    state.invocationCallOrder.push(++mockCallOrder.value);
    state.lastCall = args;
    const result = { type: 'incomplete', value: undefined };
    state.results.push(result);
    const fn = once.length > 0 ? once.shift() : implementation;
    try {
      const value = fn ? (new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args)) : undefined;
      result.type = 'return';
      result.value = value;
      return value;
    } catch (err) {
      result.type = 'throw';
      result.value = err;
      throw err;
    }
  }
  const clear = () => {
    for (const list of [state.calls, state.results, state.instances, state.contexts, state.invocationCallOrder]) list.length = 0;
    state.lastCall = undefined;
  };
  Object.assign(mocked, {
    _isMockFunction: true,
    mock: state,
    getMockName: () => mockName,
    mockName(name) { mockName = String(name); return mocked; },
    getMockImplementation: () => implementation,
    mockClear() { clear(); return mocked; },
    mockReset() { clear(); once = []; implementation = resetToOriginal ? original : undefined; return mocked; },
    mockRestore() { mocked.mockReset(); if (onRestore) onRestore(); return mocked; },
    mockImplementation(fn) { implementation = fn; return mocked; },
    mockImplementationOnce(fn) { once.push(fn); return mocked; },
    mockReturnValue(value) { implementation = () => value; return mocked; },
    mockReturnValueOnce(value) { once.push(() => value); return mocked; },
    mockResolvedValue(value) { implementation = () => Promise.resolve(value); return mocked; },
    mockResolvedValueOnce(value) { once.push(() => Promise.resolve(value)); return mocked; },
    mockRejectedValue(value) { implementation = () => Promise.reject(value); return mocked; },
    mockRejectedValueOnce(value) { once.push(() => Promise.reject(value)); return mocked; },
    mockReturnThis() { implementation = function () { return this; }; return mocked; },
  });
  allMocks.push(mocked);
  return mocked;
}
const mockCallOrder = { value: 0 };
const spies = [];
function spyOn(object, name, accessType) {
  if (object === null || (typeof object !== 'object' && typeof object !== 'function')) throw new TypeError('spyOn: the first argument must be an object, got ' + inspect(object));
  if (accessType) throw missingFeature('spyOn(object, name, ' + inspect(accessType) + ') (getter and setter spies)');
  const original = object[name];
  if (typeof original !== 'function') throw new TypeError('spyOn: ' + String(name) + ' is not a function, it is ' + inspect(original));
  if (original._isMockFunction) return original;
  const own = Object.prototype.hasOwnProperty.call(object, name);
  const restore = () => { if (own) object[name] = original; else delete object[name]; };
  const spy = createMockFn(original, { resetToOriginal: true, onRestore: restore, name: String(name) });
  spies.push(spy);
  object[name] = spy;
  return spy;
}
function restoreAllMocks() { while (spies.length > 0) spies.pop().mockRestore(); }
`;
