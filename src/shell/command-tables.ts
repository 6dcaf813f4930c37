import { type CommandSpec, group, type OptionRules } from './table-types';
import { BUILD_TOOLS, INTERPRETERS, LAUNCHERS, PACKAGE_MANAGERS, SUBCOMMAND_TOOLS, TEST_RUNNERS } from './tool-tables';

export type {
  BuildToolSpec,
  CommandSpec,
  InterpreterSpec,
  LauncherSpec,
  OptionRules,
  OptionSyntax,
  PackageManagerSpec,
  SpecialJudge,
  SubcommandToolSpec,
  WrapperSpec,
} from './table-types';

/**
 * Every command the classifier knows, as data. The judges read these tables
 * (this file: system utilities and shell builtins; tool-tables.ts: language
 * tools; text-tool-tables.ts, git-tables.ts: the commands with judges of their own).
 */

const READONLY: CommandSpec = { kind: 'readonly' };

/** Shell builtins and utilities that never write, whatever their arguments. */
const PLAIN_READONLY = group(
  `: true false echo cd pwd pushd popd dirs shift sleep exit return break continue type
   times jobs caller help
   ls dir vdir cat tac head tail more wc nl od hexdump strings stat du df realpath readlink basename
   dirname pathchk namei lsattr getfacl md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum
   cksum sum cmp diff diff3 comm join paste cut tr fold fmt pr expand unexpand column rev look grep
   egrep fgrep zgrep zegrep zfgrep zcat bzcat xzcat zstdcat lz4cat zless zmore zdiff zcmp jq
   base32 basenc tsort numfmt seq expr factor bc yes printenv id whoami groups users who w
   uname arch nproc uptime cal locale tty getconf free ps pgrep pidof lsof lsblk lscpu exa
   eza objdump readelf size clear whatis apropos which whereis dpkg-query netstat
   shellcheck pyflakes pycodestyle hadolint`,
  READONLY,
);

