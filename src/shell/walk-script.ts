import type {
  ArithExpr,
  AssignmentNode,
  CommandNode,
  ConditionalExpressionNode,
  FunctionDefNode,
  ParameterOperation,
  RedirectionNode,
  ScriptNode,
  SimpleCommandNode,
  StatementNode,
  WordNode,
  WordPart,
} from './ast';
import type { Finding, FindingKind, JudgeContext } from './judge-context';
import { judgeCommand } from './judge-command';
import { judgeRedirection } from './judge-redirection';
import { changeDirectory } from './paths';
import { parseScript } from './parse-script';
import { checkVariableSetting, mayHideCode, variableName } from './variables';
import { type Arg, literalText, showArgv, wordToArg } from './words';

const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** Nested code (bash -c inside eval inside $(…)…) deeper than this is refused rather than followed. */
const MAX_DEPTH = 12;

/**
 * Walks every part of a parsed script that can run something: statements,
 * pipelines, compound commands, function bodies, and every word (command and
 * process substitutions, arithmetic, parameter operations, here-documents),
 * judging each simple command and each redirection it meets.
 */
export class ScriptWalker {
  readonly findings: Finding[] = [];
  private depth = 0;
  private readonly safeVars = new Set<string>();
  private readonly functions = new Set<string>();
  private readonly functionStack: string[] = [];
  private readonly context: JudgeContext;
  /** The shell's directory as `cd` commands move it (null once it depends on run-time values). */
  private cwd: string | null;

  constructor(workdir: string, cwd: string = workdir) {
    this.cwd = cwd;
    const walker = this;
    this.context = {
      get where() {
        return { workdir, cwd: walker.cwd };
      },
      safeVars: this.safeVars,
      report: (kind, reason) => this.report(kind, reason),
      judgeArgv: (argv) => this.judgeArgv(argv),
      judgeText: (source, origin) => this.inspectSource(source, origin),
    };
  }

  report(kind: FindingKind, reason: string): void {
    if (!this.findings.some((f) => f.kind === kind && f.reason === reason)) this.findings.push({ kind, reason });
  }

  /** Parses and walks shell code; `origin` names where nested code came from. */
  inspectSource(source: string, origin?: string): void {
    if (this.depth >= MAX_DEPTH) {
      this.report('unparsed', `could not parse: code nested more than ${MAX_DEPTH} levels deep${origin ? ` (in ${origin})` : ''}`);
      return;
    }
    const parsed = parseScript(source);
    if (!parsed.ok) {
      this.report('unparsed', `could not parse${origin ? ` the code run by ${origin}` : ''}: ${parsed.error}`);
      return;
    }
    this.depth++;
    try {
      this.walkScript(parsed.script);
    } finally {
      this.depth--;
    }
  }

  private judgeArgv(argv: readonly Arg[]): void {
    if (this.depth >= MAX_DEPTH) {
      this.report('unparsed', `could not follow '${showArgv(argv)}': commands nested too deeply`);
      return;
    }
    this.depth++;
    try {
      judgeCommand(argv, this.context);
    } finally {
      this.depth--;
    }
  }

  walkScript(script: ScriptNode): void {
    this.walkStatements(script.statements);
  }

  private walkStatements(statements: readonly StatementNode[]): void {
    for (const statement of statements) this.walkStatement(statement);
  }

  private walkStatement(statement: StatementNode): void {
    if (statement.deferredError) {
      this.report('unparsed', `could not parse: ${statement.deferredError.message}`);
    }
    for (const pipeline of statement.pipelines) {
      const piped = pipeline.commands.length > 1;
      // Each part of a real pipeline runs in a subshell: its `cd` stays there.
      for (const command of pipeline.commands) {
        if (piped) this.inSubshell(() => this.walkCommand(command, true));
        else this.walkCommand(command, statement.background);
      }
    }
  }

