/**
 * The shell-command classifier over the labelled table and the real-world
 * samples (test/unit/shell): time per command, how often plainly read-only
 * commands are refused in planning, and how many writes or code runs get
 * through it. Targets: < 1 ms CPU per command (p99 over the commands of each one's median),
 * ≤ 5% refused, 0 let through.
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
// CPU time per command: on a shared machine a wall-clock figure measures the other jobs' time slices.
const perCommand: number[][] = all.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  all.forEach((run, index) => {
    const start = cpuMs();
    run();
    perCommand[index]?.push((cpuMs() - start) * 1000);
  });
}
const quantileOf = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
// The target is on each command's own cost (its median over the rounds), p99 across commands. The
// process CPU clock also counts V8's background threads (concurrent marking, compilation), so one
// sample can carry work done for others: the p99 of single samples swung from 0.5 ms to 1.5 ms
// between runs of the same code, while the per-command figure stays near 0.2 ms.
const commandCosts = perCommand.map((samples) => quantileOf(samples, 0.5));
const samples = perCommand.flat();
const median = quantileOf(samples, 0.5);
const p99 = quantileOf(commandCosts, 0.99);
const sampleP99 = quantileOf(samples, 0.99);

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
target('time per command (p99 over commands of their median)', p99, { below: TARGET_US }, 'µs');
info('time per single sample (p99)', sampleP99, 'µs', 1, "process CPU time includes V8's background threads");
target(
  `real-world read-only commands refused in planning (${refused.length}/${REAL_WORLD_READONLY.length})`,
  refusedRate * 100,
  { atMost: TARGET_REFUSED * 100 },
  '%',
);
for (const cmd of refused) console.log(`  refused: ${JSON.stringify(cmd)}`);
target(`writes or code runs allowed in planning (of ${nonReadonly})`, letThrough.length, { atMost: 0 }, '', 0);
for (const cmd of letThrough) console.log(`  allowed: ${JSON.stringify(cmd)}`);
