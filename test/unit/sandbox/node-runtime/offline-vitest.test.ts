import { describe, expect, it } from 'vitest';
import { parseOfflineVitestArgs } from '../../../../src/sandbox/node-runtime/offline-vitest-args';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { parseTestReport } from '../../../../src/tools/test-report';

const lines = (...text: string[]) => `${text.join('\n')}\n`;

/** A small vitest project: ES modules, a TypeScript test, `it.each` in its three forms, `vi.fn` and `vi.spyOn`. */
const VITEST_PROJECT = {
  'package.json': JSON.stringify({ name: 'calc', type: 'module', scripts: { test: 'vitest run' } }),
  'src/calc.js': lines(
    'export const add = (a, b) => a + b;',
    'export function divide(a, b) { if (b === 0) throw new RangeError("division by zero"); return a / b; }',
    'export const later = (value) => new Promise((resolve) => setTimeout(() => resolve(value), 5));',
    'export const notify = (listener, value) => { listener(value, value * 2); return listener(value); };',
  ),
  'src/calc.test.js': lines(
    "import { describe, it, expect, vi } from 'vitest';",
    "import { add, divide, later, notify } from './calc.js';",
    "describe('add', () => {",
    "  it.each([[1, 1, 2], [2, 3, 5]])('add(%i, %i) -> %i', (a, b, sum) => { expect(add(a, b)).toBe(sum); });",
    "  it.each([{ a: 1, b: 2, sum: 3 }, { a: -1, b: 1, sum: 0 }])('$a + $b is $sum', ({ a, b, sum }) => { expect(add(a, b)).toEqual(sum); });",
    "  it.each([1, 2])('adds zero to %d', (n) => { expect(add(n, 0)).toBe(n); });",
    '});',
    "describe('divide', () => {",
    "  it('throws on zero', () => {",
    '    expect(() => divide(1, 0)).toThrow();',
    "    expect(() => divide(1, 0)).toThrow('by zero');",
    '    expect(() => divide(1, 0)).toThrow(/division/);',
    '    expect(() => divide(1, 0)).toThrow(RangeError);',
    '    expect(() => divide(4, 2)).not.toThrow();',
    '  });',
    "  it('resolves later', async () => {",
    '    await expect(later(3)).resolves.toBe(3);',
    "    await expect(Promise.reject(new Error('nope'))).rejects.toThrow('nope');",
    '    expect(await later({ x: 1 })).toStrictEqual({ x: 1 });',
    '  });',
    '});',
    "describe('mocks', () => {",
    "  it('records calls and results', () => {",
    '    const listener = vi.fn((value) => value + 1);',
    '    expect(notify(listener, 2)).toBe(3);',
    '    expect(listener).toHaveBeenCalled();',
    '    expect(listener).toHaveBeenCalledTimes(2);',
    '    expect(listener).toHaveBeenCalledWith(2, 4);',
    '    expect(listener).toHaveBeenLastCalledWith(2);',
    '    expect(listener.mock.calls).toEqual([[2, 4], [2]]);',
    "    expect(listener.mock.results[1]).toEqual({ type: 'return', value: 3 });",
    '  });',
    "  it('spies and restores', () => {",
    "    const spy = vi.spyOn(Math, 'max').mockReturnValue(42);",
    '    expect(Math.max(1, 2)).toBe(42);',
    '    spy.mockRestore();',
    '    expect(Math.max(1, 2)).toBe(2);',
    '  });',
    '});',
  ),
  'src/types.test.ts': lines(
    "import { expect, test } from 'vitest';",
    "import { add } from './calc.js';",
    'interface Pair { left: number; right: number }',
    'const pair: Pair = { left: 2, right: 3 };',
    "test('typed', () => { expect(add(pair.left, pair.right) as number).toBeGreaterThan(4); });",
  ),
};

