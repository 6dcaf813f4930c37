/**
 * The virtual sandbox's language runtimes, in Node (the CLI's environment; the browser loads the
 * same code and files): the cold loads (for information), warm `python3 -c pass` and `node -e 0`, and 20-test
 * runs of Phasegate's offline pytest, `node --test` and the offline vitest runner. Issue 20's
 * targets: warm commands < 50 ms, a 20-test run < 1 s. Wall time per command (median of RUNS),
 * through the sandbox's own exec, as an agent's run_command.
 */
import { nodePythonRuntime } from '../src/cli/node-python';
import { VirtualSandbox } from '../src/sandbox/virtual';
import { median } from './support/stats.mjs';
import { info, target } from './support/verdict.mjs';

/** Issue 20's warm targets; its cold-start targets are for the browser (runtimes-browser.mjs). */
const TARGETS = { warmCommandMs: 50, twentyTestsMs: 1000 };
const RUNS = Math.max(3, Number(process.env.PHASEGATE_BENCH_RUNS) || 5);

const TWENTY_PYTEST_TESTS = Array.from({ length: 20 }, (_, i) => `def test_sum_${i}():\n    assert sum(range(${i + 1})) == ${((i + 1) * i) / 2}\n`).join('\n');

const TWENTY_NODE_TESTS = `import assert from 'node:assert/strict';\nimport { test } from 'node:test';\n${Array.from(
  { length: 20 },
  (_, i) => `test('sum ${i}', () => { assert.equal([...Array(${i + 1}).keys()].reduce((a, b) => a + b, 0), ${((i + 1) * i) / 2}); });`,
).join('\n')}\n`;

const TWENTY_VITEST_TESTS = `import { describe, expect, it } from 'vitest';\ndescribe('sums', () => {\n${Array.from(
  { length: 20 },
  (_, i) => `  it('sum ${i}', () => { expect([...Array(${i + 1}).keys()].reduce((a, b) => a + b, 0)).toBe(${((i + 1) * i) / 2}); });`,
).join('\n')}\n});\n`;

async function timedExec(sandbox: VirtualSandbox, command: string): Promise<number> {
  const started = performance.now();
  const result = await sandbox.exec(command);
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${command} exited ${result.exitCode}: ${result.stderr || result.stdout}`);
  return ms;
}

async function main() {
  const python = nodePythonRuntime();
  const sandbox = new VirtualSandbox({
    python,
    files: { 'test_twenty.py': TWENTY_PYTEST_TESTS, 'node/twenty.test.mjs': TWENTY_NODE_TESTS, 'js/twenty.test.mjs': TWENTY_VITEST_TESTS },
  });
  const cold = await timedExec(sandbox, 'python3 -c pass');
  const nodeCold = await timedExec(sandbox, 'node -e 0');
  const warm: number[] = [];
  const pytest: number[] = [];
  const nodeWarm: number[] = [];
  const nodeTests: number[] = [];
  const vitest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    warm.push(await timedExec(sandbox, 'python3 -c pass'));
    pytest.push(await timedExec(sandbox, 'python -m pytest -q'));
    nodeWarm.push(await timedExec(sandbox, 'node -e 0'));
    nodeTests.push(await timedExec(sandbox, 'node --test node/'));
    vitest.push(await timedExec(sandbox, 'vitest run js/'));
  }
  console.log(`runtimes: Node ${process.versions.node}, ${RUNS} runs each (median)`);
  info(
    'Pyodide cold in Node: first python3 -c pass, load included',
    cold,
    'ms',
    0,
    "restored from the snapshot cached in node_modules/.cache; the cold targets are the browser's (runtimes-browser.mjs)",
  );
  target('warm python3 -c pass', median(warm), { below: TARGETS.warmCommandMs }, 'ms', 1);
  target('warm 20-test pytest run (offline pytest)', median(pytest), { below: TARGETS.twentyTestsMs }, 'ms', 0);
  info('warm 20-test pytest run, slowest', Math.max(...pytest), 'ms', 0, 'the median is the target');
  info('QuickJS cold in Node: first node -e 0', nodeCold, 'ms', 0, "the cold targets are the browser's (runtimes-browser.mjs)");
  target('warm node -e 0', median(nodeWarm), { below: TARGETS.warmCommandMs }, 'ms', 1);
  target('warm 20-test node --test run', median(nodeTests), { below: TARGETS.twentyTestsMs }, 'ms', 0);
  target('warm 20-test vitest-style file (offline runner)', median(vitest), { below: TARGETS.twentyTestsMs }, 'ms', 0);
  await sandbox.dispose();
  python.dispose();
}

await main();
