import { arithmeticTextAssigns, arithmeticTextRisk } from './arithmetic-text';
import type { AssignmentNode, CommandNode, FunctionDefNode, RedirectionNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode } from './ast';
import { COMMANDS } from './command-tables';
import { FileStore } from './file-store';
import { FindingLog } from './finding-log';
import { judgeCommand } from './judge-command';
import type { FileContent, JudgeContext, NestedCode, StdinSource } from './judge-context';
import { judgeRedirection } from './judge-redirection';
import { parseScript } from './parse-script';
import { changeDirectory, pathScope } from './paths';
import { stdinOf } from './stdin-source';
import { checkVariableSetting, isDangerousVariable, mayHideCode, variableName } from './variables';
import { isNumericValue } from './walk-arithmetic';
import { subscriptOf, WordWalker } from './walk-words';
import { type Arg, literalText, showArgv, wordToArg } from './words';

/** Nested code (bash -c inside eval inside $(…)…) deeper than this is refused rather than followed. */
const MAX_DEPTH = 12;
/** Scripts run by name (a package script running a script running a script…) deeper than this are refused. */
const MAX_SCRIPT_DEPTH = 3;

/** What one shell process knows while it runs a script. */
interface ShellScope {
  functions: Set<string>;
  /** Variables known to hold plain numbers (safe for arithmetic to evaluate). */
  numeric: Set<string>;
  /** Associative arrays: their subscripts are strings, not arithmetic. */
  assoc: Set<string>;
  /** The session shell itself: state changed here outlives the command. */
  persistent: boolean;
}

/** A new shell: only its own associative arrays are known. */
function newScope(persistent: boolean): ShellScope {
  return { functions: new Set(), numeric: new Set(), assoc: new Set(['BASH_CMDS', 'BASH_ALIASES']), persistent };
}

const UNKNOWN_STDIN: StdinSource = { kind: 'unknown' };
const BROAD_LOOP_WORDS: ReadonlySet<string> = new Set(['root', 'home', 'outside', 'workspace', 'current', 'parent', 'history']);

/**
 * Walks every part of a parsed script that can run something: statements,
 * pipelines, compound commands, function bodies, and every word (command and
 * process substitutions, arithmetic, parameter operations, here-documents),
 * judging each simple command and each redirection it meets.
 */
export class ScriptWalker {
  readonly log = new FindingLog();
  /** Commands that ran workspace file content: `frame` read `path` (checked against other writes afterwards). */
  readonly fileUses: { frame: number | null; path: string }[] = [];
  private depth = 0;
  private scriptDepth = 0;
  private external = 0;
  private readonly safeVars = new Set<string>();
  private readonly loopWords = new Map<string, readonly Arg[]>();
  private scope: ShellScope = newScope(true);
  private readonly functionStack: string[] = [];
  private readonly context: JudgeContext;
  private readonly words: WordWalker;
  /** The shell's directory as `cd` commands move it (null once it depends on run-time values). */
  private cwd: string | null;
  /** Standard input of the command being judged, and of commands inside a pipe or a redirected compound. */
  private stdin: StdinSource = UNKNOWN_STDIN;
  private inheritedStdin: StdinSource = UNKNOWN_STDIN;

  constructor(
    workdir: string,
    cwd: string = workdir,
    readonly files: FileStore = new FileStore(),
  ) {
    this.cwd = cwd;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the context's getters read the walker's live state
    const walker = this;
    this.context = {
      get where() {
        return { workdir, cwd: walker.cwd };
      },
      get persistent() {
        return walker.scope.persistent && walker.external === 0;
      },
      get stdin() {
        return walker.stdin;
      },
      safeVars: this.safeVars,
      loopWords: this.loopWords,
      report: (kind, reason, writes) => this.log.report(kind, reason, writes),
      judgeArgv: (argv, options) => this.judgeArgv(argv, options?.cwd, options?.inShell ?? false),
      judgeText: (source, origin, code) => this.judgeCode(source, origin, code),
      readFile: (path) => this.readFile(path),
      noteAssignment: (name, value) => this.noteAssignment(name, value),
    };
    this.words = new WordWalker({
      report: (reason) => this.log.report('effect', reason),
      inspectSource: (source, origin) => this.inspectSource(source, origin),
      walkSubstitution: (body) => this.nested(() => this.inSubshell(() => this.walkScript(body))),
      isNumeric: (name) => this.scope.numeric.has(name),
      setNumeric: (name) => this.scope.numeric.add(name),
      isAssociative: (name) => this.scope.assoc.has(name),
    });
  }

