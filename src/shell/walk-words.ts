import { arithmeticTextRisk, wordArithmeticRisk } from './arithmetic-text';
import type { ArithExpr, ConditionalExpressionNode, ParameterOperation, ScriptNode, WordNode, WordPart } from './ast';
import { isDangerousVariable, mayHideCode, variableName } from './variables';
import { walkArithmetic } from './walk-arithmetic';
import { literalText } from './words';

const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** What walking words needs from the script walker. */
export interface WordWalkerHost {
  /** Reports an effect found in a word (it belongs to no command of its own). */
  report(reason: string): void;
  /** Parses and walks shell code kept as text, in the current shell. */
  inspectSource(source: string, origin: string): void;
  /** Walks the body of a `$(…)` or `<(…)`, which runs in a subshell. */
  walkSubstitution(body: ScriptNode): void;
  isNumeric(name: string): boolean;
  setNumeric(name: string): void;
  isAssociative(name: string): boolean;
}

/**
 * Walks what a word can run while it expands: command and process
 * substitutions, arithmetic (which evaluates variables again), parameter
 * operations, array subscripts, and the operands `[[ ]]` evaluates.
 */
export class WordWalker {
  constructor(private readonly host: WordWalkerHost) {}

  walkWord(word: WordNode): void {
    for (const part of word.parts) this.walkPart(part);
  }

  private walkPart(part: WordPart): void {
    switch (part.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'Escaped':
      case 'Glob':
      case 'TildeExpansion':
        return;
      case 'DoubleQuoted':
        for (const inner of part.parts) this.walkPart(inner);
        return;
      case 'CommandSubstitution':
      case 'ProcessSubstitution':
        this.host.walkSubstitution(part.body);
        return;
      case 'ArithmeticExpansion':
        this.walkArith(part.expression.expression, `'$((${part.expression.originalText?.trim() ?? '…'}))'`);
        return;
      case 'ParameterExpansion':
        this.checkSubscript(variableName(part.parameter), subscriptOf(part.parameter), `the subscript of \${${part.parameter}}`);
        if (part.operation) this.walkParameterOperation(part.operation, part.parameter);
        return;
      case 'BraceExpansion':
        for (const item of part.items) if (item.type === 'Word') this.walkWord(item.word);
        return;
    }
  }

  private walkParameterOperation(operation: ParameterOperation, parameter: string): void {
    switch (operation.type) {
      case 'DefaultValue':
        this.walkWord(operation.word);
        return;
      case 'AssignDefault': {
        this.walkWord(operation.word);
        const base = variableName(parameter);
        if (isDangerousVariable(base)) this.host.report(`'\${${parameter}:=…}' sets ${base}, which can make later commands run other programs`);
        if (mayHideCode(literalText(operation.word)))
          this.host.report(`'\${${parameter}:=…}' stores command substitution syntax in ${base}, which bash can run later (arithmetic, eval, prompts)`);
        return;
      }
      case 'UseAlternative':
        this.walkWord(operation.word);
        return;
      case 'ErrorIfUnset':
        if (operation.word) this.walkWord(operation.word);
        return;
      case 'PatternRemoval':
        this.walkWord(operation.pattern);
        return;
      case 'PatternReplacement':
        this.walkWord(operation.pattern);
        if (operation.replacement) this.walkWord(operation.replacement);
        return;
      case 'CaseModification':
        if (operation.pattern) this.walkWord(operation.pattern);
        return;
      case 'Substring':
        this.walkArith(operation.offset.expression, `the offset of \${${parameter}:…}`);
        if (operation.length) this.walkArith(operation.length.expression, `the length of \${${parameter}:…}`);
        return;
      case 'Indirection':
        this.host.report(`'\${!${parameter}}' expands the variable named by the value of ${parameter}, and a name like 'a[$(cmd)]' would run cmd`);
        if (operation.innerOp) this.walkParameterOperation(operation.innerOp, parameter);
        return;
      case 'Transform':
        if (operation.operator === 'P') this.host.report('${…@P} expands a value as a prompt string, which can run command substitutions');
        return;
      case 'Length':
      case 'LengthSliceError':
      case 'BadSubstitution':
      case 'ArrayKeys':
      case 'VarNamePrefix':
        return;
    }
  }

