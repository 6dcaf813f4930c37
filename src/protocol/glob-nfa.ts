import { type GlobPiece, isDotChar } from './glob-pieces';

/**
 * Thompson's construction for glob pieces, and its simulation: every state is visited at
 * most once per character, so a match takes time linear in the text's length whatever the
 * pattern. Matching is by UTF-16 code unit, like a RegExp without the u flag.
 */
type State = { kind: 'char'; test: (char: string) => boolean; out: State } | { kind: 'split'; out: State[] } | { kind: 'match' };

const notSlash = (char: string) => char !== '/';

/** Any run of characters passing `test`, then `next`. */
function loop(test: (char: string) => boolean, next: State): State {
  const split: State = { kind: 'split', out: [] };
  split.out.push({ kind: 'char', test, out: split }, next);
  return split;
}

/** Builds back to front: each piece gets the state that follows it. */
function build(pieces: readonly GlobPiece[], next: State): State {
  let state = next;
  for (let i = pieces.length - 1; i >= 0; i--) state = buildPiece(pieces[i] as GlobPiece, state);
  return state;
}

function buildPiece(piece: GlobPiece, next: State): State {
  switch (piece.kind) {
    case 'char':
      return { kind: 'char', test: piece.test, out: next };
    case 'star':
      return loop(notSlash, next);
    case 'rest': {
      const any = loop(isDotChar, next);
      return piece.min === 1 ? { kind: 'char', test: isDotChar, out: any } : any;
    }
    case 'dirs': {
      const dirs: State = { kind: 'split', out: [] };
      dirs.out.push(loop(notSlash, { kind: 'char', test: (char) => char === '/', out: dirs }), next);
      return dirs;
    }
    case 'prefix':
      return { kind: 'split', out: [loop(isDotChar, { kind: 'char', test: (char) => char === '/', out: next }), next] };
    case 'alt':
      return { kind: 'split', out: piece.options.map((option) => build(option, next)) };
  }
}

/** Adds `state` and everything reachable from it without reading a character. */
function addClosure(state: State, into: Set<State>): void {
  if (into.has(state)) return;
  into.add(state);
  if (state.kind === 'split') for (const out of state.out) addClosure(out, into);
}

/** A predicate telling whether the whole text matches the pieces. */
export function nfaMatcher(pieces: readonly GlobPiece[]): (text: string) => boolean {
  const start = build(pieces, { kind: 'match' });
  return (text) => {
    let current = new Set<State>();
    addClosure(start, current);
    for (let i = 0; i < text.length && current.size > 0; i++) {
      const char = text[i] as string;
      const next = new Set<State>();
      for (const state of current) if (state.kind === 'char' && state.test(char)) addClosure(state.out, next);
      current = next;
    }
    for (const state of current) if (state.kind === 'match') return true;
    return false;
  };
}
