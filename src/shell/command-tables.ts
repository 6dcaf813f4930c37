/** Option syntax of a command: which options take a value. (Declared here so the tables need no imports.) */
export interface OptionSyntax {
  /** Options that take a value, attached (`-ofile`, `--output=file`) or as the next word. */
  valued?: readonly string[];
  /** Options whose value can only be attached (`sed -i.bak`, `--in-place=.bak`). */
  attachedOnly?: readonly string[];
  /** Valued options after which option parsing stops (`python -m MODULE args…`, `bash -c CODE args…`). */
  terminal?: readonly string[];
}

/**
 * Every command the classifier knows, as data. The judges read these tables;
 * adding a command or an option means editing this file only.
 */

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
}

export interface InterpreterSpec {
  syntax: OptionSyntax;
  /** Options whose value is program text (`node -e`, `python -c`, `bash -c`). */
  inline: readonly string[];
  /** Options that only check syntax without running (`bash -n`, `node --check`). */
  syntaxCheck?: readonly string[];
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
  /** Targets that only report. */
  readonlyTargets?: readonly string[];
  /** Operands of the form NAME=value are variables, not targets (`make`). */
  variableOperands?: boolean;
  label: string;
}

export type SpecialJudge = 'git' | 'find' | 'sed' | 'awk' | 'tar' | 'dd' | 'tee' | 'trap' | 'alias' | 'eval' | 'variables';

export type CommandSpec =
  | { kind: 'readonly'; rules?: OptionRules }
  | { kind: 'writes'; what: string; readonlyWith?: readonly string[]; readonlySubcommands?: readonly string[]; syntax?: OptionSyntax }
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

function group(names: string, spec: CommandSpec): Record<string, CommandSpec> {
  return Object.fromEntries(names.trim().split(/\s+/).map((name) => [name, spec]));
}

const READONLY: CommandSpec = { kind: 'readonly' };

/** Shell builtins and utilities that never write, whatever their arguments. */
const PLAIN_READONLY = group(
  `: true false echo test [ cd pwd pushd popd dirs set shopt shift wait sleep exit return break continue type
   umask ulimit times jobs caller help compgen
   ls dir vdir cat tac head tail more wc nl od hexdump strings stat du df realpath readlink basename
   dirname pathchk namei lsattr getfacl md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum
   cksum sum cmp diff diff3 comm join paste cut tr fold fmt pr expand unexpand column rev look grep
   egrep fgrep zgrep zegrep zfgrep zcat bzcat xzcat zstdcat lz4cat zless zmore zdiff zcmp jq
   base64 base32 basenc tsort numfmt seq expr factor bc yes printenv id whoami groups users who w
   uname arch nproc uptime cal locale tty getconf free ps pgrep pidof lsof lsblk lscpu exa
   eza nm objdump readelf size clear info whatis apropos which whereis apt-cache dpkg-query
   shellcheck flake8 pylint pyflakes mypy pycodestyle hadolint`,
  READONLY,
);

