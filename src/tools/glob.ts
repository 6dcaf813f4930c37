/**
 * A small glob matcher for workspace-relative paths:
 *   `*`  any run of characters within one path segment
 *   `**` any number of whole segments (including none)
 *   `?`  one character other than "/"
 *   `{a,b}` either alternative (may nest and contain the other wildcards)
 * A pattern without "/" matches a file's name at any depth ("*.ts" finds "src/a.ts"),
 * like ripgrep's --glob.
 */

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

function translate(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const char = glob[i] as string;
    if (char === '*') {
      if (glob[i + 1] === '*') {
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        const followedBySlash = glob[i + 2] === '/';
        if (atSegmentStart && followedBySlash) {
          out += '(?:[^/]*/)*'; // "**/": zero or more directories
          i += 3;
          continue;
        }
        if (atSegmentStart && i + 2 === glob.length) {
          out += '.*'; // trailing "**": everything below
          i += 2;
          continue;
        }
        out += '[^/]*'; // "**" inside a segment acts like "*"
        i += 2;
        continue;
      }
      out += '[^/]*';
      i++;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (char === '{') {
      const close = closingBrace(glob, i);
      if (close < 0) {
        out += '\\{';
        i++;
        continue;
      }
      out += `(?:${splitAlternatives(glob.slice(i + 1, close)).map(translate).join('|')})`;
      i = close + 1;
    } else {
      out += escapeRegExp(char);
      i++;
    }
  }
  return out;
}

/** Compiles a glob to an anchored regular expression over the whole relative path. */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${translate(glob)}$`);
}

/** Returns a predicate over workspace-relative paths ("src/a.ts", no leading "./"). */
export function compileGlob(glob: string): (relativePath: string) => boolean {
  const pattern = glob.trim().replace(/^\.\//, '').replace(/^\/+/, '');
  const full = globToRegExp(pattern);
  if (pattern.includes('/')) return (path) => full.test(path);
  return (path) => full.test(path) || full.test(path.slice(path.lastIndexOf('/') + 1));
}
