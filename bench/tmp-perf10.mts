import { useNodeGrammars } from '../src/cli/grammar-loader-node';
import { parseSource } from '../src/code/runtime';
import { extractSymbols } from '../src/code/extract-symbols';
import { flattenSymbols } from '../src/code/symbol-types';
import { readFileSync } from 'node:fs';
useNodeGrammars();
for (const [f, l] of [['node_modules/typescript/lib/lib.es5.d.ts', 'typescript'], ['node_modules/typescript/lib/lib.dom.d.ts', 'typescript'], ['node_modules/zod/src/v3/types.ts', 'typescript'], ['/root/.pyenv/versions/3.11.7/lib/python3.11/_pydecimal.py', 'python']] as const) {
  const text = readFileSync(f, 'utf8');
  (await parseSource(text, l)).delete();
  let t = performance.now(); (await parseSource(text, l)).delete(); const p = performance.now() - t;
  t = performance.now(); const n = flattenSymbols(await extractSymbols(text, l)).length; const e = performance.now() - t;
  console.log(f.split('/').pop(), (text.length / 1e3).toFixed(0), 'KB', n, 'symbols; parse', p.toFixed(0), 'ms; extract', e.toFixed(0), 'ms');
}
