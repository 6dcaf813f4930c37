import { type Edit, Language, Parser, type Point, type Tree } from 'web-tree-sitter';
import { messageOf } from '../protocol/error-message';
import { maskCMacros } from './c-macros';
import { configuredGrammarLoader, type InitParserOptions, parserInitOptions } from './config';
import type { LanguageId } from './languages';
import { RecentlyUsed, sourceKey } from './recently-used';

export { type InitParserOptions, parserInitOptions, setGrammarLoader, setParserInitOptions } from './config';

/**
 * The tree-sitter runtime: one init per process, grammars loaded lazily on first use,
 * cached, and concurrent loads of the same grammar share one promise.
 */
let initPromise: Promise<void> | null = null;
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

/**
 * Initialises web-tree-sitter once (a second `Parser.init` would start a new wasm instance and
 * orphan loaded grammars); later calls return the same promise and their options are ignored.
 */
export function initParser(options: InitParserOptions = parserInitOptions()): Promise<void> {
  if (!initPromise) {
    const moduleOptions = options.locateFile ? { locateFile: options.locateFile } : undefined;
    initPromise = Parser.init(moduleOptions).catch((error: unknown) => {
      initPromise = null;
      throw new Error(`could not start tree-sitter: ${messageOf(error)}`);
    });
  }
  return initPromise;
}

export function loadLanguage(language: LanguageId): Promise<Language> {
  let pending = languages.get(language);
  if (!pending) {
    pending = loadLanguageOnce(language);
    languages.set(language, pending);
    // A failed load is not cached, so a later call can retry (e.g. once the network is back).
    pending.catch(() => languages.delete(language));
  }
  return pending;
}

async function loadLanguageOnce(language: LanguageId): Promise<Language> {
  await initParser();
  const loader = configuredGrammarLoader();
  if (!loader) throw new Error(`no grammar loader configured: cannot load the ${language} grammar (call setGrammarLoader first)`);
  try {
    return await Language.load(await loader(language));
  } catch (error) {
    throw new Error(`could not load the ${language} grammar: ${messageOf(error)}`, { cause: error });
  }
}

/** Parses `source`; the caller owns the tree and must `delete()` it (most callers want `withTree`). */
export async function parseSource(source: string, language: LanguageId): Promise<Tree> {
  return parseNow(source, language, await loadLanguage(language));
}

function parseNow(source: string, language: LanguageId, lang: Language): Tree {
  const tree = parserFor(language, lang).parse(parsedText(source, language));
  if (!tree) throw new Error(`tree-sitter could not parse this ${language} source`);
  return tree;
}

function parserFor(language: LanguageId, lang: Language): Parser {
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(language, parser);
  }
  return parser;
}

/**
 * The tree of `after` from the tree of `before` (left as it was): a copy is told where the texts
 * differ and parsed again, and tree-sitter reuses every part the change left alone. On a large file
 * this takes milliseconds where a whole parse takes a good part of a second.
 */
function reparseEdited(previous: Tree, before: string, after: string, language: LanguageId, lang: Language): Tree {
  const oldText = parsedText(before, language);
  const newText = parsedText(after, language);
  const edited = previous.copy();
  try {
    edited.edit(textEdit(oldText, newText));
    const tree = parserFor(language, lang).parse(newText, edited);
    if (!tree) throw new Error(`tree-sitter could not parse this ${language} source`);
    return tree;
  } finally {
    edited.delete();
  }
}

/** The one span that differs between two texts (their common start and end set aside), in UTF-16 units as web-tree-sitter counts. */
export function textEdit(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // Never split a surrogate pair: the parser reads code points.
  if (start > 0 && isHighSurrogate(before.charCodeAt(start - 1))) start--;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  if (tail > 0 && isLowSurrogate(before.charCodeAt(before.length - tail))) tail--;
  const oldEnd = before.length - tail;
  const newEnd = after.length - tail;
  return {
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition: pointAt(before, start),
    oldEndPosition: pointAt(before, oldEnd),
    newEndPosition: pointAt(after, newEnd),
  };
}

function pointAt(text: string, index: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    row++;
    lineStart = at + 1;
  }
  return { row, column: index - lineStart };
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** What the parser reads: the source, with C and C++ attribute macros blanked (positions never move). */
function parsedText(source: string, language: LanguageId): string {
  return language === 'c' || language === 'cpp' ? maskCMacros(source) : source;
}

/**
 * The last few trees, by language and exact text: reading one symbol of a file and then another, or
 * checking an edit's syntax and then reading the edited file, parses once. Evicted trees are freed.
 */
const trees = new RecentlyUsed<Tree>(4, (tree) => tree.delete());

/**
 * Hands the tree of `source` to `use`, parsing it unless a recent call already did. `use` runs
 * synchronously right after the grammar is ready, so no other call can free the tree under it;
 * it must not keep the tree (or its nodes) after returning. `editedFrom`, the text `source` was
 * made from by an edit: when its tree is kept, `source` is parsed incrementally from it.
 */
export async function withTree<T>(source: string, language: LanguageId, use: (tree: Tree) => T, editedFrom?: string): Promise<T> {
  const lang = await loadLanguage(language);
  const key = sourceKey(source, language);
  let tree = trees.get(key);
  if (!tree) {
    const previous = editedFrom === undefined ? undefined : trees.get(sourceKey(editedFrom, language));
    tree = previous && editedFrom !== undefined ? reparseEdited(previous, editedFrom, source, language, lang) : parseNow(source, language, lang);
    trees.set(key, tree);
  }
  return use(tree);
}