/** Read-only utilities with options or operands that make them write. */
const CHECKED_READONLY: Record<string, CommandSpec> = {
  sort: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-k', '--key', '-t', '--field-separator', '-T', '--temporary-directory', '-S', '--buffer-size', '--parallel', '--batch-size', '--files0-from', '--compress-program', '--random-source'],
      writes: { '-o': 'writes its output to a file (sort -o)', '--output': 'writes its output to a file (sort --output)' },
      runs: { '--compress-program': 'runs a compression program (sort --compress-program)' },
    },
  },
  uniq: {
    kind: 'readonly',
    rules: {
      valued: ['-f', '--skip-fields', '-s', '--skip-chars', '-w', '--check-chars'],
      maxOperands: { count: 1, what: 'writes its output to the second file operand (uniq IN OUT)' },
    },
  },
  shuf: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-n', '--head-count', '-i', '--input-range', '--random-source'],
      writes: { '-o': 'writes its output to a file (shuf -o)', '--output': 'writes its output to a file (shuf --output)' },
    },
  },
  iconv: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-f', '--from-code', '-t', '--to-code'],
      writes: { '-o': 'writes its output to a file (iconv -o)', '--output': 'writes its output to a file (iconv --output)' },
    },
  },
  tree: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '-L', '-P', '-I', '-H', '-T', '--charset', '--filelimit', '--timefmt', '--sort'],
      writes: { '-o': 'writes its output to a file (tree -o)' },
    },
  },
  less: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '-O', '--log-file', '--LOG-FILE', '-b', '-h', '-j', '-k', '-p', '-P', '-t', '-T', '-x', '-y', '-z', '--tabs', '--pattern'],
      writes: { '-o': 'copies its input to a log file (less -o)', '-O': 'copies its input to a log file (less -O)', '--log-file': 'copies its input to a log file', '--LOG-FILE': 'copies its input to a log file' },
    },
  },
  sdiff: {
    kind: 'readonly',
    rules: { valued: ['-o', '--output', '-w', '--width'], writes: { '-o': 'writes a merged file (sdiff -o)', '--output': 'writes a merged file (sdiff --output)' } },
  },
  file: {
    kind: 'readonly',
    rules: { valued: ['-m', '--magic-file', '-f', '--files-from', '-F', '--separator', '-e', '--exclude', '-P', '--parameter'], writes: { '-C': 'compiles a magic file (file -C)', '--compile': 'compiles a magic file (file --compile)' } },
  },
  date: {
    kind: 'readonly',
    rules: {
      valued: ['-d', '--date', '-f', '--file', '-r', '--reference', '-s', '--set'],
      attachedOnly: ['-I', '--iso-8601', '--rfc-3339'],
      writes: { '-s': 'sets the system clock (date -s)', '--set': 'sets the system clock (date --set)' },
    },
  },
  hostname: {
    kind: 'readonly',
    rules: {
      valued: ['-F', '--file'],
      writes: { '-F': 'sets the host name (hostname -F)', '--file': 'sets the host name (hostname --file)' },
      maxOperands: { count: 0, what: 'sets the host name' },
    },
  },
  xxd: {
    kind: 'readonly',
    rules: {
      valued: ['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-o', '-offset', '-s', '-seek', '-n', '-name'],
      writes: { '-r': 'turns a hex dump back into binary (xxd -r)', '-revert': 'turns a hex dump back into binary (xxd -revert)' },
      maxOperands: { count: 1, what: 'writes its output to the second file operand (xxd IN OUT)' },
    },
  },
  yq: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output-format', '-p', '--input-format', '-I', '--indent', '--expression', '--from-file', '--front-matter', '--split-exp'],
      writes: { '-i': 'edits files in place (yq -i)', '--inplace': 'edits files in place (yq --inplace)', '-s': 'writes one file per document (yq -s)', '--split-exp': 'writes one file per document (yq --split-exp)' },
    },
  },
  xan: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-d', '--delimiter', '-s', '--select'],
      writes: { '-o': 'writes its output to a file (xan -o)', '--output': 'writes its output to a file (xan --output)' },
      writingSubcommands: { split: 'writes one file per chunk (xan split)', partition: 'writes one file per group (xan partition)' },
    },
  },
  rg: {
    kind: 'readonly',
    rules: {
      valued: ['-e', '--regexp', '-f', '--file', '-g', '--glob', '--iglob', '-t', '--type', '-T', '--type-not', '-A', '--after-context', '-B', '--before-context', '-C', '--context', '-m', '--max-count', '-j', '--threads', '-M', '--max-columns', '--pre', '--pre-glob', '-E', '--encoding', '--type-add', '--type-clear', '--colors', '--sort', '--sortr', '-r', '--replace', '--path-separator', '-d', '--max-depth', '--max-filesize', '--dfa-size-limit', '--regex-size-limit', '--ignore-file', '--engine', '--field-match-separator', '--field-context-separator', '--context-separator', '--hostname-bin', '--color', '-c'],
      runs: { '--pre': 'runs a preprocessor program on every file (rg --pre)', '--hostname-bin': 'runs a program to get the host name (rg --hostname-bin)' },
    },
  },
  fd: { kind: 'readonly', rules: fdRules() },
  fdfind: { kind: 'readonly', rules: fdRules() },
  tsc: {
    kind: 'readonly',
    rules: {
      valued: ['-p', '--project', '--outDir', '--outFile', '--target', '-t', '--module', '-m', '--lib', '--jsx', '--rootDir'],
      requires: { options: ['--noEmit', '--showConfig', '--listFilesOnly', '--help', '-h', '--version', '-v', '--all'], what: 'emits compiled files (add --noEmit)' },
    },
  },
  'vue-tsc': {
    kind: 'readonly',
    rules: { valued: ['-p', '--project'], requires: { options: ['--noEmit', '--help', '--version', '-v'], what: 'emits compiled files (add --noEmit)' } },
  },
  eslint: {
    kind: 'readonly',
    rules: {
      valued: ['-c', '--config', '-f', '--format', '-o', '--output-file', '--ext', '--rule', '--rulesdir', '--plugin', '--parser', '--parser-options', '--ignore-path', '--ignore-pattern', '--max-warnings', '--cache-location', '--cache-strategy', '--resolve-plugins-relative-to', '--env', '--global', '--fix-type', '--stdin-filename'],
      writes: { '--fix': 'fixes files in place (eslint --fix)', '-o': 'writes its report to a file (eslint -o)', '--output-file': 'writes its report to a file (eslint --output-file)', '--init': 'writes a configuration (eslint --init)', '--cache': 'writes a cache file (eslint --cache)' },
    },
  },
  prettier: {
    kind: 'readonly',
    rules: {
      valued: ['--config', '--ignore-path', '--parser', '--plugin', '--stdin-filepath', '--log-level', '--cache-location', '--cache-strategy'],
      writes: { '--write': 'rewrites files (prettier --write)', '-w': 'rewrites files (prettier -w)', '--cache': 'writes a cache file (prettier --cache)' },
    },
  },
  biome: {
    kind: 'readonly',
    rules: { valued: ['--config-path'], writes: { '--write': 'rewrites files (biome --write)', '--apply': 'rewrites files (biome --apply)', '--apply-unsafe': 'rewrites files (biome --apply-unsafe)', '--fix': 'rewrites files (biome --fix)' } },
  },
  stylelint: { kind: 'readonly', rules: { valued: ['-c', '--config', '-f', '--formatter', '-o', '--output-file'], writes: { '--fix': 'fixes files in place (stylelint --fix)', '-o': 'writes its report to a file', '--output-file': 'writes its report to a file' } } },
  black: { kind: 'readonly', rules: { valued: ['-l', '--line-length', '-t', '--target-version', '--config', '--include', '--exclude'], requires: { options: ['--check', '--diff', '--version'], what: 'reformats files in place (add --check)' } } },
  gofmt: { kind: 'readonly', rules: { valued: ['-r'], writes: { '-w': 'rewrites files (gofmt -w)' } } },
  rustfmt: { kind: 'readonly', rules: { valued: ['--edition', '--config-path', '--emit'], requires: { options: ['--check', '--version', '-V', '--help'], what: 'reformats files in place (add --check)' } } },
  'clang-format': { kind: 'readonly', rules: { valued: ['--style', '--assume-filename', '--lines', '--offset', '--length'], writes: { '-i': 'rewrites files (clang-format -i)' } } },
  alias: { kind: 'special', judge: 'alias' },
  ...group('declare typeset local export readonly let unset read mapfile readarray getopts printf', { kind: 'special', judge: 'variables' }),
  hash: { kind: 'readonly', rules: { valued: ['-p', '-t', '-d'], writes: { '-p': 'changes where a command name is found (hash -p)' } } },
  ...group('bat batcat', { kind: 'readonly', rules: { valued: ['--pager', '-l', '--language', '-H', '--highlight-line', '-r', '--line-range', '--theme', '--style', '--tabs', '--wrap', '--color', '--paging', '-m', '--map-syntax'], runs: { '--pager': 'runs a pager program (--pager)' } } }),
  ...group('ag ack', { kind: 'readonly', rules: { valued: ['--pager', '-G', '--ignore', '--ignore-dir', '-A', '-B', '-C', '-m', '--depth', '--type-add', '--type-set'], runs: { '--pager': 'runs a pager program (--pager)' } } }),
  man: { kind: 'readonly', rules: { valued: ['-P', '--pager', '-M', '--manpath', '-S', '-s', '--sections', '-L', '--locale', '-E', '--encoding', '-H', '--html'], runs: { '-P': 'runs a pager program (man -P)', '--pager': 'runs a pager program (man --pager)', '-H': 'runs a browser (man -H)', '--html': 'runs a browser (man --html)' } } },
  'python-json-tool': { kind: 'readonly', rules: { valued: ['--indent'], maxOperands: { count: 1, what: 'writes its output to the second file operand (python -m json.tool IN OUT)' } } },
  dpkg: { kind: 'writes', what: 'installs or removes system packages', readonlyWith: ['-l', '--list', '-L', '--listfiles', '-s', '--status', '-S', '--search', '-p', '--print-avail', '--print-architecture', '--get-selections', '-c', '--contents', '-I', '--info'] },
};

