#!/usr/bin/env node
import { checkLayers } from './layer-rules.mjs';

const problems = checkLayers(new URL('../src', import.meta.url).pathname);
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`\n${problems.length} layer violation(s).`);
  process.exit(1);
}
console.log('layers ok');