describe('offline vitest: a passing project', () => {
  it('runs through npm test, says it is the offline runner, and prints a summary run_tests counts', async () => {
    const box = new VirtualSandbox({ files: VITEST_PROJECT });
    const result = await box.exec('npm test');
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Phasegate's offline vitest/jest-compatible runner (not vitest itself)");
    expect(result.stdout).toContain(' ✓ src/calc.test.js (10 tests)');
    expect(result.stdout).toContain(' ✓ src/types.test.ts (1 test)');
    expect(result.stdout).toContain(' Test Files  2 passed (2)\n');
    expect(result.stdout).toContain('      Tests  11 passed (11)\n');
    const report = parseTestReport(result.stdout);
    expect(report).toMatchObject({ format: 'vitest', counts: { passed: 11, failed: 0, skipped: 0 }, failures: [] });
  });

  it('answers vitest run, npx vitest, a path filter and -t, and still runs its own runner when vitest is installed', async () => {
    const box = new VirtualSandbox({
      files: {
        ...VITEST_PROJECT,
        'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', main: 'index.js' }),
        'node_modules/vitest/index.js': "throw new Error('the installed vitest ran');\n",
      },
    });
    const filtered = await box.exec("vitest run types && npx vitest -t 'spies'");
    expect(filtered.exitCode).toBe(0);
    expect(filtered.stdout).toContain('node_modules/vitest is installed, but it cannot run in QuickJS');
    expect(filtered.stdout).toContain(' Test Files  1 passed (1)\n      Tests  1 passed (1)\n');
    expect(filtered.stdout).toContain(' ↓ src/types.test.ts (1 test | 1 skipped)');
    expect(filtered.stdout).toContain('      Tests  1 passed | 10 skipped (11)\n');
    expect(filtered.stdout).not.toContain('the installed vitest ran');
  });

  it('npm test and npx vitest use the offline runner even with vitest in node_modules/.bin', async () => {
    const box = new VirtualSandbox({
      files: {
        ...VITEST_PROJECT,
        'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', bin: { vitest: 'vitest.mjs' } }),
        'node_modules/vitest/vitest.mjs': "#!/usr/bin/env node\nthrow new Error('the installed vitest ran');\n",
        'node_modules/.bin/vitest': "#!/usr/bin/env node\nthrow new Error('the installed vitest ran');\n",
      },
    });
    for (const command of ['npm test', 'npx vitest run']) {
      const result = await box.exec(command);
      expect(result.stdout + result.stderr, command).not.toContain('the installed vitest ran');
      expect(result.stdout, command).toContain("Phasegate's offline vitest/jest-compatible runner");
      expect(result.exitCode, command).toBe(0);
    }
  });
});

