/**
 * What RE2 cannot do, in the words search_codebase uses for it (its description and its
 * errors). RE2 never backtracks, which is what keeps every search linear in time; these
 * constructs need backtracking.
 */
export const RE2_LIMITS =
  'RE2 has no backreferences (\\1, \\k<name>), no lookahead ((?=…), (?!…)), no atomic groups or possessive quantifiers, ' +
  'and no capture groups inside a lookbehind; lookbehind itself works ((?<=…), (?<!…)).';

interface Unsupported {
  construct: string;
  instead: string;
}

/** A construct and the RE2 parse error that tells it. */
type Detected = Unsupported & { error: RegExp };

const NAMED_BACKREFERENCE: Unsupported = {
  construct: 'a named backreference (\\k<name>)',
  instead: 'spell out the repeated text, or search for the first part and check the matches with context_lines.',
};

const UNSUPPORTED: readonly Detected[] = [
  {
    error: /invalid escape sequence: `\\[1-9]/,
    construct: 'a backreference (\\1…\\9)',
    instead: 'spell out the repeated text, or search for the first part and check the matches with context_lines.',
  },
  {
    error: /unsupported Perl syntax: `\(\?[=!]/,
    construct: 'a lookahead ((?=…) or (?!…))',
    instead:
      'make what follows part of the match (e.g. "foo(?=bar)" → "foobar"); for a negative lookahead of one character use a class ' +
      '("foo(?!x)" → "foo([^x]|$)"), otherwise search for the main part and check the matches with context_lines.',
  },
  {
    error: /invalid capture in lookbehind/,
    construct: 'a lookbehind with a capture group inside',
    instead: 'use a non-capturing group inside the lookbehind: (?<=(?:a|b))c.',
  },
  {
    error: /unsupported Perl syntax: `\(\?>/,
    construct: 'an atomic group ((?>…))',
    instead: 'use a plain group (?:…); RE2 never backtracks, so it is not needed.',
  },
  {
    error: /invalid nested repetition operator: `[*+?}]\+/,
    construct: 'a possessive quantifier (*+, ++, ?+)',
    instead: 'use the plain quantifier (*, +, ?); RE2 never backtracks, so it is not needed.',
  },
];

function explain(found: Unsupported): string {
  return `The pattern uses ${found.construct}, which search_codebase's regular expression engine (RE2, linear-time) does not support. ${RE2_LIMITS} Instead: ${found.instead}`;
}

/** The explanation for a construct RE2 lacks, or null when RE2's error is about something else. */
export function describeUnsupported(reason: string): string | null {
  const found = UNSUPPORTED.find((entry) => entry.error.test(reason));
  return found ? explain(found) : null;
}

/**
 * Checked before the JavaScript-to-RE2 translation, which turns an unknown escape into its
 * letter the way JavaScript does without named groups, so `\k<name>` would quietly
 * become the text "k<name>".
 */
export function findNamedBackreference(source: string): string | null {
  for (let i = 0; i < source.length - 1; i++) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k' && source[i + 2] === '<') return explain(NAMED_BACKREFERENCE);
    i++;
  }
  return null;
}
