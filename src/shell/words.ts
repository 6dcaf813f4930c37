import type { BraceItem, ParameterExpansionPart, ScriptNode, WordNode, WordPart } from './ast';

/** One shell word as the classifier sees it: its value when that is known before running. */
export interface Arg {
  /** The word's value when it is fully literal (globs kept as their pattern), else null. */
  text: string | null;
  /** The literal text before the first expansion (the whole value when literal). */
  lead: string;
  /** Name of the plain `$VAR` / `"${VAR}"` the word starts with, if it starts with one. */
  leadingVar: string | null;
  /** Name of the single command in a `$(cmd …)` the word starts with, if it starts with one. */
  leadingCommand: string | null;
  /** Contains an unquoted glob pattern (`*`, `?`, `[...]`). */
  glob: boolean;
  /** May expand into several words (an unquoted expansion, `"$@"`, a brace expansion, xargs input). */
  splits: boolean;
  /** A source-like rendering for messages. */
  shown: string;
}

/** A word made from a known string (for argv built from other words, e.g. `{}` placeholders). */
export function literalArg(text: string): Arg {
  return { text, lead: text, leadingVar: null, leadingCommand: null, glob: false, splits: false, shown: text };
}

/** A word only known when the command runs (input xargs appends, a name it substitutes). */
export function unknownArg(shown: string, splits: boolean, lead = ''): Arg {
  return { text: null, lead, leadingVar: null, leadingCommand: null, glob: false, splits, shown };
}

export function wordToArg(word: WordNode): Arg {
  const state: CollectState = { text: '', lead: '', leadDone: false, leadingVar: null, leadingCommand: null, glob: false, splits: false };
  collect(word.parts, state, true, false);
  return {
    text: state.text,
    lead: state.lead,
    leadingVar: state.leadingVar,
    leadingCommand: state.leadingCommand,
    glob: state.glob,
    splits: state.splits,
    shown: renderWord(word),
  };
}

interface CollectState {
  text: string | null;
  lead: string;
  leadDone: boolean;
  leadingVar: string | null;
  leadingCommand: string | null;
  glob: boolean;
  splits: boolean;
}

function collect(parts: readonly WordPart[], state: CollectState, atStart: boolean, quoted: boolean): void {
  let first = atStart;
  for (const part of parts) {
    const literal = literalValue(part);
    if (literal !== null) {
      if (part.type === 'Glob' && isRealGlob(part.pattern)) state.glob = true;
      if (state.text !== null) state.text += literal;
      if (!state.leadDone) state.lead += literal;
    } else if (part.type === 'DoubleQuoted') {
      collect(part.parts, state, first && state.lead === '', true);
    } else {
      if (mayExpandToWords(part, quoted)) state.splits = true;
      if (first && !state.leadDone && state.lead === '') {
        if (part.type === 'ParameterExpansion' && part.operation === null) state.leadingVar = part.parameter;
        if (part.type === 'CommandSubstitution') state.leadingCommand = soleCommandName(part.body);
      }
      state.text = null;
      state.leadDone = true;
    }
    first = false;
  }
}

/** Unquoted expansions are split into words; `"$@"` and `"${a[@]}"` expand to several even when quoted. */
function mayExpandToWords(part: WordPart, quoted: boolean): boolean {
  if (part.type === 'BraceExpansion') return true;
  if (part.type === 'ParameterExpansion' && (part.parameter === '@' || part.parameter.endsWith('[@]'))) return true;
  if (part.type === 'ParameterExpansion' && part.operation?.type === 'ArrayKeys') return true;
  return !quoted && (part.type === 'ParameterExpansion' || part.type === 'CommandSubstitution' || part.type === 'ArithmeticExpansion');
}

/** `which` in `$(which node)`: the name of the only command of a substitution, if it is that simple. */
function soleCommandName(script: ScriptNode): string | null {
  const command = script.statements.length === 1 ? script.statements[0]?.pipelines : undefined;
  const only = command?.length === 1 && command[0]?.commands.length === 1 ? command[0].commands[0] : undefined;
  if (!only || only.type !== 'SimpleCommand' || !only.name) return null;
  const parts = only.name.parts;
  return parts.length === 1 && parts[0]?.type === 'Literal' ? parts[0].value : null;
}

/** `*`, `?` and closed bracket expressions match files; a lone `[` (the test command) does not. */
function isRealGlob(pattern: string): boolean {
  return /[*?]|\[[^\]]+\]/.test(pattern);
}

/** The fixed text of a part, or null when the part expands at run time. */
function literalValue(part: WordPart): string | null {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'Escaped':
      return part.value;
    case 'Glob':
      return part.pattern;
    case 'TildeExpansion':
      return part.user === null ? '~' : `~${part.user}`;
    default:
      return null;
  }
}

/** All the literal text in a word, expansions left out: what bash stores without running anything. */
export function literalText(word: WordNode): string {
  return literalOf(word.parts);
}

function literalOf(parts: readonly WordPart[]): string {
  return parts.map((part) => (part.type === 'DoubleQuoted' ? literalOf(part.parts) : (literalValue(part) ?? ''))).join('');
}

function renderWord(word: WordNode): string {
  return word.parts.map(renderPart).join('');
}

function renderPart(part: WordPart): string {
  switch (part.type) {
    case 'Literal':
      return part.value;
    case 'SingleQuoted':
      return `'${part.value}'`;
    case 'Escaped':
      return `\\${part.value}`;
    case 'DoubleQuoted':
      return `"${part.parts.map(renderPart).join('')}"`;
    case 'Glob':
      return part.pattern;
    case 'TildeExpansion':
      return part.user === null ? '~' : `~${part.user}`;
    case 'ParameterExpansion':
      return renderParameter(part);
    case 'CommandSubstitution':
      return part.legacy ? '`…`' : '$(…)';
    case 'ArithmeticExpansion':
      return `$((${part.expression.originalText?.trim() ?? '…'}))`;
    case 'ProcessSubstitution':
      return part.direction === 'input' ? '<(…)' : '>(…)';
    case 'BraceExpansion':
      return `{${part.items.map(renderBraceItem).join(',')}}`;
  }
}

function renderParameter(part: ParameterExpansionPart): string {
  if (part.operation === null) return /^([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])$/.test(part.parameter) ? `$${part.parameter}` : `\${${part.parameter}}`;
  return `\${${part.parameter}…}`;
}

function renderBraceItem(item: BraceItem): string {
  if (item.type === 'Word') return renderWord(item.word);
  return `${item.startStr ?? item.start}..${item.endStr ?? item.end}`;
}

const MAX_SHOWN = 80;

/** `rm -rf x` style rendering of a command line, shortened for messages. */
export function showArgv(argv: readonly Arg[]): string {
  const text = argv.map((a) => a.shown).join(' ');
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
