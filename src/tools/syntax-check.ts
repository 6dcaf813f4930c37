import { languageForFile } from '../code/languages';
import type { CodeSyntaxError } from '../code/syntax-errors';
import { endSentence, messageOf } from '../protocol/error-message';
import { newSyntaxErrors, syntaxErrors } from './code-parsing';

/** How many errors the report spells out; the rest are counted. */
export const REPORT_MAX_ERRORS = 5;

export interface SyntaxCheck {
  errors: CodeSyntaxError[];
  /** A line for the tool result, or null when there is nothing to say (no new errors, unsupported language). */
  report: string | null;
}

/**
 * The syntax errors a write of `after` would add to `path` (all of them for a new file, `before` null).
 * Files in languages code intelligence does not parse are not checked. When the parser itself cannot
 * start (a grammar that fails to load) the write is not blocked; the report says the check was skipped.
 */
export async function checkSyntaxAfterWrite(path: string, before: string | null, after: string): Promise<SyntaxCheck> {
  const language = languageForFile(path, after);
  if (!language) return { errors: [], report: null };
  let errors: CodeSyntaxError[];
  try {
    errors = before === null ? await syntaxErrors(after, language) : await newSyntaxErrors(before, after, language);
  } catch (error) {
    return { errors: [], report: endSentence(`Syntax check skipped: ${messageOf(error)}`) };
  }
  return { errors, report: errors.length === 0 ? null : syntaxReport(errors) };
}

/** "Syntax check: 1 new error — line 12, column 5: missing `)` in `foo(a, b`". */
export function syntaxReport(errors: readonly CodeSyntaxError[]): string {
  const count = `${errors.length} new error${errors.length === 1 ? '' : 's'}`;
  const shown = errors.slice(0, REPORT_MAX_ERRORS).map(describeSyntaxError);
  const more = errors.length > REPORT_MAX_ERRORS ? [`… and ${errors.length - REPORT_MAX_ERRORS} more`] : [];
  if (errors.length === 1) return `Syntax check: ${count} — ${shown[0] as string}`;
  return [`Syntax check: ${count}:`, ...shown.map((line) => `- ${line}`), ...more].join('\n');
}

function describeSyntaxError(error: CodeSyntaxError): string {
  const where = `line ${error.line}, column ${error.column}: ${error.message}`;
  return error.snippet === '' ? where : `${where} in \`${error.snippet}\``;
}

export interface WriteSyntaxGate {
  /** Set when the write must not happen: the message for the model, with the errors. */
  refusal: string | null;
  /** To append to a successful write's result. */
  report: string | null;
}

/**
 * Runs the check before a write. With `refuse` on, a write that adds syntax errors is refused
 * (the caller leaves the file untouched); otherwise the report rides along with the result.
 */
export async function gateWriteSyntax(path: string, before: string | null, after: string, refuse: boolean): Promise<WriteSyntaxGate> {
  const check = await checkSyntaxAfterWrite(path, before, after);
  if (refuse && check.errors.length > 0) {
    return {
      refusal:
        [
          `Refused: this would add syntax errors to ${path}, so ${before === null ? 'the file was not created' : 'the file was left unchanged'}`,
          '(the "refuse edits that break the syntax" setting is on). Fix the errors below and try again.',
        ].join(' ') + `\n${check.report ?? ''}`,
      report: null,
    };
  }
  return { refusal: null, report: check.report };
}

/** The tool's output with the syntax report, when there is one, after a blank line. */
export function withSyntaxReport(output: string, report: string | null): string {
  return report ? `${output}\n\n${report}` : output;
}
