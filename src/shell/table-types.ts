/** The shapes of the command tables: what the judges know about each command. */
/** Option syntax of a command: which options take a value. */
export interface OptionSyntax {
  /** Options that take a value, attached (`-ofile`, `--output=file`) or as the next word. */
  valued?: readonly string[];
  /** Options whose value can only be attached (`sed -i.bak`, `--in-place=.bak`). */
  attachedOnly?: readonly string[];
  /** Valued options after which option parsing stops (`python -m MODULE args…`, `bash -c CODE args…`). */
  terminal?: readonly string[];
  /** Long options start with one dash (`go test -coverprofile=x`): no short-option clusters. */
  longSingleDash?: boolean;
  /** Long flags that are options of their own, not abbreviations of longer valued ones (`--coverage`). */
  flags?: readonly string[];
  /** Options end at the first operand (awk: what follows the program text is input files and assignments). */
  optionsEndAtOperand?: boolean;
}

/** Option rules for a command that is read-only unless one of them says otherwise. */
export interface OptionRules extends OptionSyntax {
  /** Options that make it write or change state: option → what it then does. */
  writes?: Readonly<Record<string, string>>;
  /** Options that make it run other programs or code. */
  runs?: Readonly<Record<string, string>>;
  /** More operands than `count`: the extra one is written to (`uniq IN OUT`). */
  maxOperands?: { count: number; what: string };
  /** Read-only only when one of these options is present; otherwise `what`. */
  requires?: { options: readonly string[]; what: string };
  /** First operands (sub-modes) that make it write: `xan split`. */
  writingSubcommands?: Readonly<Record<string, string>>;
  /** Options that make it reach the network: `pip list --outdated`. */
  network?: Readonly<Record<string, string>>;
  /**
   * It runs project code (a configuration that is JavaScript, plugins, a build
   * script) or writes its cache into the project: allowed where tests may run,
   * unless one of `unless` turns that off.
   */
  projectCode?: { what: string; unless?: readonly string[] };
}

export interface WrapperSpec {
  /** The wrapper's own options, before the wrapped command. */
  syntax: OptionSyntax;
  /** Operands taken before the wrapped command (`timeout DURATION`). */
  leadingOperands?: number;
  /** Skips `NAME=value` operands before the command (`env`). */
  assignments?: boolean;
  /** Options that make the wrapper itself write (`/usr/bin/time -o FILE`). */
  writes?: Readonly<Record<string, string>>;
  /** Options after which no command runs: it only looks one up (`command -v`). */
  lookupOptions?: readonly string[];
  /** Options whose value is a command line run through a shell (`env -S`). */
  shellStringOptions?: readonly string[];
  /** Not read-only whatever it wraps (`sudo`). */
  always?: string;
  /** The words are joined and run by `sh -c` (`watch`), unless one of `directOptions` is given. */
  viaShell?: boolean;
  directOptions?: readonly string[];
  /** What runs when no command is given: nothing, or `echo` (`xargs`). */
  alone: 'nothing' | 'echo';
  /** A shell builtin (`command`, `builtin`): what it runs changes this shell's state. */
  inShell?: boolean;
  /** Options naming the directory the command runs in (`env -C DIR`). */
  chdirOptions?: readonly string[];
}

export interface InterpreterSpec {
  syntax: OptionSyntax;
  /** Options whose value is program text (`node -e`, `python -c`, `bash -c`). */
  inline: readonly string[];
  /** Options that only check syntax without running (`bash -n`, `node --check`). */
  syntaxCheck?: readonly string[];
  /** Options that load code before anything else, even a syntax check (`node -r`, `ruby -r`). */
  preload?: readonly string[];
  /** Options that keep the current directory off the module path (`python -I`, `python -P`). */
  isolated?: readonly string[];
  /** Option running a package.json script (`node --run NAME`). */
  scriptRunOption?: string;
  /** Option naming a module to run (`python -m`). */
  moduleOption?: string;
  /** Options that run the test runner (`node --test`). */
  testOptions?: readonly string[];
  /** A shell: inline program text is bash and is classified too. */
  shell?: boolean;
  label: string;
}