  walkArith(expression: ArithExpr, label: string): void {
    walkArithmetic(expression, {
      isNumeric: (name) => this.host.isNumeric(name),
      setNumeric: (name) => this.host.setNumeric(name),
      assigns: (name) => {
        if (isDangerousVariable(name)) this.host.report(`${label} sets ${name}, which can make later commands run other programs`);
      },
      walkCode: (source) => this.host.inspectSource(source, '$(…) in arithmetic'),
      walkEmbedded: (text) => this.walkEmbedded(text, `\${${text}}`, true),
      unsafe: (what) => this.host.report(`${label} evaluates ${what}, whose value is only known when it runs (a value like 'a[$(cmd)]' would run cmd)`),
    });
  }

  /** Indexed arrays evaluate their subscripts as arithmetic; associative ones only expand them. */
  checkSubscript(array: string, subscript: string | null, what: string): void {
    if (subscript === null) return;
    this.walkEmbedded(subscript, what);
    if (subscript === '@' || subscript === '*' || this.host.isAssociative(array)) return;
    const risk = arithmeticTextRisk(subscript, (n) => this.host.isNumeric(n));
    if (risk)
      this.host.report(`${what} is evaluated as arithmetic and uses ${risk}, whose value is only known when it runs (a value like 'a[$(cmd)]' would run cmd)`);
  }

  walkConditional(expression: ConditionalExpressionNode): void {
    switch (expression.type) {
      case 'CondBinary':
        this.walkWord(expression.left);
        this.walkWord(expression.right);
        if (ARITHMETIC_TESTS.has(expression.operator)) this.checkEvaluated([expression.left, expression.right]);
        return;
      case 'CondUnary':
        this.walkWord(expression.operand);
        if (expression.operator === '-v') this.checkEvaluated([expression.operand]);
        return;
      case 'CondNot':
        this.walkConditional(expression.operand);
        return;
      case 'CondAnd':
      case 'CondOr':
        this.walkConditional(expression.left);
        this.walkConditional(expression.right);
        return;
      case 'CondGroup':
        this.walkConditional(expression.expression);
        return;
      case 'CondWord':
        this.walkWord(expression.word);
        return;
    }
  }

  /** `[[ ]]` evaluates the operands of -eq and friends as arithmetic (and -v a subscript). */
  private checkEvaluated(words: readonly WordNode[]): void {
    for (const word of words) {
      const text = literalText(word);
      if (mayHideCode(text)) {
        this.host.report(`[[ ]] evaluates '${text}', which holds command substitution syntax`);
        continue;
      }
      const risk = wordArithmeticRisk(word, (n) => this.host.isNumeric(n));
      if (risk) this.host.report(`[[ ]] evaluates ${risk} as arithmetic, whose value is only known when it runs (a value like 'a[$(cmd)]' would run cmd)`);
    }
  }

  /**
   * Text the parser kept as a plain string (array subscripts, `${…}` inside
   * arithmetic) may still hold substitutions: parse it as a word and walk it.
   */
  private walkEmbedded(text: string | null, what: string, braced = false): void {
    if (text === null || !/\$\(|`|<\(|>\(/.test(text)) return;
    this.host.inspectSource(braced ? `: "\${${text}}"` : `: ${text}`, what);
  }
}

/** `a[$(cmd)]` → `$(cmd)`; null when there is no subscript. */
export function subscriptOf(name: string): string | null {
  const open = name.indexOf('[');
  return open === -1 || !name.endsWith(']') ? null : name.slice(open + 1, -1);
}
