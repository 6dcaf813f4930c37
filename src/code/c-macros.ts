/**
 * What tree-sitter reads of a C or C++ file: the text with well-known attribute-like macros blanked
 * out (same length, newlines kept, so every position is unchanged; in comments and strings nothing
 * changes). The grammars do not expand macros, and these sit where no identifier can, so each one
 * turned its declaration into an ERROR: glibc's `__THROW __wur __nonnull ((1))`, libstdc++'s
 * `_GLIBCXX_NOEXCEPT`, and export macros such as `class LEVELDB_EXPORT DB {`.
 */

/** Macros that open or close a block of declarations: never part of the declaration next to them. */
const DELIMITERS = [
  '__BEGIN_DECLS',
  '__END_DECLS',
  '_GLIBCXX_BEGIN_NAMESPACE_\\w+',
  '_GLIBCXX_END_NAMESPACE_\\w+',
  '_GLIBCXX_BEGIN_EXTERN_C',
  '_GLIBCXX_END_EXTERN_C',
];
/** Bare macros that qualify a declaration, blanked wherever they stand as a whole word. */
const BARE = [
  '__THROW',
  '__THROWNL',
  '__wur',
  '__restrict_arr',
  '_GLIBCXX_NOEXCEPT',
  '_GLIBCXX_NOTHROW',
  '_GLIBCXX_USE_NOEXCEPT',
  '_GLIBCXX_NODISCARD',
  '_GLIBCXX_CONST',
  '_GLIBCXX_PURE',
];
/** Bare macro families: `__attribute_pure__`, `_GLIBCXX20_CONSTEXPR`, `_GLIBCXX_DEPRECATED`… */
const BARE_PATTERNS = ['__attribute_\\w+__', '_GLIBCXX\\d*_CONSTEXPR', '_GLIBCXX_DEPRECATED\\w*', '_GLIBCXX_ABI_TAG_CXX11'];
/** Macros with an argument list, blanked with it: `__nonnull ((1, 2))`, `_GLIBCXX_VISIBILITY(default)`. */
const CALLED = [
  '__nonnull',
  '__attr_\\w+',
  '__attribute_\\w+__',
  '_GLIBCXX_VISIBILITY',
  '_GLIBCXX_NOEXCEPT_IF',
  '_GLIBCXX_DEPRECATED_SUGGEST',
  '__fortified_attr_access',
];

const WORD = new RegExp(`\\b(?:${[...BARE, ...BARE_PATTERNS].join('|')})\\b(?!\\s*\\()`, 'g');
const DELIMITER = new RegExp(`\\b(?:${DELIMITERS.join('|')})\\b`, 'g');
const CALL = new RegExp(`\\b(?:${CALLED.join('|')})\\s*\\(`, 'g');
/** `class FOO_EXPORT Name {` / `struct API Name final : Base`: an all-caps word between the keyword and the name. */
const EXPORT_MACRO = /\b(?:class|struct|union)\s+([A-Z][A-Z0-9_]{2,})\s+(?=[A-Za-z_]\w*\s*(?:final\b\s*)?[:{<])/g;

export function maskCMacros(source: string): string {
  if (!/__|_GLIBCXX|class|struct|union/.test(source)) return source;
  const skipped = commentsAndStrings(source);
  const chars = source.split('');
  const mask = (from: number, to: number, partOfDeclaration = true) => {
    if (insideAny(skipped, from)) return;
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
    // A macro of a declaration alone on its line becomes a comment, not a blank line: the
    // declaration still reaches up through it to its doc comment.
    if (partOfDeclaration && to - from >= 4 && aloneOnItsLine(source, from, to)) {
      chars[from] = '/';
      chars[from + 1] = '*';
      chars[to - 2] = '*';
      chars[to - 1] = '/';
    }
  };
  for (const match of source.matchAll(DELIMITER)) mask(match.index, match.index + match[0].length, false);
  for (const match of source.matchAll(WORD)) mask(match.index, match.index + match[0].length);
  for (const match of source.matchAll(CALL)) {
    const end = closingParen(source, match.index + match[0].length - 1);
    if (end !== -1) mask(match.index, end + 1);
  }
  for (const match of source.matchAll(EXPORT_MACRO)) {
    const macro = match[1] as string;
    const at = match.index + match[0].indexOf(macro, match[0].search(/\s/));
    mask(at, at + macro.length);
  }
  return chars.join('');
}

function aloneOnItsLine(source: string, from: number, to: number): boolean {
  const lineStart = source.lastIndexOf('\n', from - 1) + 1;
  const lineEnd = source.indexOf('\n', to);
  return source.slice(lineStart, from).trim() === '' && source.slice(to, lineEnd === -1 ? source.length : lineEnd).trim() === '';
}

/** Start and end offsets of comments, string and character literals, in order: macros there are left alone. */
function commentsAndStrings(source: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const next = source[i + 1];
    let end = -1;
    if (ch === '/' && next === '/') end = endOfLine(source, i);
    else if (ch === '/' && next === '*') end = (source.indexOf('*/', i + 2) + 1 || source.length - 1) + 1;
    else if (ch === '"' || ch === "'") end = endOfQuoted(source, i);
    if (end !== -1) {
      ranges.push([i, end]);
      i = end - 1;
    }
  }
  return ranges;
}

function endOfLine(source: string, from: number): number {
  const newline = source.indexOf('\n', from);
  return newline === -1 ? source.length : newline;
}

/** The end of a quoted literal (past the closing quote), stopping at the line's end if it never closes. */
function endOfQuoted(source: string, open: number): number {
  const quote = source[open];
  for (let i = open + 1; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === quote) return i + 1;
    else if (ch === '\n') return i;
  }
  return source.length;
}

function insideAny(ranges: readonly [number, number][], at: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = ranges[mid] as [number, number];
    if (at < start) hi = mid - 1;
    else if (at >= end) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The index of the `)` closing the `(` at `open`, or -1 (unbalanced, or too far to be an attribute). */
function closingParen(source: string, open: number): number {
  let depth = 0;
  const limit = Math.min(source.length, open + 2000);
  for (let i = open; i < limit; i++) {
    const ch = source[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}
