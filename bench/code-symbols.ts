/**
 * Code intelligence on real files from this machine:
 * - cold start: tree-sitter init + the first grammar, then each other grammar's first load;
 * - parse throughput per language (MB/s), parse alone and parse + symbol extraction;
 * - time to slice one symbol out of a ~5,000-line file, warm: text never seen before, so parse + find
 *   + slice, as read_file does it, over several symbols spread through the file;
 * - token reduction: tokens(whole file) / tokens(one function's slice) for files of 300+ lines.
 *   Tokens are counted with GPT-4o's o200k tokenizer (gpt-tokenizer); per file the median over its
 *   functions and methods, then median and p10 over files.
 * Languages without sources on the machine are skipped with a note.
 * Targets: slice < 100 ms warm and find + slice on a parsed tree < 10 ms (medians, CPU time:
 * support/cpu-time.ts); median reduction ≥ 10×.
 * The other figures are informational, each with its reason (support/verdict.mjs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { setNodeGrammarSource } from '../src/cli/grammar-loader-node';
import { extractSymbols, findSymbolInSource } from '../src/code/extract-symbols';
import { LANGUAGE_IDS, type LanguageId } from '../src/code/languages';
import { initParser, loadLanguage, parseSource } from '../src/code/runtime';
import { type CodeSymbol, flattenSymbols } from '../src/code/symbol-types';
import { sliceLines } from '../src/code/text-lines';
import { pythonStdlib } from '../test/python-stdlib';
import { findFiles } from '../test/source-files';
import { cpuMs } from './support/cpu-time';
import { info, target } from './support/verdict.mjs';

/**
 * Re-aimed from 50 ms (issue 19): the slice is a tree-sitter parse plus a few milliseconds. Parsing
 * the 160 KB, 5,139-line file alone took 53–92 ms of CPU over 40 parses (median about 85) here, as
 * in the "parsing alone" figure below: tree-sitter's wasm parser at 2–3 MB/s, which this code does
 * not control. So the target is split: the whole slice < 100 ms, and what our code adds to the
 * parse (find + slice on a parsed tree) < 10 ms.
 */
const SLICE_TARGET_MS = 100;
const FIND_TARGET_MS = 10;
const REDUCTION_TARGET = 10;
const FILES_PER_LANGUAGE = 60;
const MAX_FILE_BYTES = 400_000;
const CALLABLE = new Set(['function', 'method', 'constructor', 'getter', 'setter', 'bound_function']);

interface SourceFile {
  name: string;
  text: string;
}

interface Corpus {
  language: LanguageId;
  label: string;
  files: SourceFile[];
}

const root = new URL('..', import.meta.url).pathname;
const tokens = (text: string) => countTokens(text);
const fmt = (n: number, digits = 1) => n.toFixed(digits);

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))] ?? NaN;
}

/** Files under `dir` whose name passes `accept`, sorted, depth-first, up to `limit`. */
function listFiles(dir: string, accept: (name: string) => boolean, limit = FILES_PER_LANGUAGE, recursive = true): string[] {
  const skipped = ['node_modules', 'test', 'tests', 'testdata'];
  return findFiles(dir, { accept, skipDir: (name) => skipped.includes(name), recursive, limit, minBytes: 1, maxBytes: MAX_FILE_BYTES });
}

function readAll(paths: string[]): SourceFile[] {
  return paths.map((p) => ({ name: p, text: readFileSync(p, 'utf8') }));
}

function pythonStdlibIfAny(): string | null {
  try {
    return pythonStdlib();
  } catch {
    return null;
  }
}

/** Java sources come zipped with the JDK: read a package's files straight out of src.zip. */
function javaFromSrcZip(): SourceFile[] {
  const zips = readdirSync('/usr/lib/jvm', { withFileTypes: true })
    .map((d) => join('/usr/lib/jvm', d.name, 'lib/src.zip'))
    .filter((p) => existsSync(p));
  const zip = zips[0];
  if (!zip) return [];
  try {
    const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter((e) => /^java\.base\/java\/util\/[^/]+\.java$/.test(e))
      .sort()
      .slice(0, FILES_PER_LANGUAGE);
    return entries.map((entry) => ({
      name: `${zip}:${entry}`,
      text: execFileSync('unzip', ['-p', zip, entry], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }),
    }));
  } catch {
    return [];
  }
}

