/**
 * The shell-command classifier over the labelled table and the real-world
 * samples (test/unit/shell): time per command, how often plainly read-only
 * commands are refused in planning, and how many writes or code runs get
 * through it. Targets: < 1 ms CPU per command (p99), ≤ 5% refused, 0 let through.
 */
import { checkCommand, classifyCommand } from '../src/shell';
import { CASES, type ShellCase } from '../test/unit/shell/cases';
import { FIXTURE_FILES } from '../test/unit/shell/fixture-workspace';
import { REAL_WORLD_READONLY, REAL_WORLD_WRITES } from '../test/unit/shell/real-world';
import { cpuMs } from './support/cpu-time';
import { info, target } from './support/verdict.mjs';

const ROUNDS = 10;
const TARGET_US = 1000;
const TARGET_REFUSED = 0.05;

const labelled: ShellCase[] = Object.values(CASES).flat();
const judge = (cmd: string, files: ReadonlyMap<string, string | null> = FIXTURE_FILES, cwd?: string) =>
  classifyCommand(cmd, { files, ...(cwd ? { cwd } : {}) });
const all: (() => unknown)[] = [
  ...labelled.map((c) => () => judge(c.cmd, c.files, c.cwd)),
  ...[...REAL_WORLD_READONLY, ...REAL_WORLD_WRITES].map((cmd) => () => judge(cmd)),
];

for (const run of all) run(); // warm-up: JIT, and the parser's first use
const samples: number[] = [];
// CPU time per command: on a shared machine a wall-clock p99 measures the other jobs' time slices.
for (let round = 0; round < ROUNDS; round++) {
  for (const run of all) {
    const start = cpuMs();
    run();
    samples.push((cpuMs() - start) * 1000);
  }
}
samples.sort((a, b) => a - b);
const quantile = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
const median = quantile(0.5);
const p99 = quantile(0.99);

const refused = REAL_WORLD_READONLY.filter((cmd) => !checkCommand(cmd, 'readonly', { files: FIXTURE_FILES }).allowed);
const refusedRate = refused.length / REAL_WORLD_READONLY.length;

// Everything labelled as not read-only, and the real-world writes: none may pass the planning rule.
const letThrough = [
  ...labelled
    .filter((c) => !c.readonly && checkCommand(c.cmd, 'readonly', { files: c.files ?? FIXTURE_FILES, ...(c.cwd ? { cwd: c.cwd } : {}) }).allowed)
    .map((c) => c.cmd),
  ...REAL_WORLD_WRITES.filter((cmd) => checkCommand(cmd, 'readonly', { files: FIXTURE_FILES }).allowed),
];
const nonReadonly = labelled.filter((c) => !c.readonly).length + REAL_WORLD_WRITES.length;

console.log(
  `commands judged: ${all.length} (${labelled.length} labelled, ${REAL_WORLD_READONLY.length} real-world read-only, ${REAL_WORLD_WRITES.length} real-world writes), ${ROUNDS} rounds`,
);
info('time per command (median)', median, 'µs', 1, 'the target is on the p99');
target('time per command (p99)', p99, { below: TARGET_US }, 'µs');
target(
  `real-world read-only commands refused in planning (${refused.length}/${REAL_WORLD_READONLY.length})`,
  refusedRate * 100,
  { atMost: TARGET_REFUSED * 100 },
  '%',
);
for (const cmd of refused) console.log(`  refused: ${JSON.stringify(cmd)}`);
target(`writes or code runs allowed in planning (of ${nonReadonly})`, letThrough.length, { atMost: 0 }, '', 0);
for (const cmd of letThrough) console.log(`  allowed: ${JSON.stringify(cmd)}`);