function fdRules(): OptionRules {
  return {
    valued: ['-e', '--extension', '-t', '--type', '-E', '--exclude', '-d', '--max-depth', '--min-depth', '--exact-depth', '-S', '--size', '--changed-within', '--changed-before', '-o', '--owner', '-j', '--threads', '--max-results', '--base-directory', '--path-separator', '--search-path', '-c', '--color', '--ignore-file', '--format'],
    runs: { '-x': 'runs a command for every match (fd -x)', '--exec': 'runs a command for every match (fd --exec)', '-X': 'runs a command with the matches (fd -X)', '--exec-batch': 'runs a command with the matches (fd --exec-batch)' },
  };
}

/** Options that turn a compressor into a filter or a lister. */
const COMPRESSOR_READONLY = ['-c', '--stdout', '--to-stdout', '-l', '--list', '-t', '--test'];

const WRITERS: Record<string, CommandSpec> = {
  rm: { kind: 'writes', what: 'deletes files' },
  rmdir: { kind: 'writes', what: 'deletes directories' },
  unlink: { kind: 'writes', what: 'deletes a file' },
  mv: { kind: 'writes', what: 'moves or renames files' },
  cp: { kind: 'writes', what: 'copies files' },
  touch: { kind: 'writes', what: 'creates or updates files' },
  mkdir: { kind: 'writes', what: 'creates directories' },
  ln: { kind: 'writes', what: 'creates links' },
  install: { kind: 'writes', what: 'copies files into place' },
  patch: { kind: 'writes', what: 'changes files', readonlyWith: ['--dry-run'] },
  rsync: { kind: 'writes', what: 'copies files', readonlyWith: ['-n', '--dry-run'] },
  split: { kind: 'writes', what: 'writes the pieces of a file' },
  csplit: { kind: 'writes', what: 'writes the pieces of a file' },
  truncate: { kind: 'writes', what: 'changes file sizes' },
  chmod: { kind: 'writes', what: 'changes file permissions' },
  chown: { kind: 'writes', what: 'changes file owners' },
  chgrp: { kind: 'writes', what: 'changes file groups' },
  chattr: { kind: 'writes', what: 'changes file attributes' },
  setfacl: { kind: 'writes', what: 'changes file permissions' },
  mkfifo: { kind: 'writes', what: 'creates a pipe file' },
  mknod: { kind: 'writes', what: 'creates a device file' },
  rename: { kind: 'writes', what: 'renames files' },
  sponge: { kind: 'writes', what: 'writes a file' },
  mktemp: { kind: 'writes', what: 'creates a temporary file', readonlyWith: ['-u', '--dry-run'] },
  sqlite3: { kind: 'writes', what: 'opens a database it can change' },
  crontab: { kind: 'writes', what: 'changes scheduled jobs', readonlyWith: ['-l'] },
  kill: { kind: 'writes', what: 'sends signals to processes' },
  pkill: { kind: 'writes', what: 'sends signals to processes' },
  killall: { kind: 'writes', what: 'sends signals to processes' },
  ...group('gzip gunzip bzip2 bunzip2 xz unxz lzma unlzma zstd unzstd lz4 unlz4 compress uncompress pigz', {
    kind: 'writes',
    what: 'compresses or decompresses files in place',
    readonlyWith: COMPRESSOR_READONLY,
  }),
  zip: { kind: 'writes', what: 'writes an archive', readonlyWith: ['-sf', '--show-files'] },
  unzip: { kind: 'writes', what: 'extracts files', readonlyWith: ['-l', '-t', '-v', '-p', '-c', '-Z', '-z'], syntax: { valued: ['-d', '-x'] } },
  ...group('7z 7za 7zr', { kind: 'writes', what: 'writes or extracts an archive', readonlySubcommands: ['l', 't', 'i', 'h', 'b'] }),
  ...group('gcc g++ cc c++ clang clang++ javac rustc', { kind: 'writes', what: 'compiles (writes output files)' }),
  ...group('systemctl service', { kind: 'writes', what: 'changes system services' }),
  tee: { kind: 'special', judge: 'tee' },
  dd: { kind: 'special', judge: 'dd' },
  tar: { kind: 'special', judge: 'tar' },
  sed: { kind: 'special', judge: 'sed' },
  ...group('awk gawk mawk nawk', { kind: 'special', judge: 'awk' }),
  find: { kind: 'special', judge: 'find' },
  git: { kind: 'special', judge: 'git' },
};

const NETWORK: Record<string, CommandSpec> = Object.fromEntries(
  'curl wget ssh scp sftp ftp nc netcat ncat telnet ping traceroute dig nslookup host whois http https aria2c ssh-keyscan'
    .split(' ')
    .map((name) => [name, { kind: 'network', what: `reaches the network (${name})` } satisfies CommandSpec]),
);

const CODE_RUNNERS: Record<string, CommandSpec> = {
  eval: { kind: 'special', judge: 'eval' },
  source: { kind: 'runs-code', what: 'runs a script in this shell' },
  '.': { kind: 'runs-code', what: 'runs a script in this shell' },
  trap: { kind: 'special', judge: 'trap' },
  ...group('tsx ts-node java lua Rscript osascript', { kind: 'runs-code', what: 'runs a program' }),
};

const DESTRUCTIVE: Record<string, CommandSpec> = {
  ...group('mkfs mke2fs mkswap fdisk sfdisk gdisk parted wipefs', { kind: 'destructive', what: 'rewrites a disk or partition' }),
  shred: { kind: 'destructive', what: 'overwrites files so they cannot be recovered' },
  ...group('shutdown reboot halt poweroff', { kind: 'destructive', what: 'stops the machine' }),
};

