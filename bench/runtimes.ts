/**
 * The virtual sandbox's language runtimes, in Node (the CLI's environment; the browser loads the
 * same code and files): Pyodide's cold load, then warm `python3 -c pass` and a 20-test pytest run
 * through Phasegate's offline pytest. Issue 20's targets: warm commands < 50 ms, a 20-test run < 1 s.
 * Wall time per command (median of RUNS), through the sandbox's own exec, as an agent's run_command.
 */
import { nodePythonRuntime } from '../src/cli/node-python';
import { VirtualSandbox } from '../src/sandbox/virtual';
import { info, target } from './support/verdict.mjs';

const TARGETS = { warmCommandMs: 50, twentyTestsMs: 1000, pyodideColdNodeMs: 4000 };
const RUNS = Math.max(3, Number(process.env.PHASEGATE_BENCH_RUNS) || 5);

const TWENTY_PYTEST_TESTS = Array.from({ length: 20 }, (_, i) => `def test_sum_${i}():\n    assert sum(range(${i + 1})) == ${((i + 1) * i) / 2}\n`).join('\n');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timedExec(sandbox: VirtualSandbox, command: string): Promise<number> {
  const started = performance.now();
  const result = await sandbox.exec(command);
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${command} exited ${result.exitCode}: ${result.stderr || result.stdout}`);
  return ms;
}

async function main() {
  const python = nodePythonRuntime();
  const sandbox = new VirtualSandbox({ python, files: { 'test_twenty.py': TWENTY_PYTEST_TESTS } });
  const cold = await timedExec(sandbox, 'python3 -c pass');
  const warm: number[] = [];
  const pytest: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    warm.push(await timedExec(sandbox, 'python3 -c pass'));
    pytest.push(await timedExec(sandbox, 'python -m pytest -q'));
  }
  console.log(`runtimes: Node ${process.versions.node}, ${RUNS} runs each (median)`);
  target('Pyodide cold: first python3 -c pass, load included', cold, { below: TARGETS.pyodideColdNodeMs }, 'ms', 0);
  target('warm python3 -c pass', median(warm), { below: TARGETS.warmCommandMs }, 'ms', 1);
  target('warm 20-test pytest run (offline pytest)', median(pytest), { below: TARGETS.twentyTestsMs }, 'ms', 0);
  info('warm 20-test pytest run, slowest', Math.max(...pytest), 'ms', 0, 'the median is the target');
  await sandbox.dispose();
  python.dispose();
}

await main();
