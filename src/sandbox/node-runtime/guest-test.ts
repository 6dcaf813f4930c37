/**
 * Guest JavaScript (runs inside QuickJS): `node:test` — test/it, describe/suite, the four hooks,
 * skip/todo/only, async tests, subtests (`t.test`), `t.mock.fn` and `mock.fn`/`mock.method` —
 * with Node's spec reporter ("✔ name (1.2ms)", "ℹ tests 3", …). The run starts once the file's
 * own code has registered its tests; under `node --test` the host adds up each file's counts
 * (host.testCounts) and prints the summary once.
 */
export const GUEST_TEST = String.raw`
function makeMockFn(impl, onRestore) {
  let implementation = impl;
  const onceQueue = [];
  const calls = [];
  function mocked(...args) {
    const fn = onceQueue.length > 0 ? onceQueue.shift() : implementation;
    const call = { arguments: args, this: this, result: undefined, error: undefined, stack: new Error() };
    calls.push(call);
    try {
      call.result = fn ? (new.target ? new fn(...args) : fn.apply(this, args)) : undefined;
      return call.result;
    } catch (err) {
      call.error = err;
      throw err;
    }
  }
  mocked.mock = {
    calls,
    callCount: () => calls.length,
    mockImplementation(next) { implementation = next; },
    mockImplementationOnce(next) { onceQueue.push(next); },
    resetCalls() { calls.length = 0; },
    restore() { if (onRestore) onRestore(); },
  };
  return mocked;
}
function makeMockTracker() {
  const restorers = [];
  return {
    fn(original, implementation) { return makeMockFn(implementation === undefined ? original : implementation); },
    method(object, name, implementation) {
      const original = object[name];
      const mocked = makeMockFn(implementation === undefined ? original : implementation, () => { object[name] = original; });
      restorers.push(() => { object[name] = original; });
      object[name] = mocked;
      return mocked;
    },
    restoreAll() { while (restorers.length) restorers.pop()(); },
    reset() { this.restoreAll(); },
  };
}

function parseTestArgs(args) {
  let name;
  let options = {};
  let fn;
  for (const arg of args) {
    if (typeof arg === 'string') name = arg;
    else if (typeof arg === 'function') fn = arg;
    else if (arg && typeof arg === 'object') options = arg;
  }
  return { name: name || (fn && fn.name) || '<anonymous>', options, fn };
}
function newNode(kind, parent, args, flags) {
  const { name, options, fn } = parseTestArgs(args);
  return {
    kind, parent, name, fn, children: [], hooks: { before: [], after: [], beforeEach: [], afterEach: [] },
    skip: flags.skip || options.skip, todo: flags.todo || options.todo, only: flags.only || options.only,
  };
}
const testState = { root: null, current: null, scheduled: false, hasOnly: false, counts: { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 }, failures: [] };
function rootNode() {
  if (!testState.root) testState.root = { kind: 'suite', name: '<root>', children: [], hooks: { before: [], after: [], beforeEach: [], afterEach: [] }, parent: null };
  return testState.root;
}
function scheduleRun() {
  if (testState.scheduled) return;
  testState.scheduled = true;
  timers.setTimeout(() => { runAllTests(); }, 0);
}
function register(kind, args, flags) {
  const parent = testState.current || rootNode();
  const node = newNode(kind, parent, args, flags);
  if (node.only) testState.hasOnly = true;
  parent.children.push(node);
  if (kind === 'suite') {
    const previous = testState.current;
    testState.current = node;
    try { if (node.fn) node.fn(); } finally { testState.current = previous; }
  }
  scheduleRun();
  return Promise.resolve();
}
function withVariants(kind) {
  const fn = (...args) => register(kind, args, {});
  fn.skip = (...args) => register(kind, args, { skip: true });
  fn.todo = (...args) => register(kind, args, { todo: true });
  fn.only = (...args) => register(kind, args, { only: true });
  return fn;
}
function hook(kind) {
  return (fn) => { (testState.current || rootNode()).hooks[kind].push(fn); };
}

function indentOf(depth) { return '  '.repeat(depth); }
function ms(start) { return (host.now() - start).toFixed(6).replace(/\.?0+$/, '') + 'ms'; }
function errorBlock(err, depth) {
  const text = err instanceof Error ? errorText(err) : 'Error: ' + inspect(err);
  return text.split('\n').map((line) => indentOf(depth + 1) + line).join('\n');
}
function containsOnly(node) { return node.only || node.children.some(containsOnly); }
async function runHookList(list, context) { for (const fn of list) await fn(context); }
function eachHooks(node, kind) {
  const chain = [];
  for (let n = node.parent; n; n = n.parent) chain.unshift(n.hooks[kind]);
  return kind === 'afterEach' ? chain.reverse().flat() : chain.flat();
}
function callWithDone(fn, context) {
  if (fn.length < 2) return fn(context);
  return new Promise((resolve, reject) => { fn(context, (err) => (err ? reject(err) : resolve())); });
}
async function runTestNode(node, depth, skipAll) {
  const start = host.now();
  if (node.kind === 'suite') {
    testState.counts.suites++;
    host.write(1, indentOf(depth) + '▶ ' + node.name + '\n');
    let failed = false;
    try {
      if (!(node.skip || skipAll)) await runHookList(node.hooks.before, undefined);
      for (const child of node.children) if (!(await runTestNode(child, depth + 1, skipAll || node.skip || node.todo))) failed = true;
      if (!(node.skip || skipAll)) await runHookList(node.hooks.after, undefined);
    } catch (err) {
      failed = true;
      testState.counts.fail++;
      host.write(1, indentOf(depth) + '✖ ' + node.name + ' (hook failed)\n' + errorBlock(err, depth) + '\n');
      return false;
    }
    host.write(1, indentOf(depth) + (failed ? '✖ ' : '✔ ') + node.name + ' (' + ms(start) + ')\n');
    return !failed;
  }
  if (!nameSelected(node)) return true;
  testState.counts.tests++;
  const skipped = skipAll || node.skip || (testState.hasOnly && !containsOnly(node) && !onlyAncestor(node));
  if (skipped) {
    testState.counts.skipped++;
    host.write(1, indentOf(depth) + '﹣ ' + node.name + ' (' + ms(start) + ') # SKIP\n');
    return true;
  }
  const subtests = [];
  const mockTracker = makeMockTracker();
  const context = {
    name: node.name,
    signal: undefined,
    mock: mockTracker,
    diagnostic: (message) => host.write(1, indentOf(depth + 1) + '# ' + message + '\n'),
    skip: () => { context.skipped = true; },
    todo: () => { context.todoMarked = true; },
    plan: () => {},
    assert: assertModule,
    test: (...args) => {
      const child = newNode('test', node, args, {});
      subtests.push(child);
      const run = runTestNode(child, depth + 1, false);
      return run.then(() => undefined);
    },
    before: () => {}, after: (fn) => { context.afterFns.push(fn); }, beforeEach: () => {}, afterEach: () => {},
    afterFns: [],
  };
  let error;
  try {
    await runHookList(eachHooks(node, 'beforeEach'), context);
    if (node.fn) await callWithDone(node.fn, context);
    await runHookList(context.afterFns, context);
    await runHookList(eachHooks(node, 'afterEach'), context);
  } catch (err) {
    error = err === undefined ? new Error('undefined was thrown') : err;
  }
  mockTracker.restoreAll();
  const todo = node.todo || context.todoMarked;
  if (context.skipped) {
    testState.counts.skipped++;
    host.write(1, indentOf(depth) + '﹣ ' + node.name + ' (' + ms(start) + ') # SKIP\n');
    return true;
  }
  if (todo) {
    testState.counts.todo++;
    host.write(1, indentOf(depth) + (error ? '✖ ' : '✔ ') + node.name + ' (' + ms(start) + ') # TODO\n');
    return true;
  }
  if (error) {
    testState.counts.fail++;
    testState.failures.push(node.name);
    host.write(1, indentOf(depth) + '✖ ' + node.name + ' (' + ms(start) + ')\n' + errorBlock(error, depth) + '\n');
    return false;
  }
  testState.counts.pass++;
  host.write(1, indentOf(depth) + '✔ ' + node.name + ' (' + ms(start) + ')\n');
  return true;
}
/** node --test-name-pattern: a test runs when its name or an enclosing suite's matches a pattern; the others are left out, uncounted. */
let namePatterns;
function nameSelected(node) {
  // Read when the tests run: process is not set up yet when this module loads.
  if (namePatterns === undefined) { const raw = process.env.PHASEGATE_TEST_NAME_PATTERNS; namePatterns = raw ? JSON.parse(raw).map((p) => new RegExp(p)) : null; }
  if (!namePatterns) return true;
  for (let n = node; n && n.parent; n = n.parent) if (namePatterns.some((p) => p.test(n.name))) return true;
  return false;
}
function onlyAncestor(node) { for (let n = node.parent; n; n = n.parent) if (n.only) return true; return false; }
async function runAllTests() {
  const root = rootNode();
  const start = host.now();
  try {
    await runHookList(root.hooks.before, undefined);
    for (const child of root.children) await runTestNode(child, 0, false);
    await runHookList(root.hooks.after, undefined);
  } catch (err) {
    testState.counts.fail++;
    host.write(1, '✖ top-level hook failed\n' + errorBlock(err, 0) + '\n');
  }
  if (testState.counts.fail > 0) process.exitCode = 1;
  if (host.testCounts(JSON.stringify(testState.counts))) return;
  const c = testState.counts;
  host.write(1, ['tests ' + c.tests, 'suites ' + c.suites, 'pass ' + c.pass, 'fail ' + c.fail, 'cancelled ' + c.cancelled, 'skipped ' + c.skipped, 'todo ' + c.todo, 'duration_ms ' + (host.now() - start).toFixed(3)].map((l) => 'ℹ ' + l + '\n').join(''));
}
const nodeTest = withVariants('test');
const testModule = Object.assign(nodeTest, {
  test: nodeTest,
  it: withVariants('test'),
  describe: withVariants('suite'),
  suite: withVariants('suite'),
  before: hook('before'),
  after: hook('after'),
  beforeEach: hook('beforeEach'),
  afterEach: hook('afterEach'),
  mock: makeMockTracker(),
});
`;
