import { useNodeGrammars } from '../src/cli/grammar-loader-node';
import { parseSource } from '../src/code/runtime';
import { extractSymbols } from '../src/code/extract-symbols';
import { readFileSync } from 'node:fs';
useNodeGrammars();
const text = readFileSync(process.argv[2] ?? 'node_modules/zod/src/v3/types.ts', 'utf8');
const lang = (process.argv[3] ?? 'typescript') as 'typescript';
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
const p: number[] = [], e: number[] = [];
for (let i = 0; i < 40; i++) {
  let t = performance.now(); (await parseSource(text, lang)).delete(); p.push(performance.now() - t);
  t = performance.now(); await extractSymbols(text + `\n// ${i}`, lang); e.push(performance.now() - t);
}
console.log(`parse ${med(p)} ms, extract ${med(e)} ms (min ${Math.min(...e).toFixed(1)})`);
