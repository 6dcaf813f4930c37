/**
 * A parsed glob (or .gitignore pattern), piece by piece, and how to match it. Simple
 * patterns become a JavaScript RegExp. Patterns with several unbounded wildcards would
 * make a backtracking engine take time exponential in their number ("*a*a*a*a*a*a*b"
 * against one 40-character name took 100 s), so those run on a small NFA (glob-nfa.ts)
 * whose time is linear in the path's length.
 */
export type GlobPiece =
  /** One character: a literal, `?` or a class; `source` is its regular expression. */
  | { kind: 'char'; source: string; test: (char: string) => boolean }
  /** `*`: any run within one segment, `[^/]*`. */
  | { kind: 'star' }
  /** `**` followed by a slash: any number of whole directories (none included). */
  | { kind: 'dirs' }
  /** A trailing `**`: everything below, `.*` (or `.+` when at least one character is needed). */
  | { kind: 'rest'; min: 0 | 1 }
  /** What lets an unanchored .gitignore pattern match at any depth: any directories before it, or none. */
  | { kind: 'prefix' }
  /** `{a,b}`: either alternative. */
  | { kind: 'alt'; options: GlobPiece[][] };

/** More unbounded pieces than this, and a backtracking match could take longer than quadratic time. */
const MAX_REGEXP_UNBOUNDED = 2;

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** What `.` matches in a JavaScript RegExp without the s flag. */
export const isDotChar = (char: string): boolean => !LINE_TERMINATOR.test(char);

export function literalPiece(char: string): GlobPiece {
  const source = /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
  return { kind: 'char', source, test: (c) => c === char };
}

/** A character class (or `?`) from its regular expression source, tested as that one-character RegExp. */
export function classPiece(source: string): GlobPiece {
  const regex = new RegExp(`^(?:${source})$`);
  return { kind: 'char', source, test: (c) => regex.test(c) };
}

export function regExpSource(pieces: readonly GlobPiece[]): string {
  return pieces
    .map((piece) => {
      switch (piece.kind) {
        case 'char':
          return piece.source;
        case 'star':
          return '[^/]*';
        case 'dirs':
          return '(?:[^/]*/)*';
        case 'rest':
          return piece.min === 1 ? '.+' : '.*';
        case 'prefix':
          return '(?:.*/)?';
        case 'alt':
          return `(?:${piece.options.map(regExpSource).join('|')})`;
      }
    })
    .join('');
}

/** How many unbounded wildcards the pattern has, counting every alternative. */
export function unboundedCount(pieces: readonly GlobPiece[]): number {
  return pieces.reduce((n, piece) => {
    if (piece.kind === 'char') return n;
    if (piece.kind === 'alt') return n + piece.options.reduce((sum, option) => sum + unboundedCount(option), 0);
    return n + 1;
  }, 0);
}

export function usesRegExp(pieces: readonly GlobPiece[]): boolean {
  return unboundedCount(pieces) <= MAX_REGEXP_UNBOUNDED;
}
