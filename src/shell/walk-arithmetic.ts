import type { ArithExpr } from './ast';

/**
 * Bash evaluates a variable's value again when arithmetic uses it, and a
 * value like `a[$(cmd)]` runs cmd. So arithmetic is only read-only when every
 * variable it reads is known to hold a plain number.
 */

/** Variables the shell itself keeps as numbers. */
const NUMERIC_SPECIALS: ReadonlySet<string> = new Set([
  '#',
  '?',
  '$',
  '!',
  'RANDOM',
  'SRANDOM',
  'SECONDS',
  'EPOCHSECONDS',
  'LINENO',
  'BASHPID',
  'PPID',
  'UID',
  'EUID',
]);

/** `$(wc -l < f)`, `$(nproc)`: commands whose output is a number. */
const NUMERIC_OUTPUT = /^\s*(wc\s+(-[lcmw]+\s+)*(<\s*)?[^\s|;&<>()$`]*|nproc|id\s+-[ug]|date\s+\+%s)\s*$/;

export interface ArithmeticHost {
  /** Holds a value known to be a plain number. */
  isNumeric(name: string): boolean;
  setNumeric(name: string): void;
  /** The expression assigns `name` (`x=…`, `x+=…`, `x++`, `a[i]=…`), in the current shell. */
  assigns(name: string): void;
  /** Judges the code of a `$(…)` inside the expression. */
  walkCode(source: string): void;
  /** Walks text the parser kept as a string (`${…}` inside arithmetic) that may hold substitutions. */
  walkEmbedded(text: string): void;
  /** Reports that the expression evaluates something only known at run time. */
  unsafe(what: string): void;
}

export function isNumericValue(text: string): boolean {
  return /^\s*[-+]?\s*(0[xX][0-9a-fA-F]+|[0-9]+(#[0-9a-zA-Z@_]+)?)\s*$/.test(text);
}

export function walkArithmetic(expression: ArithExpr, host: ArithmeticHost): void {
  const walk = (e: ArithExpr) => walkArithmetic(e, host);
  const readVariable = (name: string) => {
    if (/^[0-9]+$/.test(name)) host.unsafe(`$${name}`);
    else if (!NUMERIC_SPECIALS.has(name) && !host.isNumeric(name)) host.unsafe(name);
  };
  switch (expression.type) {
    case 'ArithCommandSubst':
      host.walkCode(expression.command);
      if (!NUMERIC_OUTPUT.test(expression.command)) host.unsafe(`the output of $(${expression.command.trim()})`);
      return;
    case 'ArithVariable':
      return readVariable(expression.name);
    case 'ArithSpecialVar':
      if (!NUMERIC_SPECIALS.has(expression.name)) host.unsafe(`$${expression.name}`);
      return;
    case 'ArithBinary':
      walk(expression.left);
      walk(expression.right);
      return;
    case 'ArithUnary':
      if (expression.operator === '++' || expression.operator === '--') {
        const target = expression.operand;
        if (target.type === 'ArithVariable') host.assigns(target.name);
        else if (target.type === 'ArithArrayElement') host.assigns(target.array);
      }
      return walk(expression.operand);
    case 'ArithTernary':
      walk(expression.condition);
      walk(expression.consequent);
      walk(expression.alternate);
      return;
    case 'ArithAssignment':
      host.assigns(expression.variable);
      if (expression.subscript) walk(expression.subscript);
      walk(expression.value);
      if (expression.operator !== '=') readVariable(expression.variable);
      if (!expression.subscript && expression.stringKey === undefined) host.setNumeric(expression.variable);
      return;
    case 'ArithDynamicAssignment':
      host.unsafe('a variable named at run time');
      walk(expression.target);
      if (expression.subscript) walk(expression.subscript);
      walk(expression.value);
      return;
    case 'ArithDynamicElement':
      host.unsafe('an array named at run time');
      walk(expression.nameExpr);
      walk(expression.subscript);
      return;
    case 'ArithGroup':
    case 'ArithNested':
      return walk(expression.expression);
    case 'ArithConcat':
      for (const part of expression.parts) walk(part);
      return;
    case 'ArithArrayElement':
      if (expression.index) walk(expression.index);
      if (!host.isNumeric(expression.array)) host.unsafe(`${expression.array}[…]`);
      return;
    case 'ArithDoubleSubscript':
      return walk(expression.index);
    case 'ArithBracedExpansion':
      host.walkEmbedded(expression.content);
      if (!(/^[A-Za-z_][A-Za-z0-9_]*$/.test(expression.content) && host.isNumeric(expression.content))) host.unsafe(`\${${expression.content}}`);
      return;
    case 'ArithDynamicBase':
      host.walkEmbedded(expression.baseExpr);
      host.unsafe(expression.baseExpr);
      return;
    case 'ArithDynamicNumber':
      host.walkEmbedded(expression.prefix);
      host.unsafe(expression.prefix);
      return;
    case 'ArithNumber':
    case 'ArithNumberSubscript':
    case 'ArithSyntaxError':
    case 'ArithSingleQuote':
      return;
  }
}