describe('offline vitest: failures', () => {
  it('shows expected against received, lists the failed tests, and exits 1', async () => {
    const box = new VirtualSandbox({
      files: {
        'math.test.mjs': lines(
          "import { describe, it, expect } from 'vitest';",
          "describe('math', () => {",
          "  it('adds', () => { expect(1 + 1).toBe(2); });",
          "  it('multiplies', () => { expect(2 * 2).toBe(5); });",
          "  it('builds', () => { expect({ name: 'a', tags: ['x', 'y'] }).toEqual({ name: 'a', tags: ['x', 'z'] }); });",
          "  it.skip('later', () => {});",
          "  it.todo('someday');",
          '});',
        ),
      },
    });
    const result = await box.exec('vitest');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(' × math.test.mjs (5 tests | 2 failed | 2 skipped)');
    expect(result.stdout).toContain(
      lines(
        ' FAIL  math.test.mjs > math > multiplies',
        'AssertionError: expected 4 to be 5 // Object.is equality',
        '',
        '- Expected',
        '+ Received',
        '',
        '- 5',
        '+ 4',
      ),
    );
    expect(result.stdout).toContain(lines('    "tags": Array [', '      "x",', '-     "z",', '+     "y",', '    ],'));
    expect(result.stdout).toContain('      Tests  2 failed | 1 passed | 1 skipped | 1 todo (5)\n');
    const report = parseTestReport(result.stdout);
    expect(report?.counts).toEqual({ passed: 1, failed: 2, skipped: 2, unit: 'tests' });
    expect(report?.failures.map((failure) => failure.name)).toEqual(['math.test.mjs > math > multiplies', 'math.test.mjs > math > builds']);
  });

  it('fails a file that uses vi.mock, a snapshot, fake timers or an export it lacks, naming what is missing', async () => {
    const box = new VirtualSandbox({
      files: {
        'a.test.js': lines("import { vi, it, expect } from 'vitest';", "vi.mock('./a.js');", "it('never runs', () => { expect(1).toBe(1); });"),
        'b.test.js': lines("import { it, expect } from 'vitest';", "it('snapshots', () => { expect({ a: 1 }).toMatchSnapshot(); });"),
        'c.test.js': lines("import { it, vi } from 'vitest';", "it('fakes time', () => { vi.useFakeTimers(); });"),
        'd.test.js': lines("import { it } from 'vitest';", "it.concurrent('in parallel', () => {});"),
        'e.test.mjs': lines("import { expectTypeOf, test } from 'vitest';", "test('types', () => {});"),
      },
    });
    const result = await box.exec('npx vitest run');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Unsupported: vi.mock() is not supported by Phasegate's offline vitest/jest runner");
    expect(result.stdout).toContain("Unsupported: expect(…).toMatchSnapshot() is not supported by Phasegate's offline vitest/jest runner");
    expect(result.stdout).toContain("Unsupported: vi.useFakeTimers() is not supported by Phasegate's offline vitest/jest runner");
    expect(result.stdout).toContain("Unsupported: it.concurrent() is not supported by Phasegate's offline vitest/jest runner");
    expect(result.stdout).toContain("Unsupported: expectTypeOf from 'vitest' is not supported by Phasegate's offline vitest/jest runner");
    expect(result.stdout).toContain(' Test Files  5 failed (5)\n');
    expect(parseTestReport(result.stdout)?.counts).toMatchObject({ passed: 0, failed: 5 });
  });

  it('fails every file when the config asks for setupFiles, and when no test file exists', async () => {
    const configured = new VirtualSandbox({
      files: {
        'vitest.config.ts': "export default { test: { setupFiles: ['./setup.ts'] } };\n",
        'x.test.js': "import { it } from 'vitest';\nit('x', () => {});\n",
      },
    });
    const result = await configured.exec('vitest run');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("Unsupported: setupFiles (in vitest.config.ts) is not supported by Phasegate's offline vitest/jest runner");
    const empty = await new VirtualSandbox({ files: { 'index.js': '' } }).exec('vitest run');
    expect(empty.exitCode).toBe(1);
    expect(empty.stdout).toContain('No test files found');
  });
});

describe('offline jest', () => {
  it('runs a jest-globals file with nested hooks in order, jest.fn, done callbacks and __tests__', async () => {
    const box = new VirtualSandbox({
      files: {
        'package.json': JSON.stringify({ scripts: { test: 'jest --ci' } }),
        'lib/queue.js': lines(
          'class Queue { constructor() { this.items = []; } push(x) { this.items.push(x); return this.items.length; } get size() { return this.items.length; } }',
          'module.exports = { Queue };',
        ),
        'lib/__tests__/queue.js': lines(
          "const { Queue } = require('../queue');",
          'const order = [];',
          "beforeAll(() => order.push('beforeAll'));",
          "afterAll(() => { order.push('afterAll'); require('fs').writeFileSync('order.json', JSON.stringify(order)); });",
          "describe('Queue', () => {",
          '  let queue;',
          "  beforeEach(() => { order.push('outer before'); queue = new Queue(); });",
          "  afterEach(() => order.push('outer after'));",
          "  describe('push', () => {",
          "    beforeEach(() => order.push('inner before'));",
          "    afterEach(() => order.push('inner after'));",
          "    test('returns the size', () => { order.push('test'); expect(queue.push('a')).toBe(1); expect(queue).toHaveProperty('items.0', 'a'); expect(queue.size).toBeLessThanOrEqual(1); });",
          '  });',
          "  test('calls back', (done) => { const cb = jest.fn(() => done()); setTimeout(() => cb('tick'), 1); });",
          "  test('mocks return values', () => {",
          '    const next = jest.fn().mockReturnValueOnce(1).mockReturnValue(2);',
          '    expect([next(), next(), next()]).toEqual([1, 2, 2]);',
          '    next.mockClear();',
          '    expect(next).not.toHaveBeenCalled();',
          '    next.mockReset();',
          '    expect(next()).toBeUndefined();',
          '  });',
          '});',
        ),
        'lib/queue.spec.ts': lines(
          "import { describe, expect, it, jest } from '@jest/globals';",
          "import { Queue } from './queue';",
          "describe('typed', () => {",
          "  it('resolves a mock', async () => { const load = jest.fn<() => Promise<number>>().mockResolvedValue(7); await expect(load()).resolves.toBe(7); expect(new Queue()).toMatchObject({ items: [] }); });",
          '});',
        ),
      },
    });
    const result = await box.exec('npm test');
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Phasegate's offline vitest/jest-compatible runner (not jest itself)");
    expect(result.stdout).toContain('      Tests  4 passed (4)\n');
    expect(JSON.parse(await box.readFile('/workspace/order.json'))).toEqual([
      'beforeAll',
      'outer before',
      'inner before',
      'test',
      'inner after',
      'outer after',
      'outer before',
      'outer after',
      'outer before',
      'outer after',
      'afterAll',
    ]);
  });
});

