// Runs every benchmark in bench/ in turn: *.mjs with node, *.ts with tsx.
// `node scripts/bench.mjs [name-filter]`; exits 1 if any benchmark failed to run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const failed = [];
for (const name of benches) {
  console.log(`\n== ${name} ==`);
  const command = name.endsWith('.ts') ? [`${root}/node_modules/tsx/dist/cli.mjs`, `bench/${name}`] : [`bench/${name}`];
  const result = spawnSync(process.execPath, command, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nbench: failed: ${failed.join(', ')}`);
  process.exit(1);
}