/** Read-only utilities with options or operands that make them write. */
const CHECKED_READONLY: Record<string, CommandSpec> = {
  sort: {
    kind: 'readonly',
    rules: {
      valued: [
        '-o',
        '--output',
        '-k',
        '--key',
        '-t',
        '--field-separator',
        '-T',
        '--temporary-directory',
        '-S',
        '--buffer-size',
        '--parallel',
        '--batch-size',
        '--files0-from',
        '--compress-program',
        '--random-source',
      ],
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
      valued: ['-o', '--output', '-L', '-P', '-I', '-H', '-T', '--charset', '--filelimit', '--timefmt', '--sort'],
      writes: {
        '-o': 'writes its output to a file (tree -o)',
        '--output': 'writes its output to a file (tree --output)',
        '-R': 'writes an HTML page into every directory (tree -R)',
      },
    },
  },
  base64: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-w', '--wrap', '-b', '--break'],
      writes: { '-o': 'writes its output to a file (base64 -o)', '--output': 'writes its output to a file (base64 --output)' },
    },
  },
  info: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-d', '--directory', '-f', '--file', '-n', '--node', '--dribble', '--restore', '--init-file'],
      writes: {
        '-o': 'writes the manual to a file (info -o)',
        '--output': 'writes the manual to a file (info --output)',
        '--dribble': 'records keystrokes to a file (info --dribble)',
      },
    },
  },
  nm: {
    kind: 'readonly',
    rules: { valued: ['--plugin', '-t', '--radix', '--target', '-f', '--format'], runs: { '--plugin': 'loads a plugin library (nm --plugin)' } },
  },
  'apt-cache': {
    kind: 'readonly',
    rules: { valued: ['-o', '-c', '-p', '-s'], writingSubcommands: { gencaches: 'rebuilds the package caches (apt-cache gencaches)' } },
  },
  ss: {
    kind: 'readonly',
    rules: {
      valued: ['-D', '--diag', '-F', '--filter', '-f', '--family', '-A', '--query', '--socket', '-N', '--net'],
      writes: {
        '-K': 'closes the sockets it lists (ss -K)',
        '--kill': 'closes the sockets it lists (ss --kill)',
        '-D': 'dumps socket data to a file (ss -D)',
        '--diag': 'dumps socket data to a file (ss --diag)',
      },
    },
  },
  compgen: { kind: 'special', judge: 'compgen' },
  ...group('test [ wait', { kind: 'special', judge: 'names-variable' }),
  less: { kind: 'special', judge: 'less' },
  sdiff: {
    kind: 'readonly',
    rules: {
      valued: ['-o', '--output', '-w', '--width'],
      writes: { '-o': 'writes a merged file (sdiff -o)', '--output': 'writes a merged file (sdiff --output)' },
    },
  },
  file: {
    kind: 'readonly',
    rules: {
      valued: ['-m', '--magic-file', '-f', '--files-from', '-F', '--separator', '-e', '--exclude', '-P', '--parameter'],
      writes: { '-C': 'compiles a magic file (file -C)', '--compile': 'compiles a magic file (file --compile)' },
    },
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
      writes: {
        '-i': 'edits files in place (yq -i)',
        '--inplace': 'edits files in place (yq --inplace)',
        '-s': 'writes one file per document (yq -s)',
        '--split-exp': 'writes one file per document (yq --split-exp)',
      },
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
      valued: [
        '-e',
        '--regexp',
        '-f',
        '--file',
        '-g',
        '--glob',
        '--iglob',
        '-t',
        '--type',
        '-T',
        '--type-not',
        '-A',
        '--after-context',
        '-B',
        '--before-context',
        '-C',
        '--context',
        '-m',
        '--max-count',
        '-j',
        '--threads',
        '-M',
        '--max-columns',
        '--pre',
        '--pre-glob',
        '-E',
        '--encoding',
        '--type-add',
        '--type-clear',
        '--colors',
        '--sort',
        '--sortr',
        '-r',
        '--replace',
        '--path-separator',
        '-d',
        '--max-depth',
        '--max-filesize',
        '--dfa-size-limit',
        '--regex-size-limit',
        '--ignore-file',
        '--engine',
        '--field-match-separator',
        '--field-context-separator',
        '--context-separator',
        '--hostname-bin',
        '--color',
        '-c',
      ],
      runs: { '--pre': 'runs a preprocessor program on every file (rg --pre)', '--hostname-bin': 'runs a program to get the host name (rg --hostname-bin)' },
    },
  },
  fd: { kind: 'readonly', rules: fdRules() },
  fdfind: { kind: 'readonly', rules: fdRules() },
  tsc: {
    kind: 'readonly',
    rules: {
      valued: [
        '-p',
        '--project',
        '--outDir',
        '--outFile',
        '--target',
        '-t',
        '--module',
        '-m',
        '--lib',
        '--jsx',
        '--rootDir',
        '--tsBuildInfoFile',
        '--generateTrace',
      ],
      requires: {
        options: ['--noEmit', '--showConfig', '--listFilesOnly', '--help', '-h', '--version', '-v', '--all'],
        what: 'emits compiled files (add --noEmit)',
      },
      writes: {
        '--generateTrace': 'writes trace files (tsc --generateTrace)',
        '-b': 'builds the project references and writes their output (tsc -b)',
        '--build': 'builds the project references and writes their output (tsc --build)',
      },
      projectCode: {
        what: 'type-checks the project, which writes .tsbuildinfo files when it is incremental (a check: allowed where tests are)',
        unless: ['--showConfig', '--help', '-h', '--version', '-v', '--all'],
      },
    },
  },
  'vue-tsc': {
    kind: 'readonly',
    rules: {
      valued: ['-p', '--project'],
      requires: { options: ['--noEmit', '--help', '--version', '-v'], what: 'emits compiled files (add --noEmit)' },
      projectCode: {
        what: 'type-checks the project with plugins from its configuration (a check: allowed where tests are)',
        unless: ['--help', '--version', '-v'],
      },
    },
  },
  eslint: {
    kind: 'readonly',
    rules: {
      valued: [
        '-c',
        '--config',
        '-f',
        '--format',
        '-o',
        '--output-file',
        '--ext',
        '--rule',
        '--rulesdir',
        '--plugin',
        '--parser',
        '--parser-options',
        '--ignore-path',
        '--ignore-pattern',
        '--max-warnings',
        '--cache-location',
        '--cache-strategy',
        '--resolve-plugins-relative-to',
        '--env',
        '--global',
        '--fix-type',
        '--stdin-filename',
      ],
      writes: {
        '--fix': 'fixes files in place (eslint --fix)',
        '-o': 'writes its report to a file (eslint -o)',
        '--output-file': 'writes its report to a file (eslint --output-file)',
        '--init': 'writes a configuration (eslint --init)',
        '--cache': 'writes a cache file (eslint --cache)',
      },
      projectCode: { what: "loads the project's ESLint configuration and plugins, which are JavaScript code (a check: allowed where tests are)" },
    },
  },
  prettier: {
    kind: 'readonly',
    rules: {
      valued: ['--config', '--ignore-path', '--parser', '--plugin', '--stdin-filepath', '--log-level', '--cache-location', '--cache-strategy'],
      writes: { '--write': 'rewrites files (prettier --write)', '-w': 'rewrites files (prettier -w)', '--cache': 'writes a cache file (prettier --cache)' },
      runs: { '--plugin': 'loads a Prettier plugin, which is JavaScript code (--plugin)' },
      projectCode: {
        what: "loads the project's Prettier configuration, which can be JavaScript code (a check: allowed where tests are; --no-config avoids it)",
        unless: ['--no-config'],
      },
    },
  },
  biome: {
    kind: 'readonly',
    rules: {
      valued: ['--config-path'],
      writes: {
        '--write': 'rewrites files (biome --write)',
        '--apply': 'rewrites files (biome --apply)',
        '--apply-unsafe': 'rewrites files (biome --apply-unsafe)',
        '--fix': 'rewrites files (biome --fix)',
      },
      writingSubcommands: {
        init: 'writes a configuration file (biome init)',
        start: 'starts a background daemon that outlives the command (biome start)',
        stop: 'stops the background daemon (biome stop)',
        clean: 'deletes the daemon logs (biome clean)',
      },
    },
  },
  stylelint: {
    kind: 'readonly',
    rules: {
      valued: ['-c', '--config', '-f', '--formatter', '-o', '--output-file', '--custom-formatter'],
      writes: {
        '--fix': 'fixes files in place (stylelint --fix)',
        '-o': 'writes its report to a file',
        '--output-file': 'writes its report to a file',
        '--cache': 'writes a cache file (stylelint --cache)',
      },
      projectCode: { what: "loads the project's stylelint configuration and plugins, which can be JavaScript code (a check: allowed where tests are)" },
    },
  },
  mypy: {
    kind: 'readonly',
    rules: {
      valued: [
        '--config-file',
        '--cache-dir',
        '--python-version',
        '-p',
        '--package',
        '-m',
        '--module',
        '--exclude',
        '--html-report',
        '--txt-report',
        '--xml-report',
        '--junit-xml',
        '--linecount-report',
        '--linecoverage-report',
        '--memory-xml-report',
        '--cobertura-xml-report',
        '--xslt-html-report',
        '--xslt-txt-report',
        '--lineprecision-report',
        '--any-exprs-report',
      ],
      writes: Object.fromEntries(
        [
          '--html-report',
          '--txt-report',
          '--xml-report',
          '--junit-xml',
          '--linecount-report',
          '--linecoverage-report',
          '--memory-xml-report',
          '--cobertura-xml-report',
          '--xslt-html-report',
          '--xslt-txt-report',
          '--lineprecision-report',
          '--any-exprs-report',
        ].map((o) => [o, `writes a report (mypy ${o})`]),
      ),
      projectCode: {
        what: 'loads the plugins the project configures and writes .mypy_cache (a check: allowed where tests are)',
        unless: ['--version', '-V', '--help', '-h'],
      },
    },
  },
  pylint: {
    kind: 'readonly',
    rules: {
      valued: [
        '--rcfile',
        '--output-format',
        '-f',
        '--disable',
        '-d',
        '--enable',
        '-e',
        '--load-plugins',
        '--init-hook',
        '--output',
        '--jobs',
        '-j',
        '--ignore',
        '--ignore-patterns',
      ],
      writes: { '--output': 'writes its report to a file (pylint --output)' },
      projectCode: {
        what: 'runs the init-hook and plugins the project configures, which are Python code (a check: allowed where tests are)',
        unless: ['--version', '--help', '-h'],
      },
    },
  },
  flake8: {
    kind: 'readonly',
    rules: {
      valued: [
        '--config',
        '--append-config',
        '--output-file',
        '--format',
        '--max-line-length',
        '--select',
        '--ignore',
        '--extend-ignore',
        '--exclude',
        '--extend-exclude',
        '--per-file-ignores',
        '--max-complexity',
        '-j',
        '--jobs',
      ],
      writes: { '--output-file': 'writes its report to a file (flake8 --output-file)' },
      projectCode: {
        what: 'loads the local plugins the project configures, which are Python code (a check: allowed where tests are)',
        unless: ['--version', '--help', '-h'],
      },
    },
  },
  black: {
    kind: 'readonly',
    rules: {
      valued: ['-l', '--line-length', '-t', '--target-version', '--config', '--include', '--exclude'],
      requires: { options: ['--check', '--diff', '--version'], what: 'reformats files in place (add --check)' },
    },
  },
  gofmt: { kind: 'readonly', rules: { valued: ['-r'], writes: { '-w': 'rewrites files (gofmt -w)' } } },
  rustfmt: {
    kind: 'readonly',
    rules: {
      valued: ['--edition', '--config-path', '--emit'],
      requires: { options: ['--check', '--version', '-V', '--help'], what: 'reformats files in place (add --check)' },
    },
  },
  'clang-format': {
    kind: 'readonly',
    rules: { valued: ['--style', '--assume-filename', '--lines', '--offset', '--length'], writes: { '-i': 'rewrites files (clang-format -i)' } },
  },
  alias: { kind: 'special', judge: 'alias' },
  ...group('declare typeset local export readonly let unset read mapfile readarray getopts printf', { kind: 'special', judge: 'variables' }),
  ...group('bat batcat', {
    kind: 'readonly',
    rules: {
      valued: [
        '--pager',
        '-l',
        '--language',
        '-H',
        '--highlight-line',
        '-r',
        '--line-range',
        '--theme',
        '--style',
        '--tabs',
        '--wrap',
        '--color',
        '--paging',
        '-m',
        '--map-syntax',
        '--config-file',
      ],
      runs: { '--pager': 'runs a pager program (--pager)' },
      writes: { '--generate-config-file': 'writes a configuration file (bat --generate-config-file)' },
      writingSubcommands: { cache: 'builds or clears its cache (bat cache)' },
    },
  }),
  ...group('ag ack', {
    kind: 'readonly',
    rules: {
      valued: ['--pager', '-G', '--ignore', '--ignore-dir', '-A', '-B', '-C', '-m', '--depth', '--type-add', '--type-set'],
      runs: { '--pager': 'runs a pager program (--pager)' },
    },
  }),
  man: {
    kind: 'readonly',
    rules: {
      valued: ['-P', '--pager', '-M', '--manpath', '-S', '-s', '--sections', '-L', '--locale', '-E', '--encoding', '-H', '--html'],
      runs: {
        '-P': 'runs a pager program (man -P)',
        '--pager': 'runs a pager program (man --pager)',
        '-H': 'runs a browser (man -H)',
        '--html': 'runs a browser (man --html)',
      },
    },
  },
  'python-json-tool': {
    kind: 'readonly',
    rules: { valued: ['--indent'], maxOperands: { count: 1, what: 'writes its output to the second file operand (python -m json.tool IN OUT)' } },
  },
  ...Object.fromEntries(
    (['set', 'shopt', 'ulimit', 'umask', 'hash', 'unalias', 'enable', 'history', 'fc', 'top'] as const).map((name) => [
      name,
      { kind: 'special', judge: name } satisfies CommandSpec,
    ]),
  ),
  dpkg: {
    kind: 'writes',
    what: 'installs or removes system packages',
    readonlyWith: [
      '-l',
      '--list',
      '-L',
      '--listfiles',
      '-s',
      '--status',
      '-S',
      '--search',
      '-p',
      '--print-avail',
      '--print-architecture',
      '--get-selections',
      '-c',
      '--contents',
      '-I',
      '--info',
    ],
  },
};