export interface SubcommandToolSpec {
  /** Options before the subcommand. */
  syntax: OptionSyntax;
  /** Read-only subcommands, with the option rules that still apply to them. */
  readonly: Readonly<Record<string, OptionRules | true>>;
  /** Subcommands with sub-subcommands: `go mod graph`. Listed ones are read-only. */
  nested?: Readonly<Record<string, readonly string[]>>;
  /** Subcommands that run the project's tests. */
  tests?: readonly string[];
  /** Subcommands that run the command line that follows (`bundle exec`). */
  launches?: readonly string[];
  /** What every launch also runs of the project (`bundle exec` evaluates the Gemfile). */
  launchProjectCode?: string;
  /** Subcommands that query a package registry or another server. */
  network?: readonly string[];
  /** What any other subcommand does. */
  what: string;
  /** No subcommand at all: harmless (prints usage) unless said otherwise. */
  alone?: string;
}

export interface PackageManagerSpec extends SubcommandToolSpec {
  /** Subcommands that run a package.json script: `run test`. */
  runScript: readonly string[];
  /** Subcommands that run a package binary: `exec jest`, `dlx x`. */
  execs: readonly string[];
  /** Built-in subcommands that change packages (others may be scripts, see `otherIsScript`). */
  changes: readonly string[];
  /** `yarn build`: an unknown subcommand runs the script or binary of that name. */
  otherIsScript: boolean;
  /** Options naming the package directory (`npm --prefix DIR`, `pnpm -C DIR`). */
  dirOptions: readonly string[];
  /** Options that run scripts of other packages of a monorepo, which are not followed. */
  workspaceOptions: readonly string[];
  /** A subcommand that is the manager's own test runner rather than the `test` script (`bun test`). */
  ownTestRunner?: string;
}

export interface LauncherSpec {
  syntax: OptionSyntax;
  /** Options whose value is a command line run through a shell (`npx -c`). */
  shellStringOptions?: readonly string[];
  label: string;
}

export interface BuildToolSpec {
  syntax: OptionSyntax;
  /** Targets (tasks, goals) that run tests. */
  testTargets: RegExp;
  /** Targets that only report, though the build files they evaluate are project code. */
  readonlyTargets?: readonly string[];
  /** Why running only `readonlyTargets` is still not read-only. */
  readonlyWhat?: string;
  /** Operands of the form NAME=value are variables, not targets (`make`). */
  variableOperands?: boolean;
  label: string;
}

export type SpecialJudge =
  | 'git'
  | 'find'
  | 'sed'
  | 'awk'
  | 'tar'
  | 'dd'
  | 'tee'
  | 'trap'
  | 'alias'
  | 'eval'
  | 'variables'
  | 'source'
  | 'xargs'
  | 'kill'
  | 'set'
  | 'shopt'
  | 'ulimit'
  | 'umask'
  | 'hash'
  | 'unalias'
  | 'enable'
  | 'history'
  | 'fc'
  | 'top'
  | 'less'
  | 'compgen'
  | 'names-variable';

export type CommandSpec =
  | { kind: 'readonly'; rules?: OptionRules }
  | {
      kind: 'writes';
      what: string;
      readonlyWith?: readonly string[];
      /** Options that make it write even in a read-only mode (`zstd -c -o FILE`). */
      writesWith?: readonly string[];
      /** More operands than this: the extra one is an output file even in a read-only mode (`lz4 -c IN OUT`). */
      maxOperands?: number;
      /** Options that run another program, whatever the mode (`rsync -n -e CMD`). */
      runsWith?: Readonly<Record<string, string>>;
      /** `host:path` operands reach the network (`rsync -n host:dir .`). */
      remoteOperands?: boolean;
      readonlySubcommands?: readonly string[];
      syntax?: OptionSyntax;
    }
  | { kind: 'network'; what: string }
  | { kind: 'runs-code'; what: string }
  | { kind: 'destructive'; what: string }
  | { kind: 'wrapper'; spec: WrapperSpec }
  | { kind: 'interpreter'; spec: InterpreterSpec }
  | { kind: 'subcommands'; spec: SubcommandToolSpec }
  | { kind: 'package-manager'; spec: PackageManagerSpec }
  | { kind: 'launcher'; spec: LauncherSpec }
  | { kind: 'test-runner' }
  | { kind: 'build-tool'; spec: BuildToolSpec }
  | { kind: 'special'; judge: SpecialJudge };

/** The same spec for every name in a space-separated list. */
export function group(names: string, spec: CommandSpec): Record<string, CommandSpec> {
  return Object.fromEntries(
    names
      .trim()
      .split(/\s+/)
      .map((name) => [name, spec]),
  );
}