const WRAPPERS: Record<string, CommandSpec> = {
  env: {
    kind: 'wrapper',
    spec: {
      syntax: { valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
      assignments: true,
      shellStringOptions: ['-S', '--split-string'],
      alone: 'nothing',
    },
  },
  nice: { kind: 'wrapper', spec: { syntax: { valued: ['-n', '--adjustment'] }, alone: 'nothing' } },
  nohup: { kind: 'wrapper', spec: { syntax: {}, alone: 'nothing' } },
  timeout: {
    kind: 'wrapper',
    spec: { syntax: { valued: ['-s', '--signal', '-k', '--kill-after'] }, leadingOperands: 1, alone: 'nothing' },
  },
  time: {
    kind: 'wrapper',
    spec: {
      syntax: { valued: ['-f', '--format', '-o', '--output'] },
      writes: { '-o': 'writes its timing report to a file (time -o)', '--output': 'writes its timing report to a file (time --output)' },
      alone: 'nothing',
    },
  },
  command: { kind: 'wrapper', spec: { syntax: {}, lookupOptions: ['-v', '-V'], alone: 'nothing' } },
  builtin: { kind: 'wrapper', spec: { syntax: {}, alone: 'nothing' } },
  stdbuf: { kind: 'wrapper', spec: { syntax: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] }, alone: 'nothing' } },
  ionice: { kind: 'wrapper', spec: { syntax: { valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'] }, alone: 'nothing' } },
  xargs: {
    kind: 'wrapper',
    spec: {
      syntax: {
        valued: ['-a', '--arg-file', '-d', '--delimiter', '-E', '-I', '-L', '--max-lines', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var'],
        attachedOnly: ['-e', '--eof', '-i', '--replace', '-l'],
      },
      alone: 'echo',
    },
  },
  watch: {
    kind: 'wrapper',
    spec: { syntax: { valued: ['-n', '--interval', '-q', '--equexit'], attachedOnly: ['-d', '--differences'] }, viaShell: true, directOptions: ['-x', '--exec'], alone: 'nothing' },
  },
  ...group('sudo doas', {
    kind: 'wrapper',
    spec: {
      syntax: { valued: ['-u', '--user', '-g', '--group', '-h', '--host', '-p', '--prompt', '-C', '--close-from', '-D', '--chdir', '-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout'] },
      always: 'runs with root privileges',
      alone: 'nothing',
    },
  }),
  exec: { kind: 'wrapper', spec: { syntax: { valued: ['-a'] }, always: 'replaces the shell with another program (exec)', alone: 'nothing' } },
};

const SHELL_SPEC: InterpreterSpec = {
  syntax: { valued: ['-o', '-O', '--rcfile', '--init-file'] },
  inline: ['-c'],
  syntaxCheck: ['-n', '--noexec'],
  shell: true,
  label: 'shell',
};

const INTERPRETERS: Record<string, CommandSpec> = {
  ...group('bash sh zsh dash ksh mksh ash fish csh tcsh', { kind: 'interpreter', spec: SHELL_SPEC }),
  ...group('node nodejs', {
    kind: 'interpreter',
    spec: {
      syntax: { valued: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '--env-file', '--conditions', '-C', '--title', '--max-old-space-size'] },
      inline: ['-e', '--eval', '-p', '--print'],
      syntaxCheck: ['-c', '--check'],
      testOptions: ['--test'],
      label: 'Node.js',
    },
  }),
  ...group('python python2 python3 pypy pypy3', {
    kind: 'interpreter',
    spec: { syntax: { valued: ['-W', '-X', '-Q'] }, inline: ['-c'], moduleOption: '-m', label: 'Python' },
  }),
  ruby: { kind: 'interpreter', spec: { syntax: { valued: ['-I', '-r', '-C', '-E'] }, inline: ['-e'], syntaxCheck: ['-c'], label: 'Ruby' } },
  perl: { kind: 'interpreter', spec: { syntax: { valued: ['-I', '-M', '-m'] }, inline: ['-e', '-E'], label: 'Perl' } },
  php: { kind: 'interpreter', spec: { syntax: { valued: ['-c', '-d', '-z'] }, inline: ['-r', '-B', '-R', '-F', '-E'], syntaxCheck: ['-l', '--syntax-check'], label: 'PHP' } },
};

/** Python modules that `python -m X` runs like the command X. */
export const PYTHON_MODULE_COMMANDS: Readonly<Record<string, string>> = { pytest: 'pytest', pip: 'pip', unittest: 'unittest', mypy: 'mypy', flake8: 'flake8', black: 'black', pylint: 'pylint', 'json.tool': 'python-json-tool' };

/** Node tools that `npx`, `pnpm exec`, `yarn` and friends may run and that we judge by name. */
export const NODE_TOOLS: ReadonlySet<string> = new Set(['vitest', 'jest', 'mocha', 'ava', 'jasmine', 'tsc', 'vue-tsc', 'eslint', 'prettier', 'biome', 'stylelint', 'playwright', 'cypress']);

const TEST_RUNNERS = group('vitest jest mocha ava jasmine pytest py.test rspec phpunit unittest', { kind: 'test-runner' });

const NPM_LIKE_READONLY_CONFIG = ['get', 'list', 'ls'];

const PACKAGE_MANAGERS: Record<string, CommandSpec> = {
  npm: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--prefix', '-w', '--workspace', '--loglevel', '--registry', '--userconfig', '--cache'] },
      readonly: {
        ...Object.fromEntries('ls list la ll view v info show outdated help help-search explain why search s se find root prefix bin fund query doctor ping whoami get'.split(' ').map((s) => [s, true as const])),
        audit: { maxOperands: { count: 0, what: 'changes packages (npm audit fix)' } },
        version: { maxOperands: { count: 0, what: 'bumps the package version' } },
        pack: { requires: { options: ['--dry-run'], what: 'writes a package tarball (add --dry-run)' } },
      },
      nested: { config: NPM_LIKE_READONLY_CONFIG, cache: ['ls', 'verify'] },
      tests: ['test', 't', 'tst'],
      runScript: ['run', 'run-script', 'rum', 'urn'],
      execs: ['exec', 'x'],
      changes: 'install i in ins inst insta instal isnt isnta isntal add ci clean-install install-test it install-clean ic update up upgrade udpate uninstall remove rm r un unlink link ln publish unpublish dedupe ddp prune rebuild rb init create set pkg deprecate dist-tag owner access star unstar team token login logout adduser hook org profile shrinkwrap edit'.split(' '),
      otherIsScript: false,
      what: 'installs or changes packages',
    },
  },
  pnpm: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['-C', '--dir', '--filter', '-F', '--loglevel', '--reporter'] },
      readonly: Object.fromEntries('ls list ll la why outdated view info audit licenses root bin help store-path'.split(' ').map((s) => [s, true as const])),
      nested: { config: NPM_LIKE_READONLY_CONFIG, store: ['path', 'status'] },
      tests: ['test', 't', 'tst'],
      runScript: ['run', 'run-script'],
      execs: ['exec', 'dlx'],
      changes: 'install i add update up upgrade remove rm uninstall un unlink link ln publish prune rebuild rb import fetch dedupe patch patch-commit init create setup env deploy approve-builds'.split(' '),
      otherIsScript: true,
      what: 'installs or changes packages',
    },
  },
  yarn: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--cwd', '--modules-folder', '--cache-folder', '--mutex'] },
      readonly: Object.fromEntries('list info why outdated licenses help versions bin npm'.split(' ').map((s) => [s, true as const])),
      nested: { config: NPM_LIKE_READONLY_CONFIG, cache: ['list', 'dir'], workspaces: ['info', 'list'] },
      tests: ['test', 't'],
      runScript: ['run'],
      execs: ['exec', 'dlx'],
      changes: 'install add upgrade upgrade-interactive up remove unlink link publish import init create global generate-lock-entry autoclean set plugin patch patch-commit dedupe'.split(' '),
      otherIsScript: true,
      what: 'installs or changes packages',
      alone: 'installs packages (yarn with no command)',
    },
  },
  bun: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--cwd', '-c', '--config'] },
      readonly: { help: true, pm: { writingSubcommands: { cache: 'cleans the package cache', trust: 'trusts package scripts' } }, outdated: true, audit: true, why: true, info: true },
      tests: ['test'],
      runScript: ['run'],
      execs: ['x'],
      changes: 'install i add a remove rm update upgrade link unlink publish init create c build patch'.split(' '),
      otherIsScript: true,
      what: 'installs or changes packages',
      alone: 'starts the Bun runtime',
    },
  },
};