  /** Parses and walks shell code in the current shell; `origin` names where nested code came from. */
  inspectSource(source: string, origin?: string): void {
    if (this.depth >= MAX_DEPTH) {
      this.log.report('unparsed', `could not parse: code nested more than ${MAX_DEPTH} levels deep${origin ? ` (in ${origin})` : ''}`);
      return;
    }
    const parsed = parseScript(source);
    if (!parsed.ok) {
      this.log.report('unparsed', `could not parse${origin ? ` the code run by ${origin}` : ''}: ${parsed.error}`);
      return;
    }
    this.nested(() => this.walkScript(parsed.script));
  }

  /** Judges nested code; true when it was read-only. */
  private judgeCode(source: string, origin: string, code: NestedCode): boolean {
    const what = code.label ?? `the code run by ${origin}`;
    if (this.depth >= MAX_DEPTH) {
      this.log.report('unparsed', `could not follow ${what}: code nested more than ${MAX_DEPTH} levels deep`);
      return false;
    }
    if (code.fromFile !== undefined && this.scriptDepth >= MAX_SCRIPT_DEPTH) {
      this.log.report('unparsed', `${what} is run by a script nested more than ${MAX_SCRIPT_DEPTH} levels deep, so it is not followed`);
      return false;
    }
    const parsed = parseScript(source);
    if (!parsed.ok) {
      this.log.report('unparsed', `could not parse ${what}: ${parsed.error}`);
      return false;
    }
    const saved = { cwd: this.cwd, scope: this.scope, external: this.external };
    if (code.cwd !== undefined) this.cwd = code.cwd;
    if (code.childShell) {
      this.scope = newScope(false);
      this.external = 0;
    }
    if (code.fromFile !== undefined) this.scriptDepth++;
    const before = this.log.records.length;
    try {
      const walk = () => this.log.inCode(code.label, () => this.nested(() => this.walkScript(parsed.script)));
      if (code.runsLater) this.log.unordered(walk);
      else walk();
    } finally {
      if (code.fromFile !== undefined) this.scriptDepth--;
      // Code run by the same shell (eval, source, a trap) keeps its effect on the directory.
      if (code.childShell || code.cwd !== undefined) this.cwd = saved.cwd;
      this.scope = saved.scope;
      this.external = saved.external;
    }
    return this.log.records.length === before;
  }

  private judgeArgv(argv: readonly Arg[], cwd: string | null | undefined, inShell: boolean): void {
    if (this.depth >= MAX_DEPTH) {
      this.log.report('unparsed', `could not follow '${showArgv(argv)}': commands nested too deeply`);
      return;
    }
    const saved = { cwd: this.cwd, stdin: this.stdin };
    if (cwd !== undefined) this.cwd = cwd;
    const step = inShell ? 0 : 1;
    this.external += step;
    try {
      this.nested(() => this.log.inCommand(argv, () => judgeCommand(argv, this.context)));
    } finally {
      this.external -= step;
      this.cwd = saved.cwd;
      this.stdin = saved.stdin;
    }
  }

  private readFile(path: string): FileContent {
    const content = this.files.read(path);
    if (content.status === 'ok' || content.status === 'missing') this.fileUses.push({ frame: this.log.within, path });
    return content;
  }

  private noteAssignment(name: string, value: string | null): void {
    if (value !== null && isNumericValue(value)) this.scope.numeric.add(name);
    else this.scope.numeric.delete(name);
  }

  walkScript(script: ScriptNode): void {
    this.walkStatements(script.statements);
  }

  private walkStatements(statements: readonly StatementNode[]): void {
    for (const statement of statements) this.walkStatement(statement);
  }

  private walkStatement(statement: StatementNode): void {
    if (statement.deferredError) {
      this.log.report('unparsed', `could not parse: ${statement.deferredError.message}`);
    }
    for (const pipeline of statement.pipelines) {
      // Each part of a real pipeline, and a background job, runs in a subshell: what it changes stays there.
      const apart = pipeline.commands.length > 1 || statement.background;
      const walkParts = () =>
        pipeline.commands.forEach((command, index) => {
          const walk = () => this.walkCommand(command, apart, index > 0 ? UNKNOWN_STDIN : undefined);
          if (apart) this.inSubshell(walk);
          else walk();
        });
      if (apart) this.log.unordered(walkParts, { background: statement.background });
      else walkParts();
    }
  }

