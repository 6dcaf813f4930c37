import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { extractSymbols, findSymbolInSource } from '../code/extract-symbols';
import { closestNames } from '../code/find-symbol';
import { languageForPath, refineLanguage } from '../code/languages';
import { type CodeSymbol, flattenSymbols } from '../code/symbol-types';
import { numberedLines, sliceLines } from '../code/text-lines';
import { messageOf } from '../protocol/error-message';
import { type ParsedArgs, rejectUnknownFlags, stringFlag, UsageError } from './args';
import { setNodeGrammarSource } from './grammar-loader-node';
import { answerJsonLines, type LineAnswer, parseJsonLine, toJsonLine } from './stdin-lines';

export const SYMBOLS_FLAGS = ['jsonl', 'json', 'symbol'] as const;

const InputLineSchema = z.object({ path: z.string().min(1), content: z.string().optional() });

/** The flat shape the JSONL contract promises for each symbol. */
interface FlatSymbol {
  name: string;
  qualifiedName: string;
  kind: string;
  startLine: number;
  endLine: number;
}

interface AnswerLine {
  path: string | null;
  symbols: FlatSymbol[];
  error?: string;
}

/**
 * `symbols FILE [--symbol NAME] [--json]`: list a file's symbols (`kind qualifiedName lines a–b`),
 * or print one symbol's lines with numbers. `symbols --jsonl`: one `{"path","content"?}` line in,
 * one `{"path","symbols"}` line out, in order; a line that cannot be answered gets `symbols: []` and
 * an `error`. Blank input lines are skipped. A malformed line is also named on `warn` (stderr)
 * and makes the exit code 1.
 */
export async function symbolsCommand(
  args: ParsedArgs,
  input: AsyncIterable<string>,
  out: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  rejectUnknownFlags(args, SYMBOLS_FLAGS);
  setNodeGrammarSource();
  if (args.flags.get('jsonl') === true) {
    if (args.positionals.length > 0 || args.flags.has('symbol')) throw new UsageError('symbols --jsonl reads files from stdin: no FILE or --symbol');
    return answerJsonLines(input, answerLine, out, warn);
  }

  const [path, ...extra] = args.positionals;
  if (path === undefined || extra.length > 0) throw new UsageError('symbols needs exactly one FILE (or --jsonl)');
  const json = args.flags.get('json') === true;
  const wanted = stringFlag(args, 'symbol');
  const byPath = languageForPath(path);
  if (!byPath) throw new Error(`${path}: no parser for this file type`);
  const source = await readFile(path, 'utf8');
  const language = refineLanguage(byPath, path, source);

  if (wanted === undefined) {
    const symbols = await extractSymbols(source, language);
    if (json) out(JSON.stringify({ path, language, symbols }));
    else for (const s of flattenSymbols(symbols)) out(`${s.kind} ${s.qualifiedName} lines ${s.startLine}–${s.endLine}`);
    return 0;
  }

  const found = await findSymbolInSource(source, language, wanted);
  if (found.symbols.length === 0) {
    const close = closestNames(await extractSymbols(source, language), wanted, 5);
    throw new Error(`${path}: no symbol "${wanted}"${close.length > 0 ? `; closest: ${close.join(', ')}` : ''}`);
  }
  if (json) {
    const matches = found.symbols.map((s) => ({ ...flat(s), signatureLine: s.signatureLine, text: sliceLines(source, s.startLine, s.endLine) }));
    out(JSON.stringify({ path, language, symbol: wanted, match: found.match, matches }));
    return 0;
  }
  found.symbols.forEach((s, i) => {
    if (i > 0) out('');
    out(`${s.kind} ${s.qualifiedName} lines ${s.startLine}–${s.endLine}`);
    out(numberedLines(source, s.startLine, s.endLine));
  });
  return 0;
}

async function answerLine(line: string): Promise<LineAnswer> {
  const parsed = parseJsonLine(line, InputLineSchema, '{"path": "...", "content"?: "..."}');
  if (!parsed.ok) {
    const { json } = parsed;
    const path = typeof json === 'object' && json !== null && 'path' in json && typeof json.path === 'string' ? json.path : null;
    return { output: toJsonLine({ path, symbols: [], error: `invalid input line: ${parsed.problem}` }), invalid: parsed.problem };
  }
  return { output: toJsonLine(await symbolsOf(parsed.value.path, parsed.value.content)) };
}

async function symbolsOf(path: string, content: string | undefined): Promise<AnswerLine> {
  const byPath = languageForPath(path);
  if (!byPath) return { path, symbols: [], error: 'unknown language: no parser for this file extension' };
  let source: string;
  try {
    source = content ?? (await readFile(path, 'utf8'));
  } catch (error) {
    return { path, symbols: [], error: `cannot read the file: ${messageOf(error)}` };
  }
  const language = refineLanguage(byPath, path, source);
  try {
    return { path, symbols: flattenSymbols(await extractSymbols(source, language)).map(flat) };
  } catch (error) {
    return { path, symbols: [], error: messageOf(error) };
  }
}

function flat(symbol: CodeSymbol): FlatSymbol {
  const { name, qualifiedName, kind, startLine, endLine } = symbol;
  return { name, qualifiedName, kind, startLine, endLine };
}
