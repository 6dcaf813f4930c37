/**
 * Guest JavaScript (runs inside QuickJS) for the offline vitest/jest runner: collects the file's
 * suites and tests, runs them in order with their hooks (beforeAll/afterAll per suite,
 * beforeEach/afterEach outer to inner and back, cleanups returned by hooks), a timeout per test
 * and jest's `done` callback, then hands the results to the host as JSON through `report` and
 * ends the program (a timer left running must not keep the file alive).
 */
export const GUEST_VITEST_RUNNER = String.raw`
const TEST_TIMEOUT_MS = 5000;
const HOOK_TIMEOUT_MS = 10000;
function newSuite(name, parent, mode) {
  return { kind: 'suite', name, parent, mode, children: [], hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] } };
}
const rootSuite = newSuite('', null, 'run');
const collection = { current: rootSuite, hasOnly: false, errors: [] };
class SkipSignal { constructor(note) { this.note = note; } }

function titleOf(name) { return typeof name === 'function' ? name.name || '<anonymous>' : String(name); }
/** it(name, fn?, timeout | options?) or it(name, options, fn). */
function testArgs(args) {
  let fn;
  let options = {};
  for (const arg of args.slice(1)) {
    if (typeof arg === 'function') fn = arg;
    else if (typeof arg === 'number') options = Object.assign({}, options, { timeout: arg });
    else if (arg && typeof arg === 'object') options = Object.assign({}, options, arg);
  }
  for (const key of Object.keys(options)) {
    if (!['timeout', 'skip', 'only', 'todo'].includes(key)) throw missingFeature('the test option ' + key);
  }
  return { name: titleOf(args[0]), fn, options };
}
function modeOf(mode, options) { return options.skip ? 'skip' : options.only ? 'only' : options.todo ? 'todo' : mode; }
function addTest(mode, args) {
  const { name, fn, options } = testArgs(args);
  const test = { kind: 'test', name, fn, mode: fn ? modeOf(mode, options) : 'todo', timeout: options.timeout || TEST_TIMEOUT_MS, parent: collection.current };
  if (test.mode === 'only') collection.hasOnly = true;
  collection.current.children.push(test);
}
function addSuite(mode, args) {
  const { name, fn, options } = testArgs(args);
  const suite = newSuite(name, collection.current, fn ? modeOf(mode, options) : 'todo');
  if (suite.mode === 'only') collection.hasOnly = true;
  collection.current.children.push(suite);
  const previous = collection.current;
  collection.current = suite;
  try {
    const result = fn ? fn() : undefined;
    if (result && typeof result.then === 'function') throw missingFeature('a describe() callback that returns a promise');
  } finally {
    collection.current = previous;
  }
}
function addHook(kind, fn, timeout) {
  if (typeof fn !== 'function') throw new TypeError(kind + '() needs a function');
  collection.current.hooks[kind].push({ fn, timeout: timeout || HOOK_TIMEOUT_MS });
}

function pathOf(node) {
  const names = [];
  for (let n = node; n && n.parent; n = n.parent) names.unshift(n.name);
  return names;
}
function nameFilter() {
  if (!runnerConfig.namePattern) return () => true;
  const pattern = new RegExp(runnerConfig.namePattern);
  return (test) => pattern.test(pathOf(test).join(' '));
}
/** What happens to a test: 'run', 'skip' or 'todo' (.only elsewhere and -t skip it). */
function plannedState(test, matchesName) {
  let only = false;
  for (let n = test; n; n = n.parent) {
    if (n.mode === 'todo') return 'todo';
    if (n.mode === 'skip') return 'skip';
    if (n.mode === 'only') only = true;
  }
  if (collection.hasOnly && !only) return 'skip';
  return matchesName(test) ? 'run' : 'skip';
}
function leavesOf(suite) { return suite.children.flatMap((child) => (child.kind === 'test' ? [child] : leavesOf(child))); }

/** Calls a test or hook body: its promise, or jest's done callback, within the timeout. */
function callBody(fn, timeout, what, context, usesDone) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new Error(what + ' timed out in ' + timeout + 'ms.')), timeout);
    function finish(error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === undefined) resolve(); else reject(error);
    }
    const done = (error) => finish(error ? (error instanceof Error ? error : new Error(String(error))) : undefined);
    done.fail = (message) => finish(new Error(String(message === undefined ? 'done.fail() was called' : message)));
    const argument = Object.assign(done, context || {});
    try {
      const value = fn(argument);
      if (usesDone) return;
      Promise.resolve(value).then(
        (result) => finish(undefined, result),
        (error) => finish(error === undefined ? new Error('a promise rejected with undefined') : error),
      );
    } catch (error) {
      finish(error === undefined ? new Error('undefined was thrown') : error);
    }
  });
}
/** jest passes a done callback to a body that takes an argument; vitest passes its test context. */
function usesDoneCallback(fn) { return runnerConfig.flavour === 'jest' && fn.length >= 1; }
/** Runs hooks in order; a hook may return a cleanup, which runs afterwards (vitest). */
async function runHooks(hooks, what, cleanups) {
  for (const hook of hooks) {
    let cleanup;
    await callBody((arg) => {
      const value = hook.fn(arg);
      if (typeof value === 'function') cleanup = value;
      return typeof value === 'function' ? undefined : value;
    }, hook.timeout, what + ' hook', null, usesDoneCallback(hook.fn));
    if (cleanup) cleanups.unshift({ fn: cleanup, timeout: hook.timeout });
  }
}
function errorReport(error) {
  const text = error instanceof Error ? inspect(error) : 'thrown: ' + inspect(error);
  const lines = text.split('\n');
  const frames = lines.filter((line) => /^\s+at /.test(line) && !line.endsWith('(native)'));
  return lines.filter((line) => !/^\s+at /.test(line)).join('\n').replace(/\s+$/, '') + (frames.length ? '\n' + frames.slice(0, 3).join('\n') : '');
}

const results = [];
function record(test, state, started, error) {
  results.push({ name: pathOf(test), state, duration: started === null ? 0 : performance.now() - started, error: error === undefined ? null : errorReport(error) });
}
async function runTest(test) {
  const started = performance.now();
  const chain = [];
  for (let n = test.parent; n; n = n.parent) chain.unshift(n);
  const cleanups = [];
  let failure;
  let skipped = false;
  const context = { expect, task: { name: test.name }, skip(note) { throw new SkipSignal(note); } };
  const keep = (error) => {
    if (error instanceof SkipSignal) skipped = true;
    else if (failure === undefined) failure = error;
  };
  try {
    for (const suite of chain) await runHooks(suite.hooks.beforeEach, 'beforeEach', cleanups);
    pendingAssertions.length = 0;
    await callBody(test.fn, test.timeout, 'Test', context, usesDoneCallback(test.fn));
  } catch (error) {
    keep(error);
  }
  for (const assertion of pendingAssertions.splice(0)) {
    try { await assertion; } catch (error) { keep(error); }
  }
  for (const suite of chain.slice().reverse()) {
    try { await runHooks(suite.hooks.afterEach, 'afterEach', cleanups); } catch (error) { keep(error); }
  }
  for (const cleanup of cleanups) {
    try { await callBody(cleanup.fn, cleanup.timeout, 'cleanup', null, false); } catch (error) { keep(error); }
  }
  if (failure !== undefined) record(test, 'fail', started, failure);
  else record(test, skipped ? 'skip' : 'pass', started);
}
async function runSuite(suite, matchesName) {
  const leaves = leavesOf(suite);
  if (!leaves.some((test) => plannedState(test, matchesName) === 'run')) {
    for (const test of leaves) record(test, plannedState(test, matchesName) === 'todo' ? 'todo' : 'skip', null);
    return;
  }
  const teardowns = [];
  try {
    await runHooks(suite.hooks.beforeAll, 'beforeAll', teardowns);
  } catch (error) {
    for (const test of leaves) {
      if (plannedState(test, matchesName) === 'run') record(test, 'fail', null, error);
      else record(test, plannedState(test, matchesName), null);
    }
    return;
  }
  for (const child of suite.children) {
    if (child.kind === 'suite') await runSuite(child, matchesName);
    else if (plannedState(child, matchesName) === 'run') await runTest(child);
    else record(child, plannedState(child, matchesName), null);
  }
  try {
    await runHooks(suite.hooks.afterAll, 'afterAll', teardowns);
    for (const teardown of teardowns) await callBody(teardown.fn, teardown.timeout, 'beforeAll cleanup', null, false);
  } catch (error) {
    collection.errors.push('afterAll hook failed in ' + (pathOf(suite).join(' > ') || 'the file') + ':\n' + errorReport(error));
  }
}
async function runCollected() {
  try {
    await runSuite(rootSuite, nameFilter());
  } catch (error) {
    collection.errors.push(errorReport(error));
  }
  report(JSON.stringify({ tests: results, errors: collection.errors }));
  process.exit(0);
}
`;
