/**
 * Plain-literal properties of a JavaScript/TypeScript config file, read as text and never run:
 * a tokenizer that knows strings, template literals, comments and regular expressions, and a
 * walk that names each object property and the key of the object holding it.
 */

type Token =
  | { kind: 'string'; value: string }
  /** A template literal with `${…}`: its value depends on code. */
  | { kind: 'template' }
  | { kind: 'name'; value: string }
  | { kind: 'punct'; value: string }
  | { kind: 'other' };

/** A list item: a plain string, or `...a.b` (a spread the caller may know, like `...configDefaults.exclude`). */
export type LiteralItem = { kind: 'string'; value: string } | { kind: 'spread'; name: string };

/** A property's value: a plain string, a list of strings and spreads, an object literal, or anything else (code). */
export type LiteralValue = { kind: 'string'; value: string } | { kind: 'list'; items: LiteralItem[] } | { kind: 'object' } | { kind: 'code' };

export interface LiteralProperty {
  name: string;
  /** The key of the object literal that holds it (`test` for `test: { include }`); null for one that is no property's value. */
  parent: string | null;
  value: LiteralValue;
}

/** After these, a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', 'return', 'typeof']);
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const previous = () => {
    const last = tokens.at(-1);
    return last?.kind === 'punct' || last?.kind === 'name' ? last.value : last ? 'value' : '(';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (/\s/.test(char)) {
      i++;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (char === '"' || char === "'") {
      let value = '';
      i++;
      while (i < text.length && text[i] !== char) {
        if (text[i] === '\\') {
          const next = text[i + 1] ?? '';
          value += ESCAPES[next] ?? next;
          i += 2;
        } else value += text[i++];
      }
      i++;
      tokens.push({ kind: 'string', value });
    } else if (char === '`') {
      i = templateEnd(text, i, tokens);
    } else if (char === '/' && BEFORE_REGEX.has(previous())) {
      i = regexEnd(text, i);
      tokens.push({ kind: 'other' });
    } else if (/[A-Za-z_$]/.test(char)) {
      const name = /^[\w$]+/.exec(text.slice(i, i + 200))?.[0] ?? char;
      tokens.push({ kind: 'name', value: name });
      i += name.length;
    } else if (text.startsWith('...', i)) {
      tokens.push({ kind: 'punct', value: '...' });
      i += 3;
    } else if (/[{}[\](),:;=.!&|?]/.test(char)) {
      tokens.push({ kind: 'punct', value: char });
      i++;
    } else {
      tokens.push({ kind: 'other' });
      i++;
    }
  }
  return tokens;
}

/** Reads a template literal from its opening backtick; pushes its token and returns where it ends. */
function templateEnd(text: string, start: number, tokens: Token[]): number {
  let i = start + 1;
  let value = '';
  let dynamic = false;
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') {
      const next = text[i + 1] ?? '';
      value += ESCAPES[next] ?? next;
      i += 2;
    } else if (text.startsWith('${', i)) {
      dynamic = true;
      let depth = 0;
      for (; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      i++;
    } else value += text[i++];
  }
  tokens.push(dynamic ? { kind: 'template' } : { kind: 'string', value });
  return i + 1;
}

/** Where the regular expression literal starting at `start` ends (its flags included). */
function regexEnd(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length && text[i] !== '\n') {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) break;
    i++;
  }
  i++;
  while (i < text.length && /[a-z]/.test(text[i] as string)) i++;
  return i;
}

const isPunct = (token: Token | undefined, value: string) => token?.kind === 'punct' && token.value === value;

/** Index just past the value starting at `start`: up to the `,` or closing bracket at its own depth. */
function valueEnd(tokens: Token[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'punct') continue;
    if ('{[('.includes(token.value)) depth++;
    else if ('}])'.includes(token.value)) {
      if (depth === 0) return i;
      depth--;
    } else if (token.value === ',' && depth === 0) return i;
  }
  return tokens.length;
}

/** `...a.b.c` at `start` (after the `...`): the dotted name, or null. */
function dottedName(tokens: Token[], start: number, end: number): string | null {
  const parts: string[] = [];
  for (let i = start; i < end; i += 2) {
    const token = tokens[i];
    if (token?.kind !== 'name') return null;
    parts.push(token.value);
    if (i + 1 < end && !isPunct(tokens[i + 1], '.')) return null;
  }
  return parts.length > 0 ? parts.join('.') : null;
}

/** A list literal's items, or null when one of them is code. */
function listItems(tokens: Token[], start: number, end: number): LiteralItem[] | null {
  const items: LiteralItem[] = [];
  let i = start;
  while (i < end) {
    const itemEnd = valueEnd(tokens, i);
    const token = tokens[i] as Token;
    if (token.kind === 'string' && itemEnd === i + 1) items.push({ kind: 'string', value: token.value });
    else if (isPunct(token, '...')) {
      const name = dottedName(tokens, i + 1, itemEnd);
      if (name === null) return null;
      items.push({ kind: 'spread', name });
    } else if (itemEnd !== i) return null;
    i = itemEnd + 1;
  }
  return items;
}

/** The index of the bracket closing the one at `open`. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'punct') continue;
    if ('{[('.includes(token.value)) depth++;
    else if ('}])'.includes(token.value) && --depth === 0) return i;
  }
  return tokens.length;
}

function literalValue(tokens: Token[], start: number, end: number): LiteralValue {
  const first = tokens[start];
  if (first?.kind === 'string' && end === start + 1) return { kind: 'string', value: first.value };
  if (isPunct(first, '{') && closing(tokens, start) === end - 1) return { kind: 'object' };
  if (isPunct(first, '[') && closing(tokens, start) === end - 1) {
    const items = listItems(tokens, start + 1, end - 1);
    if (items) return { kind: 'list', items };
  }
  return { kind: 'code' };
}

/** Every property of every object literal in `text`, in order. */
export function literalProperties(text: string): LiteralProperty[] {
  const tokens = tokenize(text);
  const found: LiteralProperty[] = [];
  /** Open brackets: `{` frames carry the key they are the value of. */
  const frames: { bracket: string; key: string | null }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'punct') continue;
    if (token.value === '{' || token.value === '[' || token.value === '(') {
      const key = isPunct(tokens[i - 1], ':') ? keyName(tokens[i - 2]) : null;
      frames.push({ bracket: token.value, key });
    } else if (token.value === '}' || token.value === ']' || token.value === ')') {
      frames.pop();
    }
    const frame = frames.at(-1);
    if (frame?.bracket !== '{' || (token.value !== '{' && token.value !== ',')) continue;
    // A property starts here: `key: value`, or a shorthand `key` (its value is code).
    const name = keyName(tokens[i + 1]);
    if (name === null) continue;
    const after = tokens[i + 2];
    if (isPunct(after, ':')) {
      const end = valueEnd(tokens, i + 3);
      found.push({ name, parent: frame.key, value: literalValue(tokens, i + 3, end) });
    } else if (tokens[i + 1]?.kind === 'name' && (isPunct(after, ',') || isPunct(after, '}'))) {
      found.push({ name, parent: frame.key, value: { kind: 'code' } });
    }
  }
  return found;
}

function keyName(token: Token | undefined): string | null {
  return token?.kind === 'name' || token?.kind === 'string' ? token.value : null;
}
