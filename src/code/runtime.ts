import { Language, Parser, type Tree } from 'web-tree-sitter';
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
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(language, parser);
  }
  const tree = parser.parse(parsedText(source, language));
  if (!tree) throw new Error(`tree-sitter could not parse this ${language} source`);
  return tree;
}

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
 * it must not keep the tree (or its nodes) after returning.
 */
export async function withTree<T>(source: string, language: LanguageId, use: (tree: Tree) => T): Promise<T> {
  const lang = await loadLanguage(language);
  const key = sourceKey(source, language);
  let tree = trees.get(key);
  if (!tree) {
    tree = parseNow(source, language, lang);
    trees.set(key, tree);
  }
  return use(tree);
}