const LAUNCHERS: Record<string, CommandSpec> = {
  npx: { kind: 'launcher', spec: { syntax: { valued: ['-p', '--package', '-c', '--call', '--node-arg', '-n'] }, shellStringOptions: ['-c', '--call'], label: 'npx' } },
  bunx: { kind: 'launcher', spec: { syntax: { valued: ['-p', '--package'] }, label: 'bunx' } },
};

const SUBCOMMAND_TOOLS: Record<string, CommandSpec> = {
  go: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-C'] },
      readonly: {
        version: true,
        env: { writes: { '-w': 'changes Go settings (go env -w)', '-u': 'changes Go settings (go env -u)' } },
        list: true,
        vet: true,
        doc: true,
        help: true,
      },
      nested: { mod: ['graph', 'why', 'verify'] },
      tests: ['test'],
      what: 'builds, runs or changes modules',
    },
  },
  cargo: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-C', '--config', '-Z', '--color'] },
      readonly: {
        version: true,
        tree: true,
        metadata: true,
        help: true,
        search: true,
        'locate-project': true,
        pkgid: true,
        'verify-project': true,
        'read-manifest': true,
        fmt: { requires: { options: ['--check'], what: 'reformats files in place (add --check)' } },
      },
      tests: ['test', 'nextest'],
      what: 'builds or changes the project',
    },
  },
  ...group('pip pip3', {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['--python', '--log', '--proxy', '--retries', '--timeout', '--cache-dir'] },
      readonly: Object.fromEntries('list show freeze check help index debug inspect search'.split(' ').map((s) => [s, true as const])),
      nested: { config: ['list', 'get', 'debug'], cache: ['dir', 'info', 'list'] },
      what: 'installs or changes packages',
    },
  }),
  gem: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: Object.fromEntries('list info contents environment specification which help outdated dependency search query'.split(' ').map((s) => [s, true as const])),
      what: 'installs or changes gems',
    },
  },
  bundle: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['--gemfile'] },
      readonly: Object.fromEntries('list show check outdated info help licenses platform'.split(' ').map((s) => [s, true as const])),
      launches: ['exec'],
      what: 'installs or changes gems',
      alone: 'installs gems (bundle with no command)',
    },
  },
  composer: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-d', '--working-dir'] },
      readonly: Object.fromEntries('show info licenses outdated validate depends why why-not prohibits check-platform-reqs help list audit diagnose search fund'.split(' ').map((s) => [s, true as const])),
      tests: ['test'],
      what: 'installs or changes packages',
    },
  },
  apt: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-o', '-c', '-t'] },
      readonly: Object.fromEntries('list search show showsrc policy depends rdepends madison help'.split(' ').map((s) => [s, true as const])),
      what: 'installs or removes system packages',
    },
  },
  'apt-get': { kind: 'subcommands', spec: { syntax: { valued: ['-o', '-c', '-t'] }, readonly: { help: true, check: true }, what: 'installs or removes system packages' } },
  brew: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: Object.fromEntries('list ls info search config deps uses outdated doctor leaves desc commands help'.split(' ').map((s) => [s, true as const])),
      what: 'installs or changes packages',
    },
  },
  dotnet: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: { help: true, list: true },
      nested: { sln: ['list'] },
      tests: ['test'],
      what: 'builds, runs or changes the project',
    },
  },
  deno: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: {
        info: true,
        doc: true,
        check: true,
        help: true,
        types: true,
        lint: { writes: { '--fix': 'fixes files in place (deno lint --fix)' } },
        fmt: { requires: { options: ['--check'], what: 'reformats files in place (add --check)' } },
      },
      tests: ['test'],
      what: 'runs, compiles or installs code',
      alone: 'starts the Deno REPL',
    },
  },
  ruff: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: {
        check: { valued: ['--config', '--select', '--ignore', '--output-format', '-o', '--output-file'], writes: { '--fix': 'fixes files in place (ruff --fix)', '-o': 'writes its report to a file', '--output-file': 'writes its report to a file' } },
        format: { requires: { options: ['--check', '--diff'], what: 'reformats files in place (add --check)' } },
        version: true,
        help: true,
        rule: true,
        linter: true,
      },
      what: 'changes files',
    },
  },
  playwright: { kind: 'subcommands', spec: { syntax: {}, readonly: { help: true }, tests: ['test'], what: 'installs browsers or runs tools' } },
  cypress: { kind: 'subcommands', spec: { syntax: {}, readonly: { help: true, version: true, verify: true, info: true }, tests: ['run'], what: 'opens or changes the test environment' } },
  ...group('poetry pipenv uv', {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-C', '--directory', '--project'] },
      readonly: Object.fromEntries('show check version env graph tree help list'.split(' ').map((s) => [s, true as const])),
      launches: ['run'],
      what: 'installs or changes packages',
    },
  }),
};