  private walkCommand(command: CommandNode, concurrent: boolean): void {
    switch (command.type) {
      case 'SimpleCommand':
        return this.walkSimpleCommand(command, concurrent);
      case 'FunctionDef':
        return this.walkFunction(command);
      case 'If':
        for (const clause of command.clauses) {
          this.walkStatements(clause.condition);
          this.walkStatements(clause.body);
        }
        if (command.elseBody) this.walkStatements(command.elseBody);
        break;
      case 'For':
        this.walkFor(command.variable, command.words, command.body);
        break;
      case 'CStyleFor':
        for (const expression of [command.init, command.condition, command.update]) if (expression) this.walkArith(expression.expression);
        this.walkStatements(command.body);
        break;
      case 'While':
      case 'Until':
        this.walkStatements(command.condition);
        this.walkStatements(command.body);
        break;
      case 'Case':
        this.walkWord(command.word);
        for (const item of command.items) {
          for (const pattern of item.patterns) this.walkWord(pattern);
          this.walkStatements(item.body);
        }
        break;
      case 'Subshell':
        this.inSubshell(() => this.walkStatements(command.body));
        break;
      case 'Group':
        this.walkStatements(command.body);
        break;
      case 'ArithmeticCommand':
        this.walkArith(command.expression.expression);
        break;
      case 'ConditionalCommand':
        this.walkConditional(command.expression);
        break;
    }
    this.walkRedirections(command.redirections);
  }

  private walkFunction(definition: FunctionDefNode): void {
    this.functions.add(definition.name);
    this.functionStack.push(definition.name);
    try {
      this.walkCommand(definition.body, false);
    } finally {
      this.functionStack.pop();
    }
    this.walkRedirections(definition.redirections);
  }

  /** A loop over literal words that cannot start with `-` makes its variable a safe file-name operand. */
  private walkFor(variable: string, words: readonly WordNode[] | null, body: readonly StatementNode[]): void {
    const args = (words ?? []).map((w) => {
      this.walkWord(w);
      return wordToArg(w);
    });
    const safe = words !== null && args.every((a) => a.text !== null && !a.text.startsWith('-'));
    const added = safe && !this.safeVars.has(variable);
    if (added) this.safeVars.add(variable);
    try {
      this.walkStatements(body);
    } finally {
      if (added) this.safeVars.delete(variable);
    }
  }

  private walkSimpleCommand(command: SimpleCommandNode, concurrent: boolean): void {
    for (const assignment of command.assignments) this.walkAssignment(assignment);
    const words = command.name ? [command.name, ...command.args] : [];
    for (const word of words) this.walkWord(word);
    this.walkRedirections(command.redirections);
    if (words.length === 0) return;
    const argv = words.map(wordToArg);
    const name = argv[0]?.text;
    if (name != null && this.functions.has(name)) {
      if (concurrent && this.functionStack.includes(name)) {
        this.report('destructive', `'${showArgv(argv)}': function '${name}' starts copies of itself in a pipe or in the background (a fork bomb)`);
        this.report('effect', `'${showArgv(argv)}': function '${name}' starts copies of itself without end`);
      }
      return; // its body is judged where it is defined
    }
    judgeCommand(argv, this.context);
    if (name === 'cd' || name === 'pushd' || name === 'popd') this.followCd(name, argv.slice(1));
  }

  private followCd(name: string, args: readonly Arg[]): void {
    if (name === 'popd') {
      this.cwd = null;
      return;
    }
    const target = args.find((a) => a.text === null || !/^-[LPe@]+$/.test(a.text));
    this.cwd = changeDirectory(this.cwd, target === undefined ? '' : target.text);
  }

  private inSubshell(walk: () => void): void {
    const saved = this.cwd;
    try {
      walk();
    } finally {
      this.cwd = saved;
    }
  }

  private walkAssignment(assignment: AssignmentNode): void {
    this.walkEmbedded(subscriptOf(assignment.name), `the subscript of ${assignment.name}`);
    const values = assignment.value ? [assignment.value] : (assignment.array ?? []);
    checkVariableSetting(variableName(assignment.name), values.map(literalText).join(' '), `'${assignment.name}=…'`, this.context);
    if (assignment.value) this.walkWord(assignment.value);
    for (const word of assignment.array ?? []) this.walkWord(word);
  }

  private walkRedirections(redirections: readonly RedirectionNode[]): void {
    for (const redirection of redirections) {
      const target = redirection.target;
      if (target.type === 'HereDoc') this.walkWord(target.content);
      else this.walkWord(target);
      judgeRedirection(redirection, this.context);
    }
  }

