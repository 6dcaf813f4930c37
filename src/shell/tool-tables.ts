import { type CommandSpec, group, type InterpreterSpec, type OptionRules } from './table-types';

/** Language runtimes, package managers, test runners and build tools. */

const SHELL_SPEC: InterpreterSpec = {
  syntax: { valued: ['-o', '-O', '--rcfile', '--init-file'] },
  inline: ['-c'],
  syntaxCheck: ['-n', '--noexec'],
  shell: true,
  label: 'shell',
};

export const INTERPRETERS: Record<string, CommandSpec> = {
  ...group('bash sh zsh dash ksh mksh ash fish csh tcsh', { kind: 'interpreter', spec: SHELL_SPEC }),
  ...group('node nodejs', {
    kind: 'interpreter',
    spec: {
      syntax: {
        valued: [
          '-r',
          '--require',
          '--import',
          '--loader',
          '--experimental-loader',
          '--input-type',
          '--env-file',
          '--conditions',
          '-C',
          '--title',
          '--max-old-space-size',
          '--test-reporter',
          '--test-reporter-destination',
          '--test-name-pattern',
        ],
      },
      inline: ['-e', '--eval', '-p', '--print'],
      syntaxCheck: ['-c', '--check'],
      preload: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file'],
      testOptions: ['--test'],
      scriptRunOption: '--run',
      label: 'Node.js',
    },
  }),
  ...group('python python2 python3 pypy pypy3', {
    kind: 'interpreter',
    spec: { syntax: { valued: ['-W', '-X', '-Q'] }, inline: ['-c'], moduleOption: '-m', isolated: ['-I', '-P'], label: 'Python' },
  }),
  ruby: { kind: 'interpreter', spec: { syntax: { valued: ['-I', '-r', '-C', '-E'] }, inline: ['-e'], syntaxCheck: ['-c'], preload: ['-r'], label: 'Ruby' } },
  perl: { kind: 'interpreter', spec: { syntax: { valued: ['-I', '-M', '-m'] }, inline: ['-e', '-E'], label: 'Perl' } },
  php: {
    kind: 'interpreter',
    spec: { syntax: { valued: ['-c', '-d', '-z'] }, inline: ['-r', '-B', '-R', '-F', '-E'], syntaxCheck: ['-l', '--syntax-check'], label: 'PHP' },
  },
};

/** Python modules that `python -m X` runs like the command X. */
export const PYTHON_MODULE_COMMANDS: Readonly<Record<string, string>> = {
  pytest: 'pytest',
  pip: 'pip',
  unittest: 'unittest',
  mypy: 'mypy',
  flake8: 'flake8',
  black: 'black',
  pylint: 'pylint',
  'json.tool': 'python-json-tool',
};
/** Of those, the test runners: they run project code anyway, so the module path does not matter. */
export const PYTHON_TEST_MODULES: ReadonlySet<string> = new Set(['pytest', 'unittest']);

/** Node tools that `npx`, `pnpm exec`, `yarn` and friends may run and that we judge by name. */
export const NODE_TOOLS: ReadonlySet<string> = new Set([
  'vitest',
  'jest',
  'mocha',
  'ava',
  'jasmine',
  'tsc',
  'vue-tsc',
  'eslint',
  'prettier',
  'biome',
  'stylelint',
  'playwright',
  'cypress',
]);

export const TEST_RUNNERS = group('vitest jest mocha ava jasmine pytest py.test rspec phpunit unittest', { kind: 'test-runner' });

const NPM_LIKE_READONLY_CONFIG = ['get', 'list', 'ls'];
const REGISTRY_QUERIES = 'view v info show outdated search s se find ping whoami doctor audit'.split(' ');

