/** What an awk program does beyond reading its input and printing to standard output. */
export interface AwkEffects {
  runs: string | null;
  writes: string | null;
  unreadable: string | null;
}

type Token = { kind: 'word' | 'string' | 'regex' | 'number' | 'op'; text: string };

/** Redirection targets that are the terminal or nothing rather than a file. */
const HARMLESS_TARGETS = new Set(['/dev/stdout', '/dev/stderr', '/dev/null', '-']);
/** After these, `/` starts a regex rather than a division. */
const REGEX_AFTER_WORDS = new Set(['print', 'printf', 'return', 'in', 'case', 'getline', 'if', 'while', 'do', 'else']);

/**
 * Reads an awk program as tokens, so that `>` or `|` inside a string, a
 * regex or a comment is not taken for a redirection, and looks for what
 * makes it more than a reader: `system()`, pipes (`print | "cmd"`,
 * `"cmd" | getline`, `|&`), output redirections in print statements,
 * `@include`/`@load`, and gawk's indirect calls (`@f()`, `@ f()`), which can
 * call `system` through a variable.
 */
export function scanAwkProgram(program: string): AwkEffects {
  const effects: AwkEffects = { runs: null, writes: null, unreadable: null };
  const tokens = tokenize(program);
  if (typeof tokens === 'string') return { ...effects, unreadable: tokens };

  let inPrint = false;
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const next = tokens[i + 1];
    if (token.kind === 'word') {
      if (token.text === 'system') effects.runs ??= 'runs shell commands (awk system())';
      if (token.text === 'print' || token.text === 'printf') {
        inPrint = true;
        depth = 0;
      }
      if (token.text.startsWith('@')) effects.runs ??= atEffect(token.text.slice(1));
      continue;
    }
    if (token.kind !== 'op') continue;
    // gawk reads `@ name` like `@name`; `@/re/` is a regex constant.
    if (token.text === '@' && next?.kind !== 'regex') {
      effects.runs ??= next?.kind === 'word' ? atEffect(next.text) : "uses gawk's @ syntax, which can call any function (system() too)";
      continue;
    }
    switch (token.text) {
      case '|':
        effects.runs ??= next?.text === 'getline' ? 'runs a shell command (awk "cmd" | getline)' : 'writes to a command (awk print | "cmd")';
        break;
      case '|&':
        effects.runs ??= 'talks to a coprocess (awk |&)';
        break;
      case '>':
      case '>>':
        if (inPrint && depth === 0 && !(next?.kind === 'string' && HARMLESS_TARGETS.has(next.text))) {
          effects.writes ??= 'writes to a file (awk print > file)';
        }
        break;
      case '(':
      case '[':
        depth++;
        break;
      case ')':
      case ']':
        depth--;
        break;
      case ';':
      case '\n':
      case '{':
      case '}':
        inPrint = false;
        break;
    }
  }
  return effects;
}

/** What gawk's `@name` does: a directive, or an indirect call that can reach any function. */
function atEffect(name: string): string | null {
  if (name === 'include' || name === 'nsinclude') return 'includes an awk source file we cannot see (@include)';
  if (name === 'load') return 'loads an awk extension (@load)';
  if (name === 'namespace') return null;
  return `calls a function named by a variable (@${name}()), which can be system()`;
}

/** The program's tokens, or why it could not be read. */
function tokenize(program: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  const n = program.length;
  while (i < n) {
    const c = program[i] as string;
    if (c === '\\' && program[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && program[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      const end = readQuoted(program, i + 1, '"');
      if (end === -1) return 'a string is not closed';
      tokens.push({ kind: 'string', text: unescape(program.slice(i + 1, end)) });
      i = end + 1;
      continue;
    }
    if (c === '/' && startsRegex(tokens.at(-1))) {
      const end = readRegex(program, i + 1);
      if (end === -1) return 'a regular expression is not closed';
      tokens.push({ kind: 'regex', text: program.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    const word = /^@?[A-Za-z_][A-Za-z0-9_]*/.exec(program.slice(i, i + 200));
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    const number = /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?|^0[xX][0-9a-fA-F]+/.exec(program.slice(i, i + 100));
    if (number && number[0] !== '') {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const op = /^(\|&|\|\||&&|>>|>=|<=|==|!=|!~|\+\+|--|[-+*/%^]=|\*\*=?|.)/s.exec(program.slice(i, i + 3))?.[0] ?? c;
    tokens.push({ kind: 'op', text: op });
    i += op.length;
  }
  return tokens;
}

/** In awk, `/` divides after a value and opens a regex anywhere else. */
function startsRegex(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'number' || previous.kind === 'string' || previous.kind === 'regex') return false;
  if (previous.kind === 'word') return REGEX_AFTER_WORDS.has(previous.text);
  return !(previous.text === ')' || previous.text === ']' || previous.text === '$' || previous.text === '++' || previous.text === '--');
}

function readQuoted(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (text[i] === '\n') return -1;
  }
  return -1;
}

/** A regex ends at an unescaped `/` outside a bracket expression. */
function readRegex(text: string, from: number): number {
  let inBracket = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '\n') return -1;
    else if (inBracket) {
      if (c === ']' && i > from && text[i - 1] !== '[') inBracket = false;
    } else if (c === '[') inBracket = true;
    else if (c === '/') return i;
  }
  return -1;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}
