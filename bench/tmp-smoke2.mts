import { useNodeGrammars } from '../src/cli/grammar-loader-node';
import { extractSymbols } from '../src/code/extract-symbols';
import { flattenSymbols } from '../src/code/symbol-types';
import { readFileSync } from 'node:fs';
useNodeGrammars();
const [file, lang, n] = process.argv.slice(2);
const syms = flattenSymbols(await extractSymbols(readFileSync(file!, 'utf8'), lang as any));
console.log(syms.length, 'symbols');
for (const s of syms.slice(0, Number(n ?? 40))) console.log(`${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`);