export const PACKAGE_MANAGERS: Record<string, CommandSpec> = {
  npm: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--prefix', '-C', '-w', '--workspace', '--loglevel', '--registry', '--userconfig', '--cache', '--script-shell'] },
      readonly: {
        ...Object.fromEntries('ls list la ll help help-search explain why root prefix bin fund query get'.split(' ').map((s) => [s, true as const])),
        version: { maxOperands: { count: 0, what: 'bumps the package version' } },
        pack: { requires: { options: ['--dry-run'], what: 'writes a package tarball (add --dry-run)' } },
      },
      network: REGISTRY_QUERIES,
      nested: { config: NPM_LIKE_READONLY_CONFIG, cache: ['ls'] },
      tests: ['test', 't', 'tst'],
      runScript: ['run', 'run-script', 'rum', 'urn'],
      execs: ['exec', 'x'],
      changes:
        'install i in ins inst insta instal isnt isnta isntal add ci clean-install install-test it install-clean ic update up upgrade udpate uninstall remove rm r un unlink link ln publish unpublish dedupe ddp prune rebuild rb init create set pkg deprecate dist-tag owner access star unstar team token login logout adduser hook org profile shrinkwrap edit'.split(
          ' ',
        ),
      otherIsScript: false,
      dirOptions: ['--prefix', '-C'],
      workspaceOptions: ['-w', '--workspace', '--workspaces', '-ws', '--include-workspace-root'],
      what: 'installs or changes packages',
    },
  },
  pnpm: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['-C', '--dir', '--filter', '-F', '--loglevel', '--reporter'] },
      readonly: Object.fromEntries('ls list ll la why licenses root bin help store-path'.split(' ').map((s) => [s, true as const])),
      network: ['outdated', 'view', 'info', 'audit', 'search'],
      nested: { config: NPM_LIKE_READONLY_CONFIG, store: ['path', 'status'] },
      tests: ['test', 't', 'tst'],
      runScript: ['run', 'run-script'],
      execs: ['exec', 'dlx'],
      changes:
        'install i add update up upgrade remove rm uninstall un unlink link ln publish prune rebuild rb import fetch dedupe patch patch-commit init create setup env deploy approve-builds'.split(
          ' ',
        ),
      otherIsScript: true,
      dirOptions: ['-C', '--dir'],
      workspaceOptions: ['-r', '--recursive', '--filter', '-F', '-w', '--workspace-root'],
      what: 'installs or changes packages',
    },
  },
  yarn: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--cwd', '--modules-folder', '--cache-folder', '--mutex'] },
      readonly: Object.fromEntries('list why licenses help versions bin'.split(' ').map((s) => [s, true as const])),
      network: ['info', 'outdated', 'npm', 'search', 'audit'],
      nested: { config: NPM_LIKE_READONLY_CONFIG, cache: ['list', 'dir'], workspaces: ['info', 'list'] },
      tests: ['test', 't'],
      runScript: ['run'],
      execs: ['exec', 'dlx'],
      changes:
        'install add upgrade upgrade-interactive up remove unlink link publish import init create global generate-lock-entry autoclean set plugin patch patch-commit dedupe'.split(
          ' ',
        ),
      otherIsScript: true,
      dirOptions: ['--cwd'],
      workspaceOptions: ['workspace', 'workspaces'],
      what: 'installs or changes packages',
      alone: 'installs packages (yarn with no command)',
    },
  },
  bun: {
    kind: 'package-manager',
    spec: {
      syntax: { valued: ['--cwd', '-c', '--config'] },
      readonly: { help: true, pm: { writingSubcommands: { cache: 'cleans the package cache', trust: 'trusts package scripts' } }, why: true },
      network: ['outdated', 'audit', 'info'],
      tests: [],
      ownTestRunner: 'test',
      runScript: ['run'],
      execs: ['x'],
      changes: 'install i add a remove rm update upgrade link unlink publish init create c build patch'.split(' '),
      otherIsScript: true,
      dirOptions: ['--cwd'],
      workspaceOptions: ['--filter', '-F', '--workspaces'],
      what: 'installs or changes packages',
      alone: 'starts the Bun runtime',
    },
  },
};

export const LAUNCHERS: Record<string, CommandSpec> = {
  npx: {
    kind: 'launcher',
    spec: { syntax: { valued: ['-p', '--package', '-c', '--call', '--node-arg', '-n'] }, shellStringOptions: ['-c', '--call'], label: 'npx' },
  },
  bunx: { kind: 'launcher', spec: { syntax: { valued: ['-p', '--package'] }, label: 'bunx' } },
};

/** `cargo tree` and friends resolve the dependency graph: they may rewrite Cargo.lock and reach the registry. */
const CARGO_RESOLVES: OptionRules = { requires: { options: ['--frozen'], what: 'may update Cargo.lock and query the registry (add --frozen)' } };

const GO_BUILD_FLAGS: OptionRules = {
  longSingleDash: true,
  valued: ['-C', '-f', '-json', '-tags', '-mod', '-modfile', '-overlay', '-pgo', '-toolexec', '-exec', '-o', '-p', '-gcflags', '-ldflags', '-asmflags'],
  runs: { '-toolexec': 'runs a program for every build tool (-toolexec)', '-exec': 'runs the built program with another program (-exec)' },
};

const PROJECT_GEMFILE = 'evaluates the Gemfile, which is Ruby code (project code: allowed where tests are)';
const COMPOSER_PLUGINS: OptionRules['projectCode'] = {
  what: 'loads Composer plugins from vendor/, which are PHP code (project code: allowed where tests are)',
  unless: ['--no-plugins'],
};

