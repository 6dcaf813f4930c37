/**
 * Whether a model's text is safe to hand to the Markdown renderer. micromark (under react-markdown)
 * recurses once per level of nesting: about 2,000 nested block quotes or list items overflow the
 * stack, and a few hundred nested images or emphasis runs take seconds. Real answers nest a handful
 * of levels, so past these bounds the text is shown as plain text instead.
 */

/** Characters rendered as Markdown at most (ordinary Markdown takes about 20 ms a KB to render). */
export const MARKDOWN_MAX_LENGTH = 50_000;
/** Levels of block quotes and lists, of brackets (links, images) and of open emphasis, each at most. */
export const MARKDOWN_MAX_DEPTH = 32;

export type MarkdownVerdict = { safe: true } | { safe: false; reason: 'length' | 'nesting' };

export function markdownVerdict(text: string): MarkdownVerdict {
  if (text.length > MARKDOWN_MAX_LENGTH) return { safe: false, reason: 'length' };
  return markdownNestingDepth(text) > MARKDOWN_MAX_DEPTH ? { safe: false, reason: 'nesting' } : { safe: true };
}

export function markdownIsSafeToRender(text: string): boolean {
  return markdownVerdict(text).safe;
}

/** The deepest nesting of any kind in the text (an over-estimate is fine: it only errs towards plain text). */
export function markdownNestingDepth(text: string): number {
  let deepest = 0;
  for (const paragraph of text.split(/\n[ \t]*\n/)) {
    for (const line of paragraph.split('\n')) deepest = Math.max(deepest, containerDepth(line));
    deepest = Math.max(deepest, bracketDepth(paragraph), emphasisDepth(paragraph));
  }
  return deepest;
}

// At a line's start: a quote marker, or a list marker followed by a space or the line's end.
const CONTAINER_MARKER = /^[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/;

/**
 * Block quotes and list items opened on one line (`>>>`, `> > >`, `- - -`, `1. 1.`), plus the levels
 * a list item's indentation can stand for (two columns each).
 */
function containerDepth(line: string): number {
  const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
  const listIndent = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/.test(line) ? Math.floor(indent.replace(/\t/g, '    ').length / 2) : 0;
  let markers = 0;
  let rest = line;
  for (let match = CONTAINER_MARKER.exec(rest); match; match = CONTAINER_MARKER.exec(rest)) {
    markers++;
    rest = rest.slice(match[0].length);
  }
  return markers + listIndent;
}

/** Unclosed `[` (links and images) at the deepest point. */
function bracketDepth(paragraph: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of paragraph) {
    if (char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === ']') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

const DELIMITER_RUN = /[*_~]+/g;
const SPACE = /\s/;

/**
 * Emphasis delimiters that may open, minus those that may close, at the deepest point: a run of
 * `*`, `_` or `~` with a space (or nothing) before it and text after it opens; the reverse closes.
 */
function emphasisDepth(paragraph: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of paragraph.matchAll(DELIMITER_RUN)) {
    const before = paragraph[match.index - 1] ?? ' ';
    const after = paragraph[match.index + match[0].length] ?? ' ';
    const opens = !SPACE.test(after) && (SPACE.test(before) || /[\p{P}\p{S}]/u.test(before));
    const closes = !SPACE.test(before) && (SPACE.test(after) || /[\p{P}\p{S}]/u.test(after));
    if (opens && !closes) deepest = Math.max(deepest, (depth += match[0].length));
    else if (closes && !opens) depth = Math.max(0, depth - match[0].length);
    else if (opens && closes) deepest = Math.max(deepest, depth + match[0].length);
  }
  return deepest;
}
