/**
 * The shell-command classifier over the labelled table and the real-world
 * samples (test/unit/shell): time per command, how often plainly read-only
 * commands are refused in planning, and how many writes or code runs get
 * through it. Targets: < 1 ms per command, ≤ 5% refused, 0 let through.
 */
import { checkCommand, classifyCommand } from '../src/shell';
import { CASES, type ShellCase } from '../test/unit/shell/cases';
import { FIXTURE_FILES } from '../test/unit/shell/fixture-workspace';
import { REAL_WORLD_READONLY, REAL_WORLD_WRITES } from '../test/unit/shell/real-world';

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
for (let round = 0; round < ROUNDS; round++) {
  for (const run of all) {
    const start = performance.now();
    run();
    samples.push((performance.now() - start) * 1000);
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

const verdict = (ok: boolean) => (ok ? 'target met' : 'target MISSED');
console.log(
  `commands judged: ${all.length} (${labelled.length} labelled, ${REAL_WORLD_READONLY.length} real-world read-only, ${REAL_WORLD_WRITES.length} real-world writes), ${ROUNDS} rounds`,
);
console.log(`time per command: median ${median.toFixed(1)} µs, p99 ${p99.toFixed(1)} µs   < ${TARGET_US} µs: ${verdict(p99 < TARGET_US)}`);
console.log(
  `real-world read-only commands refused in planning: ${refused.length}/${REAL_WORLD_READONLY.length} = ${(refusedRate * 100).toFixed(1)}%   ≤ ${TARGET_REFUSED * 100}%: ${verdict(refusedRate <= TARGET_REFUSED)}`,
);
for (const cmd of refused) console.log(`  refused: ${JSON.stringify(cmd)}`);
console.log(`writes or code runs allowed in planning: ${letThrough.length} of ${nonReadonly}   = 0: ${verdict(letThrough.length === 0)}`);
for (const cmd of letThrough) console.log(`  allowed: ${JSON.stringify(cmd)}`);
