import type * as Re2Js from 're2js';
import type { RE2JS } from 're2js';
import { endSentence, messageOf } from '../protocol/error-message';
import { describeUnsupported, findNamedBackreference } from './search-pattern-errors';

/**
 * The regular expression search_codebase looks for, with its case rule decided. Patterns
 * come from the model (or the user), so they run on RE2 (re2js): matching takes time linear
 * in the line's length whatever the pattern, where a backtracking engine can take hours
 * on `(a+)+$`.
 */
export interface SearchPattern {
  regex: RE2JS;
  caseSensitive: boolean;
}

export type CompiledPattern = { ok: true; pattern: SearchPattern } | { ok: false; error: string };

type Re2Module = typeof Re2Js;

// ≈260 KB: loaded with the first search, not with the worker.
let re2Module: Promise<Re2Module> | null = null;
const loadRe2 = () => (re2Module ??= import('re2js'));

/**
 * Smart case: a pattern with an upper-case letter is matched exactly, one without
 * ignores case. Letters of escapes (\S, \W, \D, \B, \p{Lu}, \u00C9, \x{C9}…) do not count.
 */
export function hasUpperCaseLiteral(pattern: string): boolean {
  const withoutEscapes = pattern.replace(/\\[pPux]\{[^}]*\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\c[A-Za-z]|\\./g, '');
  return withoutEscapes !== withoutEscapes.toLowerCase();
}

/**
 * Compiles the model's pattern, written the way JavaScript writes them (\u00e9, (?<name>…)
 * and the like are translated to RE2's syntax); a bad one becomes a message saying what is
 * wrong and what to do instead.
 */
export async function compileSearchPattern(source: string, caseSensitive?: boolean): Promise<CompiledPattern> {
  const backreference = findNamedBackreference(source);
  if (backreference) return { ok: false, error: backreference };
  const { RE2JS } = await loadRe2();
  const exact = caseSensitive ?? hasUpperCaseLiteral(source);
  const flags = RE2JS.LOOKBEHINDS | (exact ? 0 : RE2JS.CASE_INSENSITIVE);
  try {
    return { ok: true, pattern: { regex: RE2JS.compile(RE2JS.translateRegExp(source), flags), caseSensitive: exact } };
  } catch (error) {
    const reason = messageOf(error).replace(/^error parsing regexp: /, '');
    return { ok: false, error: describeUnsupported(reason) ?? invalidPattern(reason) };
  }
}

function invalidPattern(reason: string): string {
  return (
    `${endSentence(`The pattern is not a valid regular expression: ${reason}`)} Escape special characters (\\( \\[ \\. \\* \\+ \\?) ` +
    'to match them literally. search_codebase uses RE2 syntax, which has no backreferences and no lookahead.'
  );
}

/** Whether the pattern matches somewhere in `line`. */
export function matches(pattern: SearchPattern, line: string): boolean {
  return pattern.regex.test(line);
}

/** Index (UTF-16) of the first match in `line`, or null. */
export function firstMatch(pattern: SearchPattern, line: string): number | null {
  const matcher = pattern.regex.matcher(line);
  return matcher.find() ? matcher.start() : null;
}
