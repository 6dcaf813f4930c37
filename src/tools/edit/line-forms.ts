/**
 * The forms a line is compared in by the looser matching steps. Only ASCII
 * whitespace counts: a no-break or ideographic space is content.
 */

const TRAILING_WHITESPACE = /[ \t\r\f\v]+$/;
const WHITESPACE_RUN = /[ \t\r\f\v]+/g;
const LEADING_INDENT = /^[ \t]*/;

/** The line without trailing whitespace. */
export function withoutTrailingWhitespace(line: string): string {
  return line.replace(TRAILING_WHITESPACE, '');
}

/** Runs of whitespace collapsed to one space, leading and trailing whitespace removed. */
export function normaliseWhitespace(line: string): string {
  return line.replace(WHITESPACE_RUN, ' ').trim();
}

export interface IndentedLine {
  /** Leading spaces and tabs. */
  indent: string;
  /** The rest, without trailing whitespace. */
  rest: string;
}

export function splitIndent(line: string): IndentedLine {
  const indent = (LEADING_INDENT.exec(line) as RegExpExecArray)[0];
  return { indent, rest: withoutTrailingWhitespace(line.slice(indent.length)) };
}

export function isBlank(line: string): boolean {
  return withoutTrailingWhitespace(line) === '';
}

/** True when the text has something other than whitespace in it. */
export function hasVisibleText(text: string): boolean {
  return /[^ \t\r\n\f\v]/.test(text);
}