export const SUBCOMMAND_TOOLS: Record<string, CommandSpec> = {
  go: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-C'] },
      readonly: {
        version: true,
        env: { writes: { '-w': 'changes Go settings (go env -w)', '-u': 'changes Go settings (go env -u)' } },
        list: {
          ...GO_BUILD_FLAGS,
          writes: { '-export': 'builds the packages (go list -export)', '-compiled': 'runs cgo on the packages (go list -compiled)' },
          network: {
            '-u': 'queries the module proxy for updates (go list -u)',
            '-versions': 'queries the module proxy (go list -versions)',
            '-retracted': 'queries the module proxy (go list -retracted)',
          },
        },
        vet: { ...GO_BUILD_FLAGS, projectCode: { what: 'builds the packages and runs analyzers on them (a check: allowed where tests are)' } },
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
        tree: CARGO_RESOLVES,
        metadata: { requires: { options: ['--frozen', '--no-deps'], what: 'may update Cargo.lock and query the registry (add --no-deps or --frozen)' } },
        pkgid: CARGO_RESOLVES,
        help: true,
        'locate-project': true,
        'verify-project': true,
        'read-manifest': true,
        fmt: { requires: { options: ['--check'], what: 'reformats files in place (add --check)' } },
      },
      network: ['search', 'info'],
      tests: ['test', 'nextest'],
      what: 'builds or changes the project',
    },
  },
  ...group('pip pip3', {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['--python', '--log', '--proxy', '--retries', '--timeout', '--cache-dir'] },
      readonly: {
        ...Object.fromEntries('show freeze check help debug inspect'.split(' ').map((s) => [s, true as const])),
        list: {
          valued: ['--format', '--exclude', '--path'],
          network: {
            '-o': 'queries the package index (pip list -o)',
            '--outdated': 'queries the package index (pip list --outdated)',
            '-u': 'queries the package index (pip list -u)',
            '--uptodate': 'queries the package index (pip list --uptodate)',
          },
        },
      },
      network: ['index', 'search', 'download'],
      nested: { config: ['list', 'get', 'debug'], cache: ['dir', 'info', 'list'] },
      what: 'installs or changes packages',
    },
  }),
  gem: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: Object.fromEntries(
        'list info contents environment specification which help dependency query'.split(' ').map((s) => [
          s,
          {
            network: {
              '-r': 'queries the gem server (--remote)',
              '--remote': 'queries the gem server (--remote)',
              '-b': 'queries the gem server (--both)',
              '--both': 'queries the gem server (--both)',
            },
          } satisfies OptionRules,
        ]),
      ),
      network: ['search', 'outdated', 'fetch'],
      what: 'installs or changes gems',
    },
  },
  bundle: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['--gemfile'] },
      readonly: {
        help: true,
        ...Object.fromEntries('list show info licenses platform'.split(' ').map((s) => [s, { projectCode: { what: PROJECT_GEMFILE } } satisfies OptionRules])),
        check: { requires: { options: ['--dry-run'], what: 'may write Gemfile.lock (add --dry-run)' }, projectCode: { what: PROJECT_GEMFILE } },
      },
      network: ['outdated'],
      launches: ['exec'],
      launchProjectCode: PROJECT_GEMFILE,
      what: 'installs or changes gems',
      alone: 'installs gems (bundle with no command)',
    },
  },
  composer: {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-d', '--working-dir'] },
      readonly: {
        ...Object.fromEntries(
          'info licenses validate depends why why-not prohibits check-platform-reqs help list fund'
            .split(' ')
            .map((s) => [s, { projectCode: COMPOSER_PLUGINS } satisfies OptionRules]),
        ),
        show: {
          projectCode: COMPOSER_PLUGINS,
          network: {
            '-l': 'queries the package repositories (--latest)',
            '--latest': 'queries the package repositories',
            '-o': 'queries the package repositories (--outdated)',
            '--outdated': 'queries the package repositories',
          },
        },
      },
      network: ['outdated', 'search', 'audit', 'diagnose'],
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
  'apt-get': { kind: 'subcommands', spec: { syntax: { valued: ['-o', '-c', '-t'] }, readonly: { help: true }, what: 'installs or removes system packages' } },
  brew: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: Object.fromEntries(
        'list ls config deps uses leaves desc commands help --prefix --cellar --repository'.split(' ').map((s) => [s, true as const]),
      ),
      network: ['search', 'info', 'outdated', 'doctor'],
      what: 'installs or changes packages',
    },
  },
  dotnet: {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: {
        help: true,
        list: { projectCode: { what: "evaluates the project's MSBuild files, which can run tasks (project code: allowed where tests are)" } },
      },
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
        help: true,
        types: true,
        info: { maxOperands: { count: 0, what: 'may download remote modules into the cache (deno info MODULE)' } },
        lint: { writes: { '--fix': 'fixes files in place (deno lint --fix)' } },
        fmt: { requires: { options: ['--check'], what: 'reformats files in place (add --check)' } },
      },
      network: ['check', 'doc'],
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
        check: {
          valued: [
            '--config',
            '--select',
            '--ignore',
            '--output-format',
            '-o',
            '--output-file',
            '--cache-dir',
            '--target-version',
            '--extend-select',
            '--exclude',
          ],
          writes: {
            '--fix': 'fixes files in place (ruff --fix)',
            '-o': 'writes its report to a file',
            '--output-file': 'writes its report to a file',
            '--add-noqa': 'adds noqa comments to files (ruff --add-noqa)',
            '--cache-dir': 'writes its cache elsewhere (--cache-dir)',
          },
          projectCode: { what: 'writes a .ruff_cache directory in the project (allowed where tests are; --no-cache avoids it)', unless: ['--no-cache'] },
        },
        format: {
          requires: { options: ['--check', '--diff'], what: 'reformats files in place (add --check)' },
          projectCode: { what: 'writes a .ruff_cache directory in the project (allowed where tests are; --no-cache avoids it)', unless: ['--no-cache'] },
        },
        version: true,
        help: true,
        rule: true,
        linter: true,
      },
      what: 'changes files',
    },
  },
  ...group('terraform tofu', {
    kind: 'subcommands',
    spec: {
      syntax: {},
      readonly: {
        // -check only reports which files are not formatted (it turns -write off); -diff and -recursive change nothing.
        fmt: { longSingleDash: true, requires: { options: ['-check'], what: 'reformats files in place (add -check)' } },
      },
      what: 'runs Terraform, which can change infrastructure, state or the project',
    },
  }),
  playwright: { kind: 'subcommands', spec: { syntax: {}, readonly: { help: true }, tests: ['test'], what: 'installs browsers or runs tools' } },
  cypress: {
    kind: 'subcommands',
    spec: { syntax: {}, readonly: { help: true, version: true, info: true }, tests: ['run'], what: 'opens or changes the test environment' },
  },
  ...group('poetry pipenv uv', {
    kind: 'subcommands',
    spec: {
      syntax: { valued: ['-C', '--directory', '--project'] },
      readonly: {
        help: true,
        list: true,
        graph: true,
        check: { writes: { '--lock': 'may write the lock file (check --lock)' } },
        version: { maxOperands: { count: 0, what: 'changes the project version' }, writes: { '--bump': 'changes the project version (--bump)' } },
        show: {
          network: {
            '-o': 'queries the package index (--outdated)',
            '--outdated': 'queries the package index',
            '-l': 'queries the package index (--latest)',
            '--latest': 'queries the package index',
          },
        },
        tree: { requires: { options: ['--frozen'], what: 'may resolve and write the lock file (add --frozen)' } },
      },
      nested: { env: ['info', 'list'] },
      launches: ['run'],
      what: 'installs or changes packages',
    },
  }),
};

