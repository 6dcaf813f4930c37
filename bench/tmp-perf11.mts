import { useNodeGrammars } from '../src/cli/grammar-loader-node';
import { parseSource } from '../src/code/runtime';
import { extractSymbols } from '../src/code/extract-symbols';
useNodeGrammars();
const make = (n: number) => Array.from({ length: n }, (_, i) => `/** doc ${i} */\nexport function f${i}(a: number): number {\n  return a + ${i};\n}\n`).join('\n');
for (let round = 0; round < 2; round++) for (const n of [500, 1000, 2000, 4000]) {
  const text = make(n);
  (await parseSource(text, 'typescript')).delete();
  let c = process.cpuUsage(); (await parseSource(text, 'typescript')).delete(); const p = process.cpuUsage(c).user / 1000;
  c = process.cpuUsage(); await extractSymbols(text + '\n'.repeat(round + 1), 'typescript'); const e = process.cpuUsage(c).user / 1000;
  console.log(n, 'functions: parse', p.toFixed(0), 'ms cpu; extract (incl. parse)', e.toFixed(0), 'ms cpu');
}
