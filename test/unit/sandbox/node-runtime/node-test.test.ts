import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

function summary(stdout: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const match of stdout.matchAll(/^ℹ (\w+) (\d+(?:\.\d+)?)$/gm)) counts[match[1] ?? ''] = Number(match[2]);
  delete counts.duration_ms;
  return counts;
}

describe('virtual node: node:test', () => {
  it('runs tests, suites, hooks, async tests, skip and todo, and fails the run for a failing test', async () => {
    const file = [
      "const { test, describe, it, beforeEach, afterEach, before } = require('node:test');",
      "const assert = require('node:assert');",
      'const log = [];',
      "before(() => log.push('before'));",
      "describe('math', () => {",
      '  let n = 0;',
      '  beforeEach(() => { n = 1; });',
      "  afterEach(() => log.push('afterEach'));",
      "  it('adds', () => { assert.strictEqual(n + 1, 2); });",
      "  it('awaits', async () => { await new Promise((r) => setTimeout(r, 5)); assert.ok(true); });",
      "  it.skip('skipped', () => { throw new Error('never'); });",
      "  it.todo('later');",
      '});',
      "test('fails', () => { assert.strictEqual(1, 2); });",
      "test('subtests', async (t) => { await t.test('inner', () => {}); });",
      "test('hooks ran', () => { assert.deepStrictEqual(log, ['before', 'afterEach', 'afterEach', 'afterEach']); });",
    ].join('\n');
    const result = await new VirtualSandbox({ files: { 'math.test.js': file } }).exec('node math.test.js');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^▶ math\n {2}✔ adds \(/m);
    expect(result.stdout).toMatch(/^ {2}﹣ skipped \(.*\) # SKIP$/m);
    expect(result.stdout).toMatch(/^ {2}✔ later \(.*\) # TODO$/m);
    expect(result.stdout).toMatch(/^✖ fails \(.*\)\n\s+AssertionError: Expected values to be strictly equal:/m);
    expect(result.stdout).toMatch(/^ {2}✔ inner \(/m);
    expect(summary(result.stdout)).toEqual({ tests: 8, suites: 1, pass: 5, fail: 1, cancelled: 0, skipped: 1, todo: 1 });
  });

  it('offers t.mock.fn, mock.method and only', async () => {
    const file = [
      "import { test, mock } from 'node:test';",
      "import assert from 'node:assert/strict';",
      "test('mock fn', (t) => {",
      '  const fn = t.mock.fn((a) => a * 2);',
      '  fn(2); fn(3);',
      '  assert.equal(fn.mock.callCount(), 2);',
      '  assert.deepEqual(fn.mock.calls[1].arguments, [3]);',
      '  assert.equal(fn.mock.calls[1].result, 6);',
      '});',
      "test('mock method', () => {",
      "  const obj = { get: () => 'real' };",
      "  const spy = mock.method(obj, 'get', () => 'fake');",
      "  assert.equal(obj.get(), 'fake');",
      '  spy.mock.restore();',
      "  assert.equal(obj.get(), 'real');",
      '});',
    ].join('\n');
    const result = await new VirtualSandbox({
      files: {
        'm.test.mjs': file,
        'only.test.js': "const { test } = require('node:test');\ntest.only('this one', () => {});\ntest('not this', () => { throw new Error('ran'); });",
      },
    }).exec('node m.test.mjs && node only.test.js');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('✔ mock fn');
    expect(result.stdout).toContain('✔ mock method');
    expect(result.stdout).toMatch(/﹣ not this .*# SKIP/);
  });

  it('node --test finds test files the way Node does, runs each, and prints one summary', async () => {
    const box = new VirtualSandbox({
      files: {
        'package.json': '{ "name": "demo" }',
        'src/sum.js': 'module.exports = (a, b) => a + b;',
        'src/sum.test.js':
          "const test = require('node:test');\nconst assert = require('assert');\nconst sum = require('./sum');\ntest('sums', () => assert.equal(sum(1, 2), 3));",
        'test/more.mjs': "import test from 'node:test';\ntest('more', () => {});",
        'src/typed.test.ts': "import test from 'node:test';\nconst n: number = 1;\ntest('typed', () => { if (n !== 1) throw new Error('no'); });",
        'src/helper.js': "throw new Error('not a test file');",
        'node_modules/dep/index.test.js': "throw new Error('never run');",
      },
    });
    const result = await box.exec('node --test');
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('✔ sums');
    expect(result.stdout).toContain('✔ more');
    expect(result.stdout).toContain('✔ typed');
    expect(summary(result.stdout)).toEqual({ tests: 3, suites: 0, pass: 3, fail: 0, cancelled: 0, skipped: 0, todo: 0 });
    expect(result.stdout.match(/^ℹ tests/gm)).toHaveLength(1);
  });

  it('node --test counts a file that fails to load as a failed test, and exits 1', async () => {
    const box = new VirtualSandbox({
      files: { 'a.test.js': "require('node:test')('ok', () => {});", 'b.test.js': 'this is not javascript' },
    });
    const result = await box.exec('node --test');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('✖ /workspace/b.test.js');
    expect(result.stdout).toContain('SyntaxError');
    expect(summary(result.stdout)).toMatchObject({ tests: 2, pass: 1, fail: 1 });
  });
});