const BUILD_TOOLS: Record<string, CommandSpec> = {
  make: {
    kind: 'build-tool',
    spec: {
      syntax: { valued: ['-C', '--directory', '-f', '--file', '--makefile', '-I', '--include-dir', '-o', '--old-file', '-W', '--what-if', '-l', '--load-average'], attachedOnly: ['-j', '--jobs'] },
      testTargets: /^(test|tests|check)([-_:][\w.:-]+)?$/,
      variableOperands: true,
      label: 'make',
    },
  },
  ...group('mvn mvnw', {
    kind: 'build-tool',
    spec: {
      syntax: { valued: ['-f', '--file', '-pl', '--projects', '-P', '--activate-profiles', '-T', '--threads', '-s', '--settings', '-gs', '--global-settings', '-rf', '--resume-from', '-l', '--log-file'] },
      testTargets: /^(test|verify)$/,
      readonlyTargets: ['help:effective-pom', 'dependency:tree', 'dependency:list', 'help:describe'],
      label: 'Maven',
    },
  }),
  ...group('gradle gradlew', {
    kind: 'build-tool',
    spec: {
      syntax: { valued: ['-p', '--project-dir', '-b', '--build-file', '-c', '--settings-file', '-x', '--exclude-task', '--tests', '-g', '--gradle-user-home', '-I', '--init-script', '--max-workers'] },
      testTargets: /^(test|check|[\w-]*:test)$/,
      readonlyTargets: ['tasks', 'dependencies', 'projects', 'properties', 'help'],
      label: 'Gradle',
    },
  }),
};

export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  ...PLAIN_READONLY,
  ...CHECKED_READONLY,
  ...WRITERS,
  ...NETWORK,
  ...CODE_RUNNERS,
  ...DESTRUCTIVE,
  ...WRAPPERS,
  ...INTERPRETERS,
  ...TEST_RUNNERS,
  ...PACKAGE_MANAGERS,
  ...LAUNCHERS,
  ...SUBCOMMAND_TOOLS,
  ...BUILD_TOOLS,
};

/** Short flags that only print a version or usage, per command (`--version` and `--help` work for all). */
export const VERSION_FLAGS: Readonly<Record<string, readonly string[]>> = {
  node: ['-v', '-h'],
  nodejs: ['-v', '-h'],
  npm: ['-v', '-h'],
  npx: ['-v', '-h'],
  pnpm: ['-v', '-h'],
  yarn: ['-v', '-h'],
  bun: ['-v', '-h'],
  bunx: ['-v'],
  deno: ['-V', '-h'],
  python: ['-V', '-h', '-VV'],
  python2: ['-V', '-h'],
  python3: ['-V', '-h', '-VV'],
  pip: ['-V', '-h'],
  pip3: ['-V', '-h'],
  cargo: ['-V', '-h'],
  rustc: ['-V', '-h', '-vV'],
  ruby: ['-v', '-h'],
  perl: ['-v', '-V', '-h'],
  php: ['-v', '-h', '-i', '-m'],
  java: ['-version', '--version', '-help'],
  javac: ['-version', '-help'],
  gcc: ['-v', '--version'],
  'g++': ['-v'],
  clang: ['-v'],
  tsc: ['-v', '-h'],
  git: ['-v', '-h'],
  mvn: ['-v', '-h'],
  mvnw: ['-v', '-h'],
  gradle: ['-v', '-h', '-?'],
  gradlew: ['-v', '-h', '-?'],
  make: ['-v', '-h'],
  go: ['version'],
  dotnet: ['-h', '--info', '--list-sdks', '--list-runtimes'],
  bash: ['-h'],
  composer: ['-V', '-h'],
  gem: ['-v', '-h'],
  bundle: ['-v', '-h'],
  jest: ['-v', '-h'],
  vitest: ['-v', '-h'],
  mocha: ['-V', '-h'],
  pytest: ['-V', '-h'],
  eslint: ['-v', '-h'],
  prettier: ['-v', '-h'],
};

/** Directories whose programs we know by their base name (`/bin/rm` is `rm`). */
export const SYSTEM_BIN_DIRS: readonly string[] = ['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin', '/usr/local/sbin'];

/**
 * Program files the project carries (`./gradlew`, `node_modules/.bin/jest`):
 * judged by base name even from a relative path. Any other path runs an
 * unknown program.
 */
export const PROJECT_LOCAL_PROGRAMS: ReadonlySet<string> = new Set(['gradlew', 'mvnw', 'vitest', 'jest', 'mocha', 'ava', 'phpunit', 'rspec', 'pytest', 'tsc', 'vue-tsc', 'eslint', 'prettier', 'biome', 'playwright']);

// ---- sed, awk, find, tar, dd, tee ----

export const SED_RULES: OptionRules = {
  valued: ['-e', '--expression', '-f', '--file', '-l', '--line-length'],
  attachedOnly: ['-i', '--in-place'],
  writes: { '-i': 'edits files in place (sed -i)', '--in-place': 'edits files in place (sed --in-place)' },
  runs: { '-f': 'runs a sed script file we cannot see (sed -f)', '--file': 'runs a sed script file we cannot see (sed --file)' },
};
export const SED_SCRIPT_OPTIONS = ['-e', '--expression'];

export const AWK_RULES: OptionRules = {
  valued: ['-F', '--field-separator', '-v', '--assign', '-f', '--file', '-e', '--source', '-i', '--include', '-l', '--load', '-E', '--exec', '-o', '--pretty-print', '-W'],
  runs: {
    '-f': 'runs an awk program file we cannot see (awk -f)',
    '--file': 'runs an awk program file we cannot see (awk --file)',
    '-E': 'runs an awk program file we cannot see (awk -E)',
    '--exec': 'runs an awk program file we cannot see (awk --exec)',
    '-i': 'includes an awk source file we cannot see (awk -i)',
    '--include': 'includes an awk source file we cannot see (awk --include)',
    '-l': 'loads an awk extension (awk -l)',
    '--load': 'loads an awk extension (awk --load)',
  },
  writes: { '-o': 'writes a pretty-printed program file (awk -o)', '--pretty-print': 'writes a pretty-printed program file (awk --pretty-print)' },
};
export const AWK_PROGRAM_OPTIONS = ['-e', '--source'];
/** Things an awk program can do beyond reading: pattern → what. */
export const AWK_EFFECTS: readonly (readonly [RegExp, string])[] = [
  [/\bsystem\s*\(/, 'runs shell commands (awk system())'],
  [/\|\s*getline\b/, 'runs a shell command (awk "cmd" | getline)'],
  [/\|&/, 'talks to a coprocess (awk |&)'],
  [/\bprintf?\b[^;{}\n]*?(>|\|)/, 'writes to a file or a command (awk print > / print |)'],
  [/@load\b/, 'loads an awk extension (@load)'],
];

/** Primaries that take one value: the value is never an action. */
export const FIND_VALUED_PRIMARIES: ReadonlySet<string> = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-lname', '-ilname',
  '-type', '-xtype', '-perm', '-user', '-group', '-uid', '-gid', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin',
  '-newer', '-anewer', '-cnewer', '-used', '-maxdepth', '-mindepth', '-samefile', '-inum', '-links', '-fstype', '-context',
  '-printf', '-files0-from',
]);
/** Primaries that choose files (a -delete without any of them deletes everything). */
export const FIND_FILTERS: ReadonlySet<string> = new Set([...FIND_VALUED_PRIMARIES].filter((p) => !['-maxdepth', '-mindepth', '-printf', '-files0-from', '-regextype'].includes(p)).concat(['-empty', '-executable', '-readable', '-writable', '-nouser', '-nogroup']));
export const FIND_WRITING_ACTIONS: Readonly<Record<string, { what: string; values: number }>> = {
  '-delete': { what: 'deletes the files it finds (find -delete)', values: 0 },
  '-fprint': { what: 'writes its list to a file (find -fprint)', values: 1 },
  '-fprint0': { what: 'writes its list to a file (find -fprint0)', values: 1 },
  '-fls': { what: 'writes its list to a file (find -fls)', values: 1 },
  '-fprintf': { what: 'writes its list to a file (find -fprintf)', values: 2 },
};
export const FIND_EXEC_ACTIONS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);