  private walkCommand(command: CommandNode, concurrent: boolean, pipedStdin?: StdinSource): void {
    const savedStdin = this.inheritedStdin;
    if (pipedStdin) this.inheritedStdin = pipedStdin;
    if (command.type !== 'SimpleCommand' && command.type !== 'FunctionDef') this.inheritedStdin = stdinOf(command.redirections) ?? this.inheritedStdin;
    try {
      this.walkCompound(command, concurrent);
    } finally {
      this.inheritedStdin = savedStdin;
    }
    if (command.type !== 'FunctionDef') this.walkRedirections(command.redirections);
  }

  private walkCompound(command: CommandNode, concurrent: boolean): void {
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
        return;
      case 'For':
        return this.log.unordered(() => this.walkFor(command.variable, command.words, command.body));
      case 'CStyleFor':
        return this.log.unordered(() => {
          for (const expression of [command.init, command.condition, command.update]) {
            if (expression) this.words.walkArith(expression.expression, `'for ((${expression.originalText?.trim() ?? '…'}))'`);
          }
          this.walkStatements(command.body);
        });
      case 'While':
      case 'Until':
        return this.log.unordered(() => {
          this.walkStatements(command.condition);
          this.walkStatements(command.body);
        });
      case 'Case':
        this.words.walkWord(command.word);
        for (const item of command.items) {
          for (const pattern of item.patterns) this.words.walkWord(pattern);
          this.walkStatements(item.body);
        }
        return;
      case 'Subshell':
        return this.inSubshell(() => this.walkStatements(command.body));
      case 'Group':
        return this.walkStatements(command.body);
      case 'ArithmeticCommand':
        return this.words.walkArith(command.expression.expression, `'((${command.expression.originalText?.trim() ?? '…'}))'`);
      case 'ConditionalCommand':
        return this.words.walkConditional(command.expression);
    }
  }

  private walkFunction(definition: FunctionDefNode): void {
    const lasting = this.scope.persistent && this.external === 0;
    if (lasting) this.log.report('effect', `defines the function '${definition.name}', which stays defined for later commands in this shell`);
    this.scope.functions.add(definition.name);
    this.functionStack.push(definition.name);
    const before = this.log.records.length;
    try {
      // The body runs where the function is called, maybe several times.
      this.log.unordered(() => this.walkCommand(definition.body, false));
    } finally {
      this.functionStack.pop();
    }
    this.walkRedirections(definition.redirections);
    // Later commands named like it run this body instead, judged as the command they look like.
    if (lasting && COMMANDS[definition.name] && this.log.records.length > before) {
      this.log.report('destructive', `redefines the command '${definition.name}' for every later command in this shell, with a body that is not read-only`);
    }
  }

  /** A loop over literal words that cannot start with `-` makes its variable a safe file-name operand. */
  private walkFor(variable: string, words: readonly WordNode[] | null, body: readonly StatementNode[]): void {
    const args = (words ?? []).map((w) => {
      this.words.walkWord(w);
      return wordToArg(w);
    });
    // Literal words that are neither options nor broad paths (`.`, `..`, `/`, `~`): the variable names a particular file.
    const safe =
      words !== null && args.every((a) => a.text !== null && !a.text.startsWith('-') && !BROAD_LOOP_WORDS.has(pathScope(a, this.context.where) ?? 'file'));
    const numeric = words !== null && args.every((a) => a.text !== null && isNumericValue(a.text));
    this.noteAssignment(variable, numeric ? '0' : null);
    const added = safe && !this.safeVars.has(variable);
    if (added) this.safeVars.add(variable);
    const outer = this.loopWords.get(variable);
    if (words !== null && args.every((a) => a.text !== null)) this.loopWords.set(variable, args);
    else this.loopWords.delete(variable);
    try {
      this.walkStatements(body);
    } finally {
      if (added) this.safeVars.delete(variable);
      if (outer) this.loopWords.set(variable, outer);
      else this.loopWords.delete(variable);
    }
  }

  private walkSimpleCommand(command: SimpleCommandNode, concurrent: boolean): void {
    const standalone = command.name === null;
    for (const assignment of command.assignments) this.walkAssignment(assignment, standalone);
    const words = command.name ? [command.name, ...command.args] : [];
    for (const word of words) this.words.walkWord(word);
    this.walkRedirections(command.redirections);
    if (words.length === 0) return;
    const argv = words.map(wordToArg);
    const name = argv[0]?.text;
    if (name != null && this.scope.functions.has(name)) {
      if (concurrent && this.functionStack.includes(name)) {
        this.log.report('destructive', `'${showArgv(argv)}': function '${name}' starts copies of itself in a pipe or in the background (a fork bomb)`);
        this.log.report('effect', `'${showArgv(argv)}': function '${name}' starts copies of itself without end`);
      }
      this.log.inCommand(argv, () => undefined); // its body is judged where it is defined
      return;
    }
    this.noteDeclarations(argv);
    this.stdin = stdinOf(command.redirections) ?? this.inheritedStdin;
    this.log.inCommand(argv, () => judgeCommand(argv, this.context));
    if (name === 'let') this.walkLet(argv);
    if (name === 'cd' || name === 'pushd' || name === 'popd') this.followCd(name, argv.slice(1));
  }

  /** `declare -A map`: the subscripts of `map` are strings, never evaluated as arithmetic. */
  private noteDeclarations(argv: readonly Arg[]): void {
    const name = argv[0]?.text;
    if (name !== 'declare' && name !== 'typeset' && name !== 'local') return;
    const options = argv.slice(1).filter((a) => a.text?.startsWith('-'));
    if (!options.some((o) => o.text?.includes('A'))) return;
    for (const arg of argv.slice(1)) if (arg.text && !arg.text.startsWith('-')) this.scope.assoc.add(variableName(arg.text));
  }

  /** `let EXPR…` evaluates each word as arithmetic. */
  private walkLet(argv: readonly Arg[]): void {
    for (const arg of argv.slice(1)) {
      // Judged as `NAME=…` is: PATH, IFS, BASH_ENV… decide what later commands run.
      for (const name of arg.text === null ? [] : arithmeticTextAssigns(arg.text)) {
        if (isDangerousVariable(name)) this.log.report('effect', `'${showArgv(argv)}' sets ${name}, which can make later commands run other programs`);
      }
      const risk = arg.text === null ? `'${arg.shown}'` : arithmeticTextRisk(arg.text, (n) => this.scope.numeric.has(n));
      if (arg.text !== null && mayHideCode(arg.text))
        this.log.report('effect', `'${showArgv(argv)}' evaluates '${arg.text}', which holds command substitution syntax`);
      else if (risk)
        this.log.report('effect', `'${showArgv(argv)}' evaluates ${risk}, whose value is only known when it runs (a value like 'a[$(cmd)]' would run cmd)`);
      const assigned = arg.text?.match(/^([A-Za-z_][A-Za-z0-9_]*)\s*[-+*/%&|^]?=/)?.[1];
      if (assigned) this.noteAssignment(assigned, risk ? null : '0');
    }
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
    const saved = { cwd: this.cwd, scope: this.scope };
    const scope = this.scope;
    this.scope = { functions: new Set(scope.functions), numeric: new Set(scope.numeric), assoc: new Set(scope.assoc), persistent: false };
    try {
      walk();
    } finally {
      this.cwd = saved.cwd;
      this.scope = saved.scope;
    }
  }

  private walkAssignment(assignment: AssignmentNode, standalone: boolean): void {
    const base = variableName(assignment.name);
    this.words.checkSubscript(base, subscriptOf(assignment.name), `the subscript of ${assignment.name}`);
    const values = assignment.value ? [assignment.value] : (assignment.array ?? []);
    checkVariableSetting(base, values.map(literalText).join(' '), `'${assignment.name}=…'`, this.context);
    if (assignment.value) this.words.walkWord(assignment.value);
    for (const word of assignment.array ?? []) this.words.walkWord(word);
    if (!standalone || base !== assignment.name) return;
    const numeric = values.every((w) => isArithmeticWord(w) || isNumericValue(literalValueOf(w) ?? 'x'));
    const appendsToText = assignment.append && !this.scope.numeric.has(base);
    this.noteAssignment(base, numeric && !appendsToText ? '0' : null);
  }

  private walkRedirections(redirections: readonly RedirectionNode[]): void {
    for (const redirection of redirections) {
      const target = redirection.target;
      if (target.type === 'HereDoc') this.words.walkWord(target.content);
      else this.words.walkWord(target);
      judgeRedirection(redirection, this.context);
    }
  }

  private nested(walk: () => void): void {
    if (this.depth >= MAX_DEPTH) {
      this.log.report('unparsed', `could not parse: substitutions nested more than ${MAX_DEPTH} levels deep`);
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

function isArithmeticWord(word: WordNode): boolean {
  return word.parts.length === 1 && word.parts[0]?.type === 'ArithmeticExpansion';
}

function literalValueOf(word: WordNode): string | null {
  return wordToArg(word).text;
}