const BUILD_FILES_RUN_CODE = 'evaluates the build files, which can run project code (allowed where tests are)';

export const BUILD_TOOLS: Record<string, CommandSpec> = {
  make: {
    kind: 'build-tool',
    spec: {
      syntax: {
        valued: ['-C', '--directory', '-f', '--file', '--makefile', '-I', '--include-dir', '-o', '--old-file', '-W', '--what-if', '-l', '--load-average'],
        attachedOnly: ['-j', '--jobs'],
      },
      testTargets: /^(test|tests|check)([-_:][\w.:-]+)?$/,
      variableOperands: true,
      label: 'make',
    },
  },
  ...group('mvn mvnw', {
    kind: 'build-tool',
    spec: {
      syntax: {
        valued: [
          '-f',
          '--file',
          '-pl',
          '--projects',
          '-P',
          '--activate-profiles',
          '-T',
          '--threads',
          '-s',
          '--settings',
          '-gs',
          '--global-settings',
          '-rf',
          '--resume-from',
          '-l',
          '--log-file',
        ],
      },
      testTargets: /^(test|verify)$/,
      readonlyTargets: ['help:effective-pom', 'dependency:tree', 'dependency:list', 'help:describe'],
      readonlyWhat: BUILD_FILES_RUN_CODE,
      label: 'Maven',
    },
  }),
  ...group('gradle gradlew', {
    kind: 'build-tool',
    spec: {
      syntax: {
        valued: [
          '-p',
          '--project-dir',
          '-b',
          '--build-file',
          '-c',
          '--settings-file',
          '-x',
          '--exclude-task',
          '--tests',
          '-g',
          '--gradle-user-home',
          '-I',
          '--init-script',
          '--max-workers',
        ],
      },
      testTargets: /^(test|check|[\w-]*:test)$/,
      readonlyTargets: ['tasks', 'dependencies', 'projects', 'properties', 'help'],
      readonlyWhat: BUILD_FILES_RUN_CODE,
      label: 'Gradle',
    },
  }),
};