export const TAR_VALUED_SHORT = 'fbCTXKNLVgHI';
export const TAR_MODES: Readonly<Record<string, 'list' | 'compare' | 'create' | 'extract' | 'append' | 'delete'>> = {
  t: 'list',
  '--list': 'list',
  d: 'compare',
  '--diff': 'compare',
  '--compare': 'compare',
  c: 'create',
  '--create': 'create',
  x: 'extract',
  '--extract': 'extract',
  '--get': 'extract',
  r: 'append',
  '--append': 'append',
  u: 'append',
  '--update': 'append',
  A: 'append',
  '--catenate': 'append',
  '--concatenate': 'append',
  '--delete': 'delete',
};
export const TAR_RUNS: Readonly<Record<string, string>> = {
  '-I': 'runs a compression program (tar -I)',
  '--use-compress-program': 'runs a compression program (tar --use-compress-program)',
  '--to-command': 'runs a command for every file (tar --to-command)',
  '--checkpoint-action': 'can run commands at checkpoints (tar --checkpoint-action)',
  '--info-script': 'runs a script between volumes (tar --info-script)',
  '-F': 'runs a script between volumes (tar -F)',
  '--new-volume-script': 'runs a script between volumes',
  '--rsh-command': 'runs a remote shell (tar --rsh-command)',
  '--rmt-command': 'runs a remote tape command (tar --rmt-command)',
};

export const TEE_SYNTAX: OptionSyntax = { attachedOnly: ['--output-error'] };

// ---- git ----

export const GIT_GLOBAL_SYNTAX: OptionSyntax = {
  valued: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds'],
  attachedOnly: ['--exec-path'],
};
/** `git -c KEY=...` keys that only change how output looks. Others can name programs git runs. */
export const GIT_SAFE_CONFIG_KEYS = /^(color\.[\w.-]+|core\.quotepath|core\.abbrev|advice\.[\w-]+|log\.[\w-]+|diff\.(noprefix|renames|algorithm|mnemonicprefix|relative|context|interhunkcontext|statgraphwidth|indentheuristic|colormoved)|grep\.[\w-]+|format\.pretty|pretty\.[\w-]+|i18n\.[\w-]+|safe\.directory|column\.[\w-]+|blame\.[\w-]+|status\.[\w-]+|init\.defaultbranch|user\.(name|email))$/i;

export type GitRule =
  | { kind: 'readonly'; rules?: OptionRules }
  | { kind: 'writes'; what: string; readonlyWith?: readonly string[]; unlessAlso?: readonly string[] }
  | { kind: 'network'; what: string }
  | { kind: 'runs-code'; what: string }
  | { kind: 'modes'; readonly: readonly string[]; alone: 'readonly' | 'writes'; network?: readonly string[]; runs?: readonly string[]; what: string; onlyVerboseFlagsAlone?: boolean }
  | { kind: 'branch' | 'tag' | 'config' };

const GIT_OUTPUT_RULES: OptionRules = {
  writes: { '--output': 'writes its output to a file (--output)' },
  runs: { '--ext-diff': 'runs an external diff program (--ext-diff)', '--textconv': 'runs text conversion programs (--textconv)' },
};