function firstExisting(globRoots: string[]): string | null {
  for (const dir of globRoots) if (existsSync(dir)) return dir;
  return null;
}

function goRoot(): string | null {
  const candidates = ['/usr/lib', '/usr/share'].flatMap((base) => {
    try {
      return readdirSync(base)
        .filter((n) => n.startsWith('go'))
        .map((n) => join(base, n, 'src'));
    } catch {
      return [];
    }
  });
  return firstExisting(candidates);
}

function corpora(): { found: Corpus[]; notes: string[] } {
  const found: Corpus[] = [];
  const notes: string[] = [];
  const add = (language: LanguageId, label: string, files: SourceFile[], missing: string) => {
    if (files.length > 0) found.push({ language, label, files });
    else notes.push(`${language}: skipped — ${missing}`);
  };
  const nm = join(root, 'node_modules');
  add(
    'typescript',
    'zod/src + typescript/lib',
    readAll([
      ...listFiles(join(nm, 'zod/src'), (n) => n.endsWith('.ts') && !n.endsWith('.d.ts'), 40),
      ...listFiles(join(nm, 'typescript/lib'), (n) => n.endsWith('.d.ts'), 20, false),
    ]),
    'no TypeScript in node_modules',
  );
  add(
    'javascript',
    'vite/dist + react/cjs',
    readAll([...listFiles(join(nm, 'vite/dist'), (n) => n.endsWith('.js'), 40), ...listFiles(join(nm, 'react/cjs'), (n) => n.endsWith('.js'), 20)]),
    'no JavaScript in node_modules',
  );
  const stdlib = pythonStdlibIfAny();
  add('python', 'Python stdlib', stdlib ? readAll(listFiles(stdlib, (n) => n.endsWith('.py'), FILES_PER_LANGUAGE, false)) : [], 'python3 not found');
  const go = goRoot();
  add(
    'go',
    'Go standard library',
    go ? readAll(listFiles(go, (n) => n.endsWith('.go') && !n.endsWith('_test.go'))) : [],
    'no /usr/lib/go*/src or /usr/share/go*/src (apt-get install golang-src)',
  );
  add('java', 'JDK src.zip java.util', existsSync('/usr/lib/jvm') ? javaFromSrcZip() : [], 'no /usr/lib/jvm/*/lib/src.zip (apt-get install openjdk-17-source)');
  // Debian's librust-*-dev packages unpack crates under /usr/share/cargo/registry.
  const cargo = firstExisting([join(homedir(), '.cargo/registry/src'), '/usr/share/cargo/registry']);
  add(
    'rust',
    `crates in ${cargo ?? 'a cargo registry'}`,
    cargo ? readAll(listFiles(cargo, (n) => n.endsWith('.rs'))) : [],
    'no ~/.cargo/registry/src or /usr/share/cargo/registry (apt-get install librust-syn-dev)',
  );
  add('c', '/usr/include', readAll(listFiles('/usr/include', (n) => n.endsWith('.h'), FILES_PER_LANGUAGE, false)), 'no C headers in /usr/include');
  const cxx = firstExisting(readdirSafe('/usr/include/c++').map((v) => join('/usr/include/c++', v, 'bits')));
  add('cpp', 'libstdc++ bits/*.h', cxx ? readAll(listFiles(cxx, (n) => n.endsWith('.h'), FILES_PER_LANGUAGE, false)) : [], 'no /usr/include/c++');
  add(
    'bash',
    'bash-completion',
    readAll(listFiles('/usr/share/bash-completion/completions', () => true, FILES_PER_LANGUAGE, false)),
    'no /usr/share/bash-completion',
  );
  const ruby = firstExisting(
    readdirSafe('/usr/lib/ruby')
      .filter((v) => /^\d/.test(v))
      .map((v) => join('/usr/lib/ruby', v)),
  );
  add(
    'ruby',
    "Ruby's standard library",
    ruby ? readAll(listFiles(ruby, (n) => n.endsWith('.rb'), FILES_PER_LANGUAGE, false)) : [],
    'no /usr/lib/ruby/<version> (apt-get install ruby)',
  );
  add(
    'php',
    'Symfony Console + Twig',
    readAll(listFiles('/usr/share/php', (n) => n.endsWith('.php'))),
    'no /usr/share/php (apt-get install php-symfony-console php-twig)',
  );
  add('tsx', "this project's own UI", readAll(listFiles(join(root, 'src/ui'), (n) => n.endsWith('.tsx'))), 'no src/ui/*.tsx');
  for (const language of ['csharp'] as const) notes.push(`${language}: skipped — no corpus of real ${language} sources is looked for on this machine`);
  return { found, notes };
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

const bytesOf = (files: SourceFile[]) => files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
const linesOf = (text: string) => text.split('\n').length;

async function coldStart(): Promise<void> {
  setNodeGrammarSource();
  const t0 = performance.now();
  await initParser();
  const t1 = performance.now();
  await loadLanguage('typescript');
  const t2 = performance.now();
  const once = 'paid once per worker, on the first code tool call';
  info('cold start: tree-sitter init', t1 - t0, 'ms', 1, once);
  info('cold start: first grammar (typescript)', t2 - t1, 'ms', 1, once);
  const loads: string[] = [];
  for (const language of LANGUAGE_IDS) {
    if (language === 'typescript') continue;
    const start = performance.now();
    await loadLanguage(language);
    loads.push(`${language} ${fmt(performance.now() - start)}`);
  }
  console.log(`  first load per grammar (ms, informational: once per language a run touches): ${loads.join(', ')}`);
}

async function throughput(corpus: Corpus): Promise<void> {
  const bytes = bytesOf(corpus.files);
  // One untimed pass over the corpus: V8 compiles hot wasm functions again, optimised, after a while.
  for (const f of corpus.files) (await parseSource(f.text, corpus.language)).delete();
  let start = performance.now();
  for (const f of corpus.files) (await parseSource(f.text, corpus.language)).delete();
  const parseS = (performance.now() - start) / 1000;
  start = performance.now();
  let symbols = 0;
  for (const f of corpus.files) symbols += flattenSymbols(await extractSymbols(f.text, corpus.language)).length;
  const symbolsS = (performance.now() - start) / 1000;
  console.log(
    `${corpus.language.padEnd(10)} ${String(corpus.files.length).padStart(3)} files ${fmt(bytes / 1e6, 2).padStart(6)} MB  parse ${fmt(bytes / 1e6 / parseS).padStart(5)} MB/s  parse+symbols ${fmt(bytes / 1e6 / symbolsS).padStart(5)} MB/s  ${symbols} symbols  (${corpus.label})`,
  );
}

/** How many different symbols the slice timing looks up, spread over the file. */
const SLICE_TARGETS = 16;
const SLICE_RUNS = 5;

async function sliceTiming(all: Corpus[]): Promise<void> {
  const candidates = all
    .flatMap((c) => c.files.map((f) => ({ language: c.language, file: f, lines: linesOf(f.text) })))
    .filter((c) => c.lines >= 4000 && c.lines <= 9000);
  const pick = candidates.find((c) => c.language === 'typescript') ?? candidates.sort((a, b) => Math.abs(a.lines - 5000) - Math.abs(b.lines - 5000))[0];
  if (!pick) {
    console.log('slice: skipped — no file of 4,000–9,000 lines found');
    return;
  }
  const callables = flattenSymbols(await extractSymbols(pick.file.text, pick.language)).filter((s) => CALLABLE.has(s.kind));
  const targets = Array.from(
    { length: Math.min(SLICE_TARGETS, callables.length) },
    (_, i) => callables[Math.floor(((i + 0.5) * callables.length) / SLICE_TARGETS)] as CodeSymbol,
  );
  if (targets.length === 0) {
    console.log(`slice: skipped — no function in ${pick.file.name}`);
    return;
  }
  // What read_file does with `symbol`: find it (only the statements naming it, else the whole file), then cut its lines.
  const sliceOnce = async (text: string, qualifiedName: string) => {
    const found = await findSymbolInSource(text, pick.language, qualifiedName);
    const symbol = found.symbols[0];
    if (found.symbols.length !== 1 || !symbol) throw new Error(`${qualifiedName}: ${found.symbols.length} matches`);
    return { text: sliceLines(text, symbol.startLine, symbol.endLine), searched: found.searched };
  };
  // New text each time (trailing newlines added) so no cache can answer: parse + find + slice.
  let variant = 0;
  const fresh = () => pick.file.text + '\n'.repeat(++variant);
  for (let i = 0; i < 3; i++) await sliceOnce(fresh(), (targets[0] as CodeSymbol).qualifiedName);
  const uncached: number[] = [];
  const uncachedWall: number[] = [];
  const parseOnly: number[] = [];
  const wholeFile: number[] = [];
  const searched = new Map<string, number>();
  for (let run = 0; run < SLICE_RUNS; run++) {
    for (const symbol of targets) {
      const text = fresh();
      const [cpu, wall] = [cpuMs(), performance.now()];
      const { searched: how } = await sliceOnce(text, symbol.qualifiedName);
      uncached.push(cpuMs() - cpu);
      uncachedWall.push(performance.now() - wall);
      searched.set(how, (searched.get(how) ?? 0) + 1);
    }
    let start = cpuMs();
    (await parseSource(fresh(), pick.language)).delete();
    parseOnly.push(cpuMs() - start);
    start = cpuMs();
    await extractSymbols(fresh(), pick.language);
    wholeFile.push(cpuMs() - start);
  }
  const sameText: number[] = [];
  const text = fresh();
  for (const symbol of targets) {
    await sliceOnce(text, symbol.qualifiedName);
    const start = cpuMs();
    await sliceOnce(text, symbol.qualifiedName);
    sameText.push(cpuMs() - start);
  }
  const how = [...searched].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(
    `slice one symbol from ${pick.file.name.replace(root, '')} (${pick.lines} lines, ${pick.language}), warm, ${targets.length} symbols × ${SLICE_RUNS} (e.g. ${targets
      .slice(0, 3)
      .map((t) => t.qualifiedName)
      .join(', ')}; searched: ${how}):`,
  );
  target('new text (parse + find + slice), median CPU', quantile(uncached, 0.5), { below: SLICE_TARGET_MS }, 'ms');
  const spread = 'the spread; the target is on the median';
  info('  p90 CPU', quantile(uncached, 0.9), 'ms', 1, spread);
  info('  median wall time', quantile(uncachedWall, 0.5), 'ms', 1, 'includes other jobs on a shared machine');
  const parts = 'what the slice time is made of';
  info('  of which parsing alone, median CPU', quantile(parseOnly, 0.5), 'ms', 1, parts);
  info('  every symbol of the file instead, median CPU', quantile(wholeFile, 0.5), 'ms', 1, parts);
  target('  same text again (tree kept: find + slice), median CPU', quantile(sameText, 0.5), { below: FIND_TARGET_MS }, 'ms', 2);
}

async function tokenReduction(corpus: Corpus): Promise<number[]> {
  const perFile: number[] = [];
  for (const f of corpus.files) {
    if (linesOf(f.text) < 300) continue;
    const callables: CodeSymbol[] = flattenSymbols(await extractSymbols(f.text, corpus.language)).filter((s) => CALLABLE.has(s.kind));
    if (callables.length === 0) continue;
    const whole = tokens(f.text);
    const ratios = callables.map((s) => whole / Math.max(1, tokens(sliceLines(f.text, s.startLine, s.endLine))));
    perFile.push(quantile(ratios, 0.5));
  }
  if (perFile.length === 0) console.log(`  ${corpus.language}: no file of 300+ lines with functions`);
  else info(`${corpus.language}, ${perFile.length} files, median`, quantile(perFile, 0.5), '×', 1, 'the target is on all languages together');
  return perFile;
}

async function main(): Promise<void> {
  await coldStart();
  const { found, notes } = corpora();
  console.log('\nparse throughput (warm; informational: compares languages and releases, the slice target is what a user waits for):');
  for (const corpus of found) await throughput(corpus);
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
  await sliceTiming(found);
  console.log('\ntoken reduction, whole file / one function (o200k tokens; per-file median, then across files):');
  const all: number[] = [];
  for (const corpus of found) all.push(...(await tokenReduction(corpus)));
  target(`all languages, ${all.length} files, median`, quantile(all, 0.5), { atLeast: REDUCTION_TARGET }, '×');
  info('all languages, p10', quantile(all, 0.1), '×', 1, 'the spread; the target is on the median');
}

await main();
