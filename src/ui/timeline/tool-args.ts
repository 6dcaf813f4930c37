import { z } from 'zod';
import { languageForPath, languageNameForPath } from '../editor/language';
import { formatArgs } from './format';

/**
 * A tool call's arguments as the Timeline reads them: a file's text (create_file's content,
 * edit_file's search and replace) as a code block labelled with the file's language, other
 * arguments as "name value" fields. Every part is text, rendered as text: never HTML.
 */
export type ArgPart =
  | { kind: 'field'; name: string; value: string }
  /** `language` is the editor's id (a data attribute); `languageName` what the label says. */
  | { kind: 'code'; label: string; language: string; languageName: string; text: string }
  /** Arguments that are not an object (or not JSON at all), as formatArgs shows them. */
  | { kind: 'text'; text: string };

const CreateFileArgs = z.object({ path: z.string(), content: z.string() });
const EditPair = z.object({ search: z.string(), replace: z.string() });
const EditFileArgs = z.object({
  path: z.string(),
  search: z.string().optional(),
  replace: z.string().optional(),
  edits: z.array(EditPair).optional(),
});

/** A field longer than this, or an object or array that does not fit it, is a block of its own. */
const INLINE_MAX = 80;
/** Arguments whose multi-line text is a script. */
const SHELL_FIELDS = new Set(['command', 'script', 'validate']);

export function toolArgParts(name: string, args: unknown, rawArguments: string): ArgPart[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [{ kind: 'text', text: formatArgs(args, rawArguments) }];
  const entries = Object.entries(args as Record<string, unknown>);
  if (entries.length === 0) return [{ kind: 'text', text: '(no arguments)' }];
  if (name === 'create_file') {
    const parsed = CreateFileArgs.safeParse(args);
    if (parsed.success) {
      const { path, content } = parsed.data;
      return [{ kind: 'field', name: 'path', value: path }, fileCode('content', path, content), ...otherFields(entries, ['path', 'content'])];
    }
  }
  if (name === 'edit_file') {
    const parsed = EditFileArgs.safeParse(args);
    if (parsed.success) {
      const { path, search, replace, edits } = parsed.data;
      const pairs = edits ?? (search !== undefined || replace !== undefined ? [{ search: search ?? '', replace: replace ?? '' }] : []);
      if (pairs.length > 0) {
        const label = (index: number, part: string) => (pairs.length === 1 ? part : `edit ${index + 1} of ${pairs.length}: ${part}`);
        return [
          { kind: 'field', name: 'path', value: path },
          ...pairs.flatMap((pair, index) => [fileCode(label(index, 'search'), path, pair.search), fileCode(label(index, 'replace'), path, pair.replace)]),
          ...otherFields(entries, ['path', 'search', 'replace', 'edits']),
        ];
      }
    }
  }
  return entries.map(([key, value]) => fieldPart(key, value));
}

function fileCode(label: string, path: string, text: string): ArgPart {
  return { kind: 'code', label, language: languageForPath(path), languageName: languageNameForPath(path), text };
}

function otherFields(entries: readonly [string, unknown][], shown: readonly string[]): ArgPart[] {
  return entries.filter(([key]) => !shown.includes(key)).map(([key, value]) => fieldPart(key, value));
}

/** One argument: a short value inline, a long or multi-line one as a block (a script as shell). */
function fieldPart(name: string, value: unknown): ArgPart {
  if (typeof value === 'string') {
    if (!value.includes('\n') && value.length <= INLINE_MAX) return { kind: 'field', name, value };
    const shell = SHELL_FIELDS.has(name);
    return { kind: 'code', label: name, language: shell ? 'shell' : 'plaintext', languageName: shell ? 'Shell' : 'text', text: value };
  }
  const compact = JSON.stringify(value) ?? String(value);
  if (compact.length <= INLINE_MAX) return { kind: 'field', name, value: compact };
  return { kind: 'code', label: name, language: 'json', languageName: 'JSON', text: JSON.stringify(value, null, 2) };
}
