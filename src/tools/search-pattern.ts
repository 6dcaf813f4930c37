import { messageOf } from '../engine/error-message';
/** The regular expression search_codebase looks for, with its case rule decided. */
export interface SearchPattern {
  regex: RegExp;
  caseSensitive: boolean;
}

export type CompiledPattern = { ok: true; pattern: SearchPattern } | { ok: false; error: string };

/**
 * Smart case: a pattern with an upper-case letter is matched exactly, one without
 * ignores case. Letters of escapes (\S, \W, \D, \B, \p{Lu}…) do not count.
 */
export function hasUpperCaseLiteral(pattern: string): boolean {
  const withoutEscapes = pattern.replace(/\\[pPu]\{[^}]*\}|\\./g, '');
  return withoutEscapes !== withoutEscapes.toLowerCase();
}

/** Compiles the model's pattern; a bad one becomes a message saying what is wrong and how to fix it. */
export function compileSearchPattern(source: string, caseSensitive?: boolean): CompiledPattern {
  const exact = caseSensitive ?? hasUpperCaseLiteral(source);
  try {
    return { ok: true, pattern: { regex: new RegExp(source, exact ? 'u' : 'iu'), caseSensitive: exact } };
  } catch {
    // Without the u flag more patterns are legal ("\-" outside a class, lone braces): accept those too.
  }
  try {
    return { ok: true, pattern: { regex: new RegExp(source, exact ? '' : 'i'), caseSensitive: exact } };
  } catch (error) {
    const reason = messageOf(error);
    return {
      ok: false,
      error: `The pattern is not a valid JavaScript regular expression: ${reason}. Escape special characters (\\( \\[ \\. \\* \\+ \\?) to match them literally.`,
    };
  }
}

/** Index of the first match in `line`, or null. */
export function firstMatch(pattern: SearchPattern, line: string): number | null {
  pattern.regex.lastIndex = 0;
  const found = pattern.regex.exec(line);
  return found ? found.index : null;
}
