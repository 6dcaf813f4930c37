/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: the API a test file
 * sees — describe/it/test with `.each`, `.skip`, `.only`, `.todo`, `.skipIf`/`.runIf`, the four
 * hooks, `expect`, and `vi`/`jest` — as the modules `vitest` and `@jest/globals` and as globals
 * (jest's, and vitest's with `globals: true`). Anything else on these objects (`vi.mock`,
 * `it.concurrent`, …) throws an error naming it; the run starts once the file has loaded.
 */
export const GUEST_VITEST_API = String.raw`
/** Unknown properties of an API object throw, naming what the offline runner lacks. */
function strictApi(target, label) {
  return new Proxy(target, {
    get(object, key) {
      if (typeof key === 'symbol' || key in object || key === 'then' || key === 'toJSON') return object[key];
      throw missingFeature(label + '.' + key + '()');
    },
  });
}
function registrar(kind, label) {
  const add = kind === 'suite' ? addSuite : addTest;
  function variant(mode, variantLabel) {
    const register = (...args) => add(mode, args);
    register.each = (...table) => {
      const rows = eachRows(table);
      return (title, body, options) => {
        rows.forEach((row, index) => {
          const name = eachTitle(titleOf(title), row, index);
          add(mode, body === undefined ? [name] : [name, () => body(...row), options]);
        });
      };
    };
    return strictApi(register, variantLabel);
  }
  const base = variant('run', label);
  const api = Object.assign((...args) => base(...args), {
    each: base.each,
    skip: variant('skip', label + '.skip'),
    only: variant('only', label + '.only'),
    todo: (name) => add('todo', [name]),
    skipIf: (condition) => (condition ? api.skip : base),
    runIf: (condition) => (condition ? base : api.skip),
  });
  return strictApi(api, label);
}
function mockApi(label, resetToOriginal) {
  return strictApi({
    fn: (implementation) => createMockFn(implementation, { resetToOriginal, name: label + '.fn()' }),
    spyOn,
    isMockFunction: (value) => typeof value === 'function' && value._isMockFunction === true,
    mocked: (value) => value,
    clearAllMocks() { for (const mock of allMocks) mock.mockClear(); },
    resetAllMocks() { for (const mock of allMocks) mock.mockReset(); },
    restoreAllMocks,
  }, label);
}
const describe = registrar('suite', 'describe');
const it = registrar('test', 'it');
const test = registrar('test', 'test');
const hookApi = (kind) => (fn, timeout) => addHook(kind, fn, timeout);
const testingApi = {
  describe,
  suite: describe,
  it,
  test,
  expect,
  beforeAll: hookApi('beforeAll'),
  afterAll: hookApi('afterAll'),
  beforeEach: hookApi('beforeEach'),
  afterEach: hookApi('afterEach'),
  vi: mockApi('vi', true),
  jest: mockApi('jest', false),
};
Object.assign(globalThis, testingApi, { xit: it.skip, xtest: test.skip, xdescribe: describe.skip, fit: it.only, fdescribe: describe.only });
globalThis.__phasegate.provideModule('vitest', testingApi);
globalThis.__phasegate.provideModule('@jest/globals', testingApi);
setTimeout(runCollected, 0);
`;