describe('offline jest: tables and hooks that fail', () => {
  it('names tests from template tables and describe.each, and fails the tests under a beforeAll that threw', async () => {
    const box = new VirtualSandbox({
      files: {
        'table.test.js': lines(
          "describe.each([['a', 1], ['b', 2]])('group %s', (name, n) => {",
          '  test.each`',
          '    a    | b    | sum',
          '    ${1} | ${n} | ${1 + n}',
          "    ${'x'} | ${n} | ${'x' + n}",
          "  `('$a + $b = $sum', ({ a, b, sum }) => { expect(a + b).toBe(sum); });",
          '});',
          "it.each([[{ k: 1 }, [1, 2]]])('obj %o arr %j #%# of %$ 100%%', () => {});",
          "describe('broken setup', () => { beforeAll(() => { throw new Error('setup broke'); }); it('a', () => {}); });",
        ),
      },
    });
    const result = await box.exec('jest table');
    expect(result.stdout).toContain(lines('   ✓ group a > 1 + 1 = 2', "   ✓ group a > 'x' + 1 = 'x1'", '   ✓ group b > 1 + 2 = 3'));
    expect(result.stdout).toContain('   ✓ obj { k: 1 } arr [1,2] #0 of 1 100%\n');
    expect(result.stdout).toContain(' FAIL  table.test.js > broken setup > a\nError: setup broke\n');
    expect(result.stdout).toContain('      Tests  1 failed | 5 passed (6)\n');
    expect(result.exitCode).toBe(1);
  });
});

