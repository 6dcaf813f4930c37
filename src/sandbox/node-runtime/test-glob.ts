import { compilePieces, parseGlob } from '../../protocol/glob';

/**
 * Rewrites picomatch's classes and extglobs as brace groups, which protocol's glob matcher knows:
 * `[jt]` → `{j,t}`, `?(c|m)` → `{,c,m}`, `@(a|b)` → `{a,b}`. `+(a|b)` and `*(a|b)` match one
 * occurrence (and `*(…)` none too), enough for test file names (jest's default `?(*.)+(spec|test)`).
 * Negated classes and `!(…)` are refused.
 */
function asBraces(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    const next = pattern[i + 1];
    if ('?@+*!'.includes(char) && next === '(') {
      const close = pattern.indexOf(')', i + 2);
      if (close === -1) throw new Error(`an unclosed group in the glob ${pattern}`);
      if (char === '!') throw new Error(`a negated group !(…) in the glob ${pattern}`);
      const options = pattern
        .slice(i + 2, close)
        .split('|')
        .map(asBraces);
      out += char === '?' || char === '*' ? `{,${options.join(',')}}` : `{${options.join(',')}}`;
      i = close;
    } else if (char === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close === -1) throw new Error(`an unclosed class in the glob ${pattern}`);
      const body = pattern.slice(i + 1, close);
      if (body.startsWith('!') || body.startsWith('^')) throw new Error(`a negated class [${body}] in the glob ${pattern}`);
      out += `{${classMembers(body).join(',')}}`;
      i = close;
    } else if (char === '\\') {
      throw new Error(`an escape in the glob ${pattern}`);
    } else out += char;
  }
  return out;
}

/** `a-cx` → a, b, c, x. */
function classMembers(body: string): string[] {
  const members: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const from = body.charCodeAt(i);
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const to = body.charCodeAt(i + 2);
      for (let code = from; code <= to && members.length < 128; code++) members.push(String.fromCharCode(code));
      i += 2;
    } else members.push(body[i] as string);
  }
  return members;
}

/**
 * A test-file glob as vitest and jest read one (picomatch), over paths relative to the project
 * root: `*`, `**`, `?`, braces, classes and the common extglobs; a pattern without "/" matches
 * at the root only. Throws, naming what it cannot read.
 */
export function compileTestGlob(glob: string): (relativePath: string) => boolean {
  const pattern = glob.trim().replace(/^\.\//, '');
  return compilePieces(parseGlob(asBraces(pattern), 'glob'));
}