  private walkWord(word: WordNode): void {
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
        this.nested(() => this.inSubshell(() => this.walkScript(part.body)));
        return;
      case 'ArithmeticExpansion':
        this.walkArith(part.expression.expression);
        return;
      case 'ParameterExpansion':
        this.walkEmbedded(subscriptOf(part.parameter), `the subscript of \${${part.parameter}}`);
        if (part.operation) this.walkParameterOperation(part.operation);
        return;
      case 'BraceExpansion':
        for (const item of part.items) if (item.type === 'Word') this.walkWord(item.word);
        return;
    }
  }

  private walkParameterOperation(operation: ParameterOperation): void {
    switch (operation.type) {
      case 'DefaultValue':
      case 'AssignDefault':
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
        this.walkArith(operation.offset.expression);
        if (operation.length) this.walkArith(operation.length.expression);
        return;
      case 'Indirection':
        if (operation.innerOp) this.walkParameterOperation(operation.innerOp);
        return;
      case 'Transform':
        if (operation.operator === 'P') this.report('effect', '${…@P} expands a value as a prompt string, which can run command substitutions');
        return;
      case 'Length':
      case 'LengthSliceError':
      case 'BadSubstitution':
      case 'ArrayKeys':
      case 'VarNamePrefix':
        return;
    }
  }

  private walkArith(expression: ArithExpr): void {
    switch (expression.type) {
      case 'ArithCommandSubst':
        this.inspectSource(expression.command, '$(…) in arithmetic');
        return;
      case 'ArithBinary':
        this.walkArith(expression.left);
        this.walkArith(expression.right);
        return;
      case 'ArithUnary':
        this.walkArith(expression.operand);
        return;
      case 'ArithTernary':
        this.walkArith(expression.condition);
        this.walkArith(expression.consequent);
        this.walkArith(expression.alternate);
        return;
      case 'ArithAssignment':
        if (expression.subscript) this.walkArith(expression.subscript);
        this.walkArith(expression.value);
        return;
      case 'ArithDynamicAssignment':
        this.walkArith(expression.target);
        if (expression.subscript) this.walkArith(expression.subscript);
        this.walkArith(expression.value);
        return;
      case 'ArithDynamicElement':
        this.walkArith(expression.nameExpr);
        this.walkArith(expression.subscript);
        return;
      case 'ArithGroup':
      case 'ArithNested':
        this.walkArith(expression.expression);
        return;
      case 'ArithConcat':
        for (const part of expression.parts) this.walkArith(part);
        return;
      case 'ArithArrayElement':
        if (expression.index) this.walkArith(expression.index);
        return;
      case 'ArithDoubleSubscript':
        this.walkArith(expression.index);
        return;
      case 'ArithBracedExpansion':
        this.walkEmbedded(expression.content, `\${${expression.content}}`, true);
        return;
      case 'ArithDynamicBase':
        this.walkEmbedded(expression.baseExpr, expression.baseExpr, true);
        return;
      case 'ArithDynamicNumber':
        this.walkEmbedded(expression.prefix, expression.prefix, true);
        return;
      case 'ArithNumber':
      case 'ArithVariable':
      case 'ArithSpecialVar':
      case 'ArithNumberSubscript':
      case 'ArithSyntaxError':
      case 'ArithSingleQuote':
        return;
    }
  }

  private walkConditional(expression: ConditionalExpressionNode): void {
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

  /** Literal words that `[[ ]]` evaluates as arithmetic (or as a subscript) run any $(…) they hold. */
  private checkEvaluated(words: readonly WordNode[]): void {
    for (const word of words) {
      const text = literalText(word);
      if (mayHideCode(text)) this.report('effect', `[[ ]] evaluates '${text}', which holds command substitution syntax`);
    }
  }

  /**
   * Text the parser kept as a plain string (array subscripts, `${…}` inside
   * arithmetic) may still hold substitutions: parse it as a word and walk it.
   */
  private walkEmbedded(text: string | null, what: string, braced = false): void {
    if (text === null || !/\$\(|`|<\(|>\(/.test(text)) return;
    this.inspectSource(braced ? `: "\${${text}}"` : `: ${text}`, what);
  }

  private nested(walk: () => void): void {
    if (this.depth >= MAX_DEPTH) {
      this.report('unparsed', `could not parse: substitutions nested more than ${MAX_DEPTH} levels deep`);
      return;
    }
    this.depth++;
    try {
      walk();
    } finally {
      this.depth--;
    }
  }
}

/** `a[$(cmd)]` → `$(cmd)`; null when there is no subscript. */
function subscriptOf(name: string): string | null {
  const open = name.indexOf('[');
  return open === -1 || !name.endsWith(']') ? null : name.slice(open + 1, -1);
}