function fdRules(): OptionRules {
  return {
    valued: [
      '-e',
      '--extension',
      '-t',
      '--type',
      '-E',
      '--exclude',
      '-d',
      '--max-depth',
      '--min-depth',
      '--exact-depth',
      '-S',
      '--size',
      '--changed-within',
      '--changed-before',
      '-o',
      '--owner',
      '-j',
      '--threads',
      '--max-results',
      '--base-directory',
      '--path-separator',
      '--search-path',
      '-c',
      '--color',
      '--ignore-file',
      '--format',
    ],
    runs: {
      '-x': 'runs a command for every match (fd -x)',
      '--exec': 'runs a command for every match (fd --exec)',
      '-X': 'runs a command with the matches (fd -X)',
      '--exec-batch': 'runs a command with the matches (fd --exec-batch)',
    },
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
  rsync: {
    kind: 'writes',
    what: 'copies files',
    readonlyWith: ['-n', '--dry-run'],
    runsWith: {
      '-e': 'runs a remote shell program (rsync -e)',
      '--rsh': 'runs a remote shell program (rsync --rsh)',
      '--rsync-path': 'runs a program on the remote side (rsync --rsync-path)',
    },
    remoteOperands: true,
    writesWith: ['--log-file', '--write-batch', '--only-write-batch'],
    syntax: {
      valued: [
        '-e',
        '--rsh',
        '--rsync-path',
        '--exclude',
        '--include',
        '--exclude-from',
        '--include-from',
        '--files-from',
        '--filter',
        '-f',
        '--log-file',
        '--backup-dir',
        '--partial-dir',
        '--temp-dir',
        '-T',
        '--compare-dest',
        '--copy-dest',
        '--link-dest',
        '--chmod',
        '--chown',
        '--port',
        '--password-file',
        '--out-format',
        '--bwlimit',
        '--timeout',
      ],
    },
  },
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
  ...group('kill pkill killall', { kind: 'special', judge: 'kill' }),
  ...group('gzip gunzip bzip2 bunzip2 xz unxz lzma unlzma compress uncompress pigz', {
    kind: 'writes',
    what: 'compresses or decompresses files in place',
    readonlyWith: COMPRESSOR_READONLY,
  }),
  // zstd writes with -o even to a terminal; lz4 -l means "legacy format", and a second operand is its output file.
  ...group('zstd unzstd', {
    kind: 'writes',
    what: 'compresses or decompresses files',
    readonlyWith: COMPRESSOR_READONLY,
    writesWith: ['-o', '--output-dir-flat', '--output-dir-mirror'],
    syntax: { valued: ['-o', '--output-dir-flat', '--output-dir-mirror', '-D', '--patch-from', '-T', '--threads'] },
  }),
  ...group('lz4 unlz4', {
    kind: 'writes',
    what: 'compresses or decompresses files',
    readonlyWith: ['-c', '--stdout', '--to-stdout', '-t', '--test', '--list'],
    maxOperands: 1,
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
  source: { kind: 'special', judge: 'source' },
  '.': { kind: 'special', judge: 'source' },
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
      chdirOptions: ['-C', '--chdir'],
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
  command: { kind: 'wrapper', spec: { syntax: {}, lookupOptions: ['-v', '-V'], alone: 'nothing', inShell: true } },
  builtin: { kind: 'wrapper', spec: { syntax: {}, alone: 'nothing', inShell: true } },
  stdbuf: { kind: 'wrapper', spec: { syntax: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] }, alone: 'nothing' } },
  ionice: {
    kind: 'wrapper',
    spec: {
      syntax: { valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
      writes: {
        '-p': 'changes the I/O priority of running processes (ionice -p)',
        '--pid': 'changes the I/O priority of running processes',
        '-P': 'changes the I/O priority of a process group (ionice -P)',
        '--pgid': 'changes the I/O priority of a process group',
        '-u': "changes the I/O priority of a user's processes (ionice -u)",
        '--uid': "changes the I/O priority of a user's processes",
      },
      alone: 'nothing',
    },
  },
  xargs: { kind: 'special', judge: 'xargs' },
  watch: {
    kind: 'wrapper',
    spec: {
      syntax: { valued: ['-n', '--interval', '-q', '--equexit'], attachedOnly: ['-d', '--differences'] },
      viaShell: true,
      directOptions: ['-x', '--exec'],
      alone: 'nothing',
    },
  },
  ...group('sudo doas', {
    kind: 'wrapper',
    spec: {
      syntax: {
        valued: [
          '-u',
          '--user',
          '-g',
          '--group',
          '-h',
          '--host',
          '-p',
          '--prompt',
          '-C',
          '--close-from',
          '-D',
          '--chdir',
          '-r',
          '--role',
          '-t',
          '--type',
          '-U',
          '--other-user',
          '-T',
          '--command-timeout',
        ],
      },
      chdirOptions: ['-D', '--chdir'],
      always: 'runs with root privileges',
      alone: 'nothing',
    },
  }),
  exec: { kind: 'wrapper', spec: { syntax: { valued: ['-a'] }, always: 'replaces the shell with another program (exec)', alone: 'nothing' } },
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
export const PROJECT_LOCAL_PROGRAMS: ReadonlySet<string> = new Set([
  'gradlew',
  'mvnw',
  'vitest',
  'jest',
  'mocha',
  'ava',
  'phpunit',
  'rspec',
  'pytest',
  'tsc',
  'vue-tsc',
  'eslint',
  'prettier',
  'biome',
  'playwright',
]);

// ---- variables ----

/**
 * Variables that make otherwise read-only programs run commands or load code
 * (pagers, editors, preloads, startup files, option variables). Setting one
 * is not read-only: the sandbox shell keeps variables between commands.
 */
export const DANGEROUS_VARIABLES: ReadonlySet<string> = new Set([
  'PATH',
  'PAGER',
  'GIT_PAGER',
  'MANPAGER',
  'BAT_PAGER',
  'SYSTEMD_PAGER',
  'EDITOR',
  'VISUAL',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_EXEC_PATH',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_DIR',
  'GIT_TEMPLATE_DIR',
  'LESSOPEN',
  'LESSCLOSE',
  'LESS',
  'LESSKEY',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PS0',
  'PS1',
  'PS2',
  'PS4',
  'SHELLOPTS',
  'BASHOPTS',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
  'TAR_OPTIONS',
  'RIPGREP_CONFIG_PATH',
  'GREP_OPTIONS',
  'GZIP',
  'ZIPOPT',
  'UNZIP',
  'MAKEFLAGS',
  'FCEDIT',
  'BROWSER',
  'npm_config_script_shell',
  'NPM_CONFIG_SCRIPT_SHELL',
  // The shell's own tables and lookups: BASH_CMDS[ls]=/tmp/x makes `ls` run /tmp/x.
  'BASH_CMDS',
  'BASH_ALIASES',
  'CDPATH',
  'EXECIGNORE',
  'BASH_LOADABLES_PATH',
  'INPUTRC',
  'GIT_CONFIG',
  'GIT_INDEX_FILE',
  'GIT_WORK_TREE',
  'GIT_OBJECT_DIRECTORY',
  'GCONV_PATH',
  'PYTHONWARNINGS',
  'PYTHONBREAKPOINT',
  'PYTHONUSERBASE',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'LUA_INIT',
  'PERL5DB',
  'PERLLIB',
  'GOFLAGS',
  'RUSTC_WRAPPER',
  'MANOPT',
  'SUDO_ASKPASS',
  'LESSKEYIN',
  'BUNDLE_GEMFILE',
]);

/**
 * Where programs look for their configuration: setting one for a command
 * (`HOME=/tmp/x git status`) makes it read a config that can name programs.
 * Unlike the variables above, a shell cannot do without them.
 */
export const CONFIG_LOCATION_VARIABLES: ReadonlySet<string> = new Set(['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'ZDOTDIR']);

/** Families of variables with the same power: option variables of npm and yarn, git's trace files. */
export const DANGEROUS_VARIABLE_PREFIXES: readonly string[] = [
  'npm_config_',
  'NPM_CONFIG_',
  'YARN_',
  'GIT_TRACE',
  'GIT_CONFIG_KEY_',
  'GIT_CONFIG_VALUE_',
  'LD_',
];

/** Variables that always hold absolute paths: `"$PWD/x"` can never be an option. */
export const ABSOLUTE_PATH_VARIABLES: ReadonlySet<string> = new Set(['PWD', 'OLDPWD', 'HOME', 'TMPDIR']);
/** Commands whose output is an absolute path: `$(which node)` can never be an option. */
export const PATH_PRINTING_COMMANDS: ReadonlySet<string> = new Set(['which', 'pwd', 'realpath']);