describe('offline vitest: the matchers of the subset', () => {
  it('passes and fails each matcher as vitest does, with .not, .only, vi.restoreAllMocks and a test timeout', async () => {
    const box = new VirtualSandbox({
      files: {
        'matchers.test.js': lines(
          "import { describe, it, expect, vi, afterEach } from 'vitest';",
          'const fails = (fn) => expect(fn).toThrow(/expected/);',
          "describe('matchers', () => {",
          '  afterEach(() => { vi.restoreAllMocks(); });',
          "  it.only('agree with vitest', () => {",
          '    expect(0.1 + 0.2).toBeCloseTo(0.3); fails(() => expect(0.1).toBeCloseTo(0.2));',
          '    expect({ a: 1, b: undefined }).toEqual({ a: 1 }); fails(() => expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 }));',
          '    class Point { constructor() { this.x = 1; } }',
          '    expect(new Point()).toEqual({ x: 1 }); fails(() => expect(new Point()).toStrictEqual({ x: 1 }));',
          '    expect({ a: { b: 2, c: 3 }, d: [1] }).toMatchObject({ a: { b: 2 } }); fails(() => expect({ a: { b: 2 } }).toMatchObject({ a: { b: 3 } }));',
          "    expect([1, 2, 3]).toContain(2); expect('hello').toContain('ell'); fails(() => expect([{ a: 1 }]).toContain({ a: 1 }));",
          "    expect('hello').toMatch(/^h/); expect('hello').toMatch('llo'); fails(() => expect('hello').toMatch(/z/));",
          "    expect(1).toBeTruthy(); expect('').toBeFalsy(); expect(null).toBeNull(); expect(undefined).toBeUndefined(); expect(0).toBeDefined();",
          '    fails(() => expect(0).toBeTruthy()); fails(() => expect(undefined).toBeDefined()); fails(() => expect(1).not.toBe(1));',
          "    expect([1, 2]).toHaveLength(2); expect('abc').toHaveLength(3); fails(() => expect([]).toHaveLength(1));",
          "    expect({ a: { b: [{ c: 5 }] } }).toHaveProperty('a.b[0].c', 5); expect({ a: 1 }).toHaveProperty(['a']); fails(() => expect({ a: 1 }).toHaveProperty('a', 2));",
          '    expect(2).toBeGreaterThan(1); expect(2).toBeGreaterThanOrEqual(2); expect(1).toBeLessThan(2); expect(2).toBeLessThanOrEqual(2);',
          '    fails(() => expect(1).toBeGreaterThan(1)); fails(() => expect(3).toBeLessThanOrEqual(2));',
          "    const spy = vi.spyOn(console, 'log').mockImplementation(() => {}); console.log('quiet'); expect(spy).toHaveBeenCalledWith('quiet');",
          '    const f = vi.fn(); f(1); fails(() => expect(f).toHaveBeenCalledWith(2)); fails(() => expect(f).toHaveBeenCalledTimes(2));',
          "    expect(f).toHaveBeenCalledWith(expect.any(Number)); expect({ a: 'x' }).toEqual({ a: expect.anything() }); fails(() => expect(f).toHaveBeenCalledWith(expect.any(String)));",
          '    const r = vi.fn().mockResolvedValueOnce(1).mockReturnValue(2); expect(r()).toBeInstanceOf(Promise); expect(r()).toBe(2); r.mockReset(); expect(r.mock.calls).toHaveLength(0);',
          '  });',
          "  it('is skipped by .only', () => { throw new Error('ran'); });",
          '});',
          "it.only('times out', () => new Promise(() => {}), 30);",
          "it.only('fails an assertion nobody awaited', () => { expect(Promise.resolve(1)).resolves.toBe(2); });",
        ),
      },
    });
    const result = await box.exec('vitest run');
    expect(result.stdout).toContain('   ✓ matchers > agree with vitest\n');
    expect(result.stdout).toContain('   ↓ matchers > is skipped by .only\n');
    expect(result.stdout).toContain(' FAIL  matchers.test.js > times out\nError: Test timed out in 30ms.');
    expect(result.stdout).toContain(' FAIL  matchers.test.js > fails an assertion nobody awaited\nAssertionError: expected 1 to be 2');
    expect(result.stdout).toContain('      Tests  2 failed | 1 passed | 1 skipped (4)\n');
    expect(result.exitCode).toBe(1);
  });
});

describe('offline vitest: the command line', () => {
  it('reads filters, -t and --passWithNoTests, notes coverage and watch, and refuses what it cannot honour', () => {
    expect(parseOfflineVitestArgs(['run', 'src/a', '-t', 'adds', '--reporter=verbose', '--passWithNoTests'], 'vitest')).toEqual({
      kind: 'run',
      filters: ['src/a'],
      namePattern: 'adds',
      passWithNoTests: true,
      notes: [],
    });
    expect(parseOfflineVitestArgs(['--ci', '--coverage', '--testNamePattern=sum', 'lib/'], 'jest')).toEqual({
      kind: 'run',
      filters: ['lib/'],
      namePattern: 'sum',
      passWithNoTests: false,
      notes: ['no coverage is collected (--coverage)'],
    });
    expect(parseOfflineVitestArgs(['watch'], 'vitest')).toMatchObject({ kind: 'run', filters: [], notes: ['the tests run once: there is no watch mode'] });
    expect(parseOfflineVitestArgs(['--shard=1/2'], 'vitest')).toEqual({
      kind: 'error',
      message: "vitest: --shard=1/2 is not supported by Phasegate's offline vitest/jest runner",
    });
    expect(parseOfflineVitestArgs(['-t', '('], 'jest')).toMatchObject({ kind: 'error' });
  });
});
