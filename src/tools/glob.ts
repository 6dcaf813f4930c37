/**
 * A small glob matcher for workspace-relative paths:
 *   `*`  any run of characters within one path segment
 *   `**` any number of whole segments (including none)
 *   `?`  one character other than "/"
 *   `{a,b}` either alternative (may nest and contain the other wildcards)
 * A pattern without "/" matches a file's name at any depth ("*.ts" finds "src/a.ts"),
 * like ripgrep's --glob.
 */

/** Which wildcards a pattern uses besides `*`, `**` and `?`: braces (`glob`), or classes and backslash escapes (`gitignore`). */
export type GlobSyntax = 'glob' | 'gitignore';

function escapeRegExp(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

/** Finds the index of the "}" closing the "{" at `open`, or -1. */
function closingBrace(glob: string, open: number): number {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Splits the inside of a brace group on its top-level commas. */
function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of body) {
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    if (char === '{') depth++;
    if (char === '}') depth--;
    current += char;
  }
  parts.push(current);
  return parts;
}

/** `[abc]`, `[a-z]`, `[!x]` / `[^x]` starting at `open`; null when unterminated (then "[" is literal). */
function characterClass(pattern: string, open: number): { regex: string; end: number } | null {
  let i = open + 1;
  let negated = false;
  if (pattern[i] === '!' || pattern[i] === '^') {
    negated = true;
    i++;
  }
  let body = '';
  // A "]" right after the opening bracket is a member, not the end.
  if (pattern[i] === ']') {
    body += '\\]';
    i++;
  }
  while (i < pattern.length && pattern[i] !== ']') {
    const char = pattern[i] as string;
    if (char === '\\' && i + 1 < pattern.length) {
      body += `\\${pattern[i + 1] as string}`;
      i += 2;
      continue;
    }
    body += char === '-' ? '-' : /[\\\]^[]/.test(char) ? `\\${char}` : char;
    i++;
  }
  if (i >= pattern.length || body === '') return null;
  return { regex: negated ? `[^/${body}]` : `(?!/)[${body}]`, end: i + 1 };
}

/** The regular expression (unanchored source) for a glob or .gitignore pattern over "/"-separated paths. */
export function translateGlob(pattern: string, syntax: GlobSyntax): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      const atSegmentStart = i === 0 || pattern[i - 1] === '/';
      if (atSegmentStart && pattern[i + 2] === '/') {
        out += '(?:[^/]*/)*'; // "**/": zero or more directories
        i += 3;
      } else if (atSegmentStart && i + 2 === pattern.length) {
        // Trailing "**": everything below (git: inside the directory, never the directory itself).
        out += syntax === 'gitignore' ? '.+' : '.*';
        i += 2;
      } else {
        out += '[^/]*'; // "**" inside a segment acts like "*"
        i += 2;
      }
    } else if (char === '*') {
      out += '[^/]*';
      i++;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (syntax === 'gitignore' && char === '\\' && i + 1 < pattern.length) {
      out += escapeRegExp(pattern[i + 1] as string);
      i += 2;
    } else if (syntax === 'gitignore' && char === '[') {
      const cls = characterClass(pattern, i);
      out += cls ? cls.regex : '\\[';
      i = cls ? cls.end : i + 1;
    } else if (syntax === 'glob' && char === '{') {
      const close = closingBrace(pattern, i);
      if (close < 0) {
        out += '\\{';
        i++;
      } else {
        out += `(?:${splitAlternatives(pattern.slice(i + 1, close))
          .map((alternative) => translateGlob(alternative, syntax))
          .join('|')})`;
        i = close + 1;
      }
    } else {
      out += escapeRegExp(char);
      i++;
    }
  }
  return out;
}

/** Compiles a glob to an anchored regular expression over the whole relative path. */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${translateGlob(glob, 'glob')}$`);
}

/** Returns a predicate over workspace-relative paths ("src/a.ts", no leading "./"). */
export function compileGlob(glob: string): (relativePath: string) => boolean {
  const pattern = glob.trim().replace(/^\.\//, '').replace(/^\/+/, '');
  const full = globToRegExp(pattern);
  if (pattern.includes('/')) return (path) => full.test(path);
  return (path) => full.test(path) || full.test(path.slice(path.lastIndexOf('/') + 1));
}
