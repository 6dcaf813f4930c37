import { useNodeGrammars } from '../src/cli/grammar-loader-node';
import { extractSymbols } from '../src/code/extract-symbols';
import { readFileSync } from 'node:fs';
useNodeGrammars();
const text = readFileSync('node_modules/zod/src/v3/types.ts', 'utf8');
for (let i = 0; i < 60; i++) await extractSymbols(text + '\n'.repeat(i + 1), 'typescript');