export const GIT_SUBCOMMANDS: Readonly<Record<string, GitRule>> = {
  ...Object.fromEntries(
    'status blame annotate ls-files ls-tree rev-parse rev-list describe shortlog cat-file show-ref for-each-ref name-rev merge-base cherry count-objects check-ignore check-attr check-mailmap check-ref-format var whatchanged show-branch verify-commit verify-tag help version fsck get-tar-commit-id'
      .split(' ')
      .map((s) => [s, { kind: 'readonly' } satisfies GitRule]),
  ),
  ...Object.fromEntries('log diff show range-diff diff-tree diff-files diff-index'.split(' ').map((s) => [s, { kind: 'readonly', rules: GIT_OUTPUT_RULES } satisfies GitRule])),
  grep: { kind: 'readonly', rules: { valued: ['-e', '-f', '-A', '-B', '-C', '-m', '--max-count', '--max-depth', '--threads'], runs: { '-O': 'opens the matches in a pager program (git grep -O)', '--open-files-in-pager': 'opens the matches in a pager program' } } },
  archive: { kind: 'readonly', rules: { valued: ['-o', '--output', '--format', '--prefix', '--remote', '--exec'], writes: { '-o': 'writes the archive to a file (git archive -o)', '--output': 'writes the archive to a file (git archive --output)' }, runs: { '--remote': 'reaches a remote (git archive --remote)' } } },
  'hash-object': { kind: 'readonly', rules: { writes: { '-w': 'writes the object into the repository (git hash-object -w)' } } },
  'symbolic-ref': { kind: 'readonly', rules: { writes: { '-d': 'deletes a symbolic ref', '--delete': 'deletes a symbolic ref' }, maxOperands: { count: 1, what: 'changes a symbolic ref' } } },
  clean: { kind: 'writes', what: 'deletes untracked files', readonlyWith: ['-n', '--dry-run'] },
  apply: { kind: 'writes', what: 'applies a patch to the working tree', readonlyWith: ['--check', '--stat', '--numstat', '--summary'], unlessAlso: ['--apply', '--index', '--cached'] },
  'format-patch': { kind: 'writes', what: 'writes patch files', readonlyWith: ['--stdout'] },
  ...Object.fromEntries(
    [
      ['commit', 'records a commit'], ['add', 'stages files'], ['stage', 'stages files'], ['rm', 'deletes files from the index and working tree'], ['mv', 'moves files'],
      ['reset', 'moves HEAD and changes the index'], ['checkout', 'changes the working tree'], ['switch', 'switches branches'], ['restore', 'restores files in the working tree'],
      ['merge', 'merges branches'], ['rebase', 'rewrites commits'], ['cherry-pick', 'applies commits'], ['revert', 'records revert commits'], ['init', 'creates a repository'],
      ['am', 'applies patches as commits'], ['gc', 'repacks and prunes the repository'], ['prune', 'prunes objects'], ['update-index', 'changes the index'],
      ['update-ref', 'changes a ref'], ['write-tree', 'writes a tree object'], ['commit-tree', 'writes a commit object'], ['read-tree', 'changes the index'],
      ['mktree', 'writes a tree object'], ['mktag', 'writes a tag object'], ['replace', 'changes replacement refs'], ['repack', 'repacks the repository'], ['pack-refs', 'packs refs'],
      ['maintenance', 'runs maintenance tasks'], ['filter-branch', 'rewrites history'], ['fast-import', 'imports history'], ['merge-file', 'writes a merged file'],
      ['mergetool', 'runs a merge tool'], ['citool', 'opens a commit tool'], ['bisect', 'checks out commits to bisect'], ['checkout-index', 'writes files from the index'],
      ['rerere', 'records conflict resolutions'], ['lfs', 'changes large-file storage'],
    ].map(([s, what]) => [s, { kind: 'writes', what: what as string } satisfies GitRule]),
  ),
  ...Object.fromEntries(
    [['push', 'pushes to a remote'], ['pull', 'fetches and merges from a remote'], ['fetch', 'fetches from a remote'], ['clone', 'clones a repository'], ['ls-remote', 'queries a remote'], ['send-email', 'sends email']].map(
      ([s, what]) => [s, { kind: 'network', what: what as string } satisfies GitRule],
    ),
  ),
  difftool: { kind: 'runs-code', what: 'runs a diff tool' },
  stash: { kind: 'modes', readonly: ['list', 'show'], alone: 'writes', what: 'changes the stash and the working tree' },
  worktree: { kind: 'modes', readonly: ['list'], alone: 'writes', what: 'changes worktrees' },
  notes: { kind: 'modes', readonly: ['list', 'show'], alone: 'readonly', what: 'changes notes' },
  reflog: { kind: 'modes', readonly: ['show', 'exists', 'list'], alone: 'readonly', what: 'expires or deletes reflog entries' },
  submodule: { kind: 'modes', readonly: ['status', 'summary'], alone: 'readonly', runs: ['foreach'], what: 'changes submodules' },
  'sparse-checkout': { kind: 'modes', readonly: ['list'], alone: 'writes', what: 'changes the sparse checkout' },
  remote: { kind: 'modes', readonly: ['get-url'], network: ['show', 'update', 'prune'], alone: 'readonly', what: 'changes remotes', onlyVerboseFlagsAlone: true },
  branch: { kind: 'branch' },
  tag: { kind: 'tag' },
  config: { kind: 'config' },
};

/** Options of `git branch` that only select or format the listing; the valued ones take the next word. */
export const GIT_BRANCH_LISTING = {
  flags: ['-a', '--all', '-r', '--remotes', '-v', '-vv', '--verbose', '-l', '--list', '--show-current', '--color', '--no-color', '--column', '--no-column', '-i', '--ignore-case', '--abbrev', '--no-abbrev', '-q', '--quiet', '--omit-empty', '--no-merged', '--merged', '--contains', '--no-contains', '--points-at', '--sort', '--format'],
  valued: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'],
};
export const GIT_TAG_LISTING = {
  flags: ['-l', '--list', '-n', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format', '--column', '--no-column', '-i', '--ignore-case', '--color', '-v', '--verify'],
  valued: ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'],
};
export const GIT_CONFIG = {
  valued: ['-f', '--file', '--blob', '--type', '--default', '--comment', '--value'],
  readFlags: ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '-l', '--list'],
  writeFlags: ['--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit'],
  readSubcommands: ['get', 'list'],
  writeSubcommands: ['set', 'unset', 'rename-section', 'remove-section', 'edit'],
};

// ---- variables ----

/**
 * Variables that make otherwise read-only programs run commands or load code
 * (pagers, editors, preloads, startup files, option variables). Setting one
 * is not read-only: the sandbox shell keeps variables between commands.
 */
export const DANGEROUS_VARIABLES: ReadonlySet<string> = new Set([
  'PATH', 'PAGER', 'GIT_PAGER', 'MANPAGER', 'BAT_PAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_EXEC_PATH', 'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_DIR', 'GIT_TEMPLATE_DIR', 'LESSOPEN', 'LESSCLOSE', 'LESS', 'LESSKEY',
  'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'PS0', 'PS1', 'PS2', 'PS4', 'SHELLOPTS', 'BASHOPTS', 'LD_PRELOAD', 'LD_LIBRARY_PATH',
  'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'DYLD_LIBRARY_PATH', 'NODE_OPTIONS', 'NODE_PATH', 'PYTHONSTARTUP', 'PYTHONPATH', 'PYTHONHOME',
  'PERL5OPT', 'PERL5LIB', 'RUBYOPT', 'RUBYLIB', 'TAR_OPTIONS', 'RIPGREP_CONFIG_PATH', 'GREP_OPTIONS', 'GZIP', 'ZIPOPT', 'UNZIP',
  'MAKEFLAGS', 'FCEDIT', 'BROWSER', 'npm_config_script_shell', 'NPM_CONFIG_SCRIPT_SHELL',
]);

/** Variables that always hold absolute paths: `"$PWD/x"` can never be an option. */
export const ABSOLUTE_PATH_VARIABLES: ReadonlySet<string> = new Set(['PWD', 'OLDPWD', 'HOME', 'TMPDIR']);
/** Commands whose output is an absolute path: `$(which node)` can never be an option. */
export const PATH_PRINTING_COMMANDS: ReadonlySet<string> = new Set(['which', 'pwd', 'realpath']);
