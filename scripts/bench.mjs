// Runs every benchmark in bench/ in turn (*.mjs with node, *.ts with tsx), keeps going after a miss
// or a crash, then prints one row per part and exits 1 if any part missed a target, crashed or
// checked none. `node scripts/bench.mjs [name-filter]`. Each part reports its verdicts through
// bench/support/verdict.mjs into a file named by PHASEGATE_BENCH_REPORT.
// The browser parts share one production build, made here first (into PHASEGATE_DIST, default
// dist), unless PHASEGATE_BENCH_NO_BUILD=1 says the build is there already.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filter = process.argv[2] ?? '';
const benches = readdirSync(`${root}/bench`)
  .filter((name) => (name.endsWith('.mjs') || (name.endsWith('.ts') && !name.endsWith('.d.ts'))) && name.includes(filter))
  .sort();

if (benches.length === 0) {
  console.error(`bench: nothing in bench/ matches "${filter}".`);
  process.exit(1);
}

const usesBrowser = (name) => readFileSync(`${root}/bench/${name}`, 'utf8').includes('./support/served-app.mjs');
const env = { ...process.env };
if (benches.some(usesBrowser) && env.PHASEGATE_BENCH_NO_BUILD !== '1') {
  const outDir = env.PHASEGATE_DIST ?? 'dist';
  console.log(`== production build into ${outDir}/ (for the browser parts) ==`);
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('bench: vite build failed');
    process.exit(1);
  }
  env.PHASEGATE_BENCH_NO_BUILD = '1';
}

const reports = mkdtempSync(join(tmpdir(), 'phasegate-bench-'));
const rows = [];
for (const name of benches) {
  console.log(`\n== ${name} ==`);
  const report = join(reports, `${name}.jsonl`);
  const command = name.endsWith('.ts') ? [`${root}/node_modules/tsx/dist/cli.mjs`, `bench/${name}`] : [`bench/${name}`];
  const load = loadavg()[0];
  const started = performance.now();
  const result = spawnSync(process.execPath, command, { cwd: root, stdio: 'inherit', env: { ...env, PHASEGATE_BENCH_REPORT: report } });
  const seconds = (performance.now() - started) / 1000;
  let verdicts = [];
  try {
    verdicts = readFileSync(report, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No report: the part crashed before its first verdict.
  }
  const targets = verdicts.filter((v) => v.kind !== 'info');
  const missed = targets.filter((v) => !v.met);
  const crashed = result.status !== 0 && missed.length === 0;
  let status = 'ok';
  if (result.status === null) status = `CRASHED (${result.signal})`;
  else if (crashed && targets.length === 0) status = `FAILED (exit ${result.status}, no target checked)`;
  else if (crashed) status = `CRASHED (exit ${result.status})`;
  else if (missed.length > 0) status = 'MISSED';
  rows.push({ name, met: targets.length - missed.length, missed, info: verdicts.length - targets.length, seconds, load, status });
}
rmSync(reports, { recursive: true, force: true });

// Wall-clock targets (page load, reload to the interrupted session) only mean something on a machine
// that is not oversubscribed: the load average says how busy it was.
console.log(`\n== summary (${availableParallelism()} cores; load = 1-minute load average) ==`);
const header = ['part', 'targets met', 'missed', 'info', 'time', 'load at start', 'verdict'];
const table = [
  header,
  ...rows.map((r) => [r.name, String(r.met), String(r.missed.length), String(r.info), `${r.seconds.toFixed(0)} s`, r.load.toFixed(1), r.status]),
];
const widths = header.map((_, c) => Math.max(...table.map((row) => row[c].length)));
for (const row of table) console.log(`  ${row.map((cell, c) => cell.padEnd(widths[c])).join('  ')}`.trimEnd());
for (const row of rows)
  for (const miss of row.missed)
    console.log(
      `  missed in ${row.name}: ${miss.label.trim()}: ${typeof miss.value === 'number' ? Number(miss.value.toFixed(3)) : miss.value} ${miss.unit} (target ${miss.goal})`,
    );

const failed = rows.filter((r) => r.status !== 'ok');
if (failed.length > 0) {
  console.error(`\nbench: ${failed.length} of ${rows.length} parts failed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
console.log(`\nbench: every target met in all ${rows.length} parts`);
