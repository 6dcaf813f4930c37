// The one way a bench states a target and says whether it was met. Every figure a bench prints is
// either a target (`target`, `check`) with its verdict, or `info`: a figure with the reason it has
// none. A miss sets the exit code to 1; a bench that checked no target at all fails too. With
// PHASEGATE_BENCH_REPORT=FILE (set by scripts/bench.mjs) each verdict is also appended to FILE as a
// JSON line, for the run's summary table.
import { appendFileSync } from 'node:fs';

const REPORT = process.env.PHASEGATE_BENCH_REPORT;
const LABEL_WIDTH = 56;
const verdicts = [];

function record(entry) {
  verdicts.push(entry);
  if (entry.kind !== 'info' && !entry.met) process.exitCode = 1;
  if (REPORT) appendFileSync(REPORT, `${JSON.stringify(entry)}\n`);
}

function format(value, unit, digits) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function describeLimit(limit, unit) {
  const u = unit ? ` ${unit}` : '';
  if (limit.below !== undefined) return `< ${limit.below}${u}`;
  if (limit.atMost !== undefined) return `≤ ${limit.atMost}${u}`;
  return `≥ ${limit.atLeast}${u}`;
}

function meets(value, limit) {
  if (typeof value !== 'number' || Number.isNaN(value)) return false;
  if (limit.below !== undefined) return value < limit.below;
  if (limit.atMost !== undefined) return value <= limit.atMost;
  return value >= limit.atLeast;
}

function line(label, value, goal, verdict) {
  return `  ${label.padEnd(LABEL_WIDTH)} ${value.padStart(12)}   ${goal.padEnd(14)} ${verdict}`;
}

/** A figure with a target: prints it with `ok` or `MISSED`; a missing value (null, NaN) misses. */
export function target(label, value, limit, unit = '', digits = 1) {
  const met = meets(value, limit);
  const goal = describeLimit(limit, unit);
  console.log(line(label, format(value, unit, digits), goal, met ? 'ok' : 'MISSED'));
  record({ kind: 'target', label, value: value ?? null, unit, goal, met });
  return met;
}

/** A yes/no target (say, "Monaco loads only after the first file"). */
export function check(label, met, shown = met ? 'yes' : 'no') {
  console.log(line(label, shown, 'required', met ? 'ok' : 'MISSED'));
  record({ kind: 'check', label, value: shown, unit: '', goal: 'required', met });
  return met;
}

/** A figure printed for information only: `reason` says why it has no target. */
export function info(label, value, unit = '', digits = 1, reason = '') {
  if (!reason) throw new Error(`info "${label}": say why the figure has no target`);
  console.log(`${line(label, format(value, unit, digits), 'info', '')}(${reason})`);
  record({ kind: 'info', label, value: value ?? null, unit, goal: 'info', met: true, reason });
}

process.on('exit', () => {
  const targets = verdicts.filter((v) => v.kind !== 'info');
  const missed = targets.filter((v) => !v.met);
  if (targets.length === 0) {
    console.log('verdict: no target checked');
    process.exitCode = 1;
  } else if (missed.length > 0) {
    console.log(`verdict: MISSED ${missed.length} of ${targets.length} targets: ${missed.map((v) => v.label.trim()).join('; ')}`);
  } else {
    console.log(`verdict: all ${targets.length} targets met`);
  }
});
