import type { OptionSyntax } from './table-types';

/**
 * What a test run may write. Tests keep their own caches and build output
 * (.pytest_cache, target/, build/, new snapshot files, Vitest's cache): that
 * is part of running tests. Updating existing snapshots, writing reports,
 * coverage or other artefacts to chosen places is not: those flags make the
 * command a writer rather than a test.
 */
export interface TestRunnerRules extends OptionSyntax {
  /** Options that make the run write: option → what. */
  writes?: Readonly<Record<string, string>>;
  /** Options with a value that only writes for some values (`--reporter=html`). */
  writingValues?: Readonly<Record<string, { pattern: RegExp; what: string }>>;
  /** Options naming a directory the runner empties first (`pytest --basetemp`). */
  emptiedDirectories?: readonly string[];
  /** First operands that are not test runs (`vitest init`). */
  writingSubcommands?: Readonly<Record<string, string>>;
}

const COVERAGE = 'writes a coverage report into the project';
const SNAPSHOTS = 'updates stored snapshots';

const VITEST: TestRunnerRules = {
  valued: ['--outputFile', '-r', '--root', '--dir', '-c', '--config', '--project', '-t', '--testNamePattern', '--environment', '--pool', '--shard', '--mode', '--maxWorkers', '--minWorkers', '--reporter', '--coverage.reportsDirectory', '--coverage.provider', '--testTimeout', '--bail', '--retry'],
  writes: {
    '-u': `${SNAPSHOTS} (-u)`,
    '--update': `${SNAPSHOTS} (--update)`,
    '--outputFile': 'writes its report to a file (--outputFile)',
    '--coverage': `${COVERAGE} (--coverage)`,
    '--coverage.enabled': `${COVERAGE} (--coverage.enabled)`,
    '--coverage.reportsDirectory': `${COVERAGE} (--coverage.reportsDirectory)`,
    '--clearCache': 'deletes its cache (--clearCache)',
  },
  writingValues: { '--reporter': { pattern: /^(html|junit|json|blob)$/, what: 'writes a report file (--reporter)' } },
  writingSubcommands: { init: 'writes configuration files (vitest init)' },
};

const JEST: TestRunnerRules = {
  valued: ['-c', '--config', '--outputFile', '--coverageDirectory', '-t', '--testNamePattern', '--testPathPattern', '--maxWorkers', '-w', '--reporters', '--rootDir', '--roots', '--selectProjects', '--shard', '--testTimeout', '--collectCoverageFrom', '--coverageReporters'],
  writes: {
    '-u': `${SNAPSHOTS} (-u)`,
    '--updateSnapshot': `${SNAPSHOTS} (--updateSnapshot)`,
    '--outputFile': 'writes its report to a file (--outputFile)',
    '--coverage': `${COVERAGE} (--coverage)`,
    '--collectCoverage': `${COVERAGE} (--collectCoverage)`,
    '--coverageDirectory': `${COVERAGE} (--coverageDirectory)`,
    '--init': 'writes a configuration file (--init)',
    '--clearCache': 'deletes its cache (--clearCache)',
  },
};

const PYTEST: TestRunnerRules = {
  valued: ['-k', '-m', '-p', '-c', '-o', '--override-ini', '--rootdir', '--confcutdir', '--basetemp', '--junitxml', '--junit-xml', '--junit-prefix', '--result-log', '--resultlog', '--report-log', '--html', '--cov', '--cov-report', '--cov-config', '--maxfail', '--tb', '-n', '--numprocesses', '--durations', '--deselect', '--ignore', '--log-file'],
  attachedOnly: ['--debug', '--pastebin'],
  writes: {
    '--junitxml': 'writes a JUnit report (--junitxml)',
    '--junit-xml': 'writes a JUnit report (--junit-xml)',
    '--basetemp': 'empties and writes a directory of its choice (--basetemp)',
    '--result-log': 'writes a result log (--result-log)',
    '--resultlog': 'writes a result log (--resultlog)',
    '--report-log': 'writes a report log (--report-log)',
    '--html': 'writes an HTML report (--html)',
    '--cov': `${COVERAGE} (--cov)`,
    '--cov-report': `${COVERAGE} (--cov-report)`,
    '--debug': 'writes a debug log file (--debug)',
    '--log-file': 'writes a log file (--log-file)',
    '--pastebin': 'sends the results to a paste service (--pastebin): network access is not read-only',
  },
  emptiedDirectories: ['--basetemp'],
};

const GO_TEST: TestRunnerRules = {
  longSingleDash: true,
  valued: ['-run', '-bench', '-count', '-timeout', '-p', '-parallel', '-cpu', '-tags', '-o', '-coverprofile', '-cpuprofile', '-memprofile', '-blockprofile', '-mutexprofile', '-trace', '-outputdir', '-exec', '-toolexec', '-fuzz', '-fuzztime', '-covermode', '-coverpkg', '-mod', '-modfile', '-shuffle', '-benchtime', '-list', '-skip', '-C'],
  writes: {
    '-o': 'writes the test binary to a file (-o)',
    '-c': 'compiles the test binary into a file (-c)',
    '-coverprofile': 'writes a coverage profile (-coverprofile)',
    '-cpuprofile': 'writes a CPU profile (-cpuprofile)',
    '-memprofile': 'writes a memory profile (-memprofile)',
    '-blockprofile': 'writes a block profile (-blockprofile)',
    '-mutexprofile': 'writes a mutex profile (-mutexprofile)',
    '-trace': 'writes an execution trace (-trace)',
    '-outputdir': 'writes profiles into a directory (-outputdir)',
    '-fuzz': 'adds failing inputs to testdata/fuzz (-fuzz)',
    '-exec': 'runs the test binary through another program (-exec)',
    '-toolexec': 'runs a program for every build tool (-toolexec)',
  },
};

const CARGO_TEST: TestRunnerRules = {
  valued: ['--target-dir', '-p', '--package', '--features', '-F', '--target', '-j', '--jobs', '--manifest-path', '--profile', '--test', '--bench', '--example', '--bin', '--color', '--message-format', '--config', '-Z'],
  writes: { '--target-dir': 'writes its build output to another directory (--target-dir)' },
};

/** Runners keyed by command, or `tool subcommand` for subcommand tools, or `node --test`. */
export const TEST_RUNNER_RULES: Readonly<Record<string, TestRunnerRules>> = {
  vitest: VITEST,
  jest: JEST,
  mocha: {
    valued: ['-R', '--reporter', '-O', '--reporter-option', '--reporter-options', '-r', '--require', '--config', '-g', '--grep', '-t', '--timeout', '--spec', '--ignore', '-j', '--jobs'],
    writingValues: {
      '-O': { pattern: /(^|,)output=/, what: 'writes its report to a file (--reporter-option output=)' },
      '--reporter-option': { pattern: /(^|,)output=/, what: 'writes its report to a file (--reporter-option output=)' },
      '--reporter-options': { pattern: /(^|,)output=/, what: 'writes its report to a file (--reporter-options output=)' },
    },
    writingSubcommands: { init: 'writes a test skeleton (mocha init)' },
  },
  ava: { valued: ['-m', '--match', '-c', '--concurrency', '--config', '-T', '--timeout'], writes: { '-u': `${SNAPSHOTS} (-u)`, '--update-snapshots': `${SNAPSHOTS} (--update-snapshots)`, '--reset-cache': 'deletes its cache (--reset-cache)' } },
  jasmine: { valued: ['--config', '--filter', '--reporter', '--helper', '--require'], writingSubcommands: { init: 'writes a configuration file (jasmine init)', examples: 'writes example specs (jasmine examples)' } },
  pytest: PYTEST,
  'py.test': PYTEST,
  rspec: { valued: ['-o', '--out', '-f', '--format', '-r', '--require', '-I', '-e', '--example', '-t', '--tag', '--seed', '-P', '--pattern'], writes: { '-o': 'writes its report to a file (-o)', '--out': 'writes its report to a file (--out)', '--init': 'writes configuration files (--init)' } },
  phpunit: {
    valued: ['-c', '--configuration', '--bootstrap', '--filter', '--group', '--exclude-group', '--testsuite', '--log-junit', '--log-teamcity', '--testdox-html', '--testdox-text', '--testdox-xml', '--coverage-html', '--coverage-clover', '--coverage-xml', '--coverage-text', '--coverage-php', '--coverage-cobertura', '--coverage-crap4j', '--cache-directory'],
    writes: Object.fromEntries(
      ['--log-junit', '--log-teamcity', '--testdox-html', '--testdox-text', '--testdox-xml', '--coverage-html', '--coverage-clover', '--coverage-xml', '--coverage-php', '--coverage-cobertura', '--coverage-crap4j', '--generate-configuration', '--migrate-configuration'].map((o) => [o, `writes a report or configuration file (${o})`]),
    ),
  },
  unittest: {},
  'go test': GO_TEST,
  'cargo test': CARGO_TEST,
  'cargo nextest': { ...CARGO_TEST, valued: [...(CARGO_TEST.valued ?? []), '--archive-file'], writingSubcommands: { archive: 'writes a test archive (cargo nextest archive)' } },
  'dotnet test': {
    valued: ['-c', '--configuration', '-f', '--framework', '--filter', '-l', '--logger', '-r', '--results-directory', '--collect', '-s', '--settings', '-d', '--diag', '-o', '--output'],
    writes: { '-l': 'writes a test log (--logger)', '--logger': 'writes a test log (--logger)', '-r': 'writes results to a directory (--results-directory)', '--results-directory': 'writes results to a directory', '--collect': 'writes collected data such as coverage (--collect)', '-d': 'writes a diagnostic log (--diag)', '--diag': 'writes a diagnostic log', '-o': 'writes its build output to another directory (--output)', '--output': 'writes its build output to another directory' },
  },
  'deno test': { attachedOnly: ['--coverage', '--junit-path'], writes: { '--coverage': `${COVERAGE} (--coverage)`, '--junit-path': 'writes a JUnit report (--junit-path)' } },
  'bun test': { flags: ['--coverage'], valued: ['--timeout', '-t', '--test-name-pattern', '--coverage-dir', '--coverage-reporter', '--preload', '--rerun-each'], writes: { '-u': `${SNAPSHOTS} (-u)`, '--update-snapshots': `${SNAPSHOTS} (--update-snapshots)`, '--coverage-dir': `${COVERAGE} (--coverage-dir)` }, writingValues: { '--coverage-reporter': { pattern: /lcov/, what: `${COVERAGE} (--coverage-reporter=lcov)` } } },
  'playwright test': { valued: ['-c', '--config', '--project', '-g', '--grep', '--reporter', '--output', '--workers', '-j', '--shard', '--timeout', '--retries'], writes: { '-u': `${SNAPSHOTS} (-u)`, '--update-snapshots': `${SNAPSHOTS} (--update-snapshots)`, '--output': 'writes its artefacts to another directory (--output)' } },
  'cypress run': { valued: ['--spec', '-s', '--browser', '-b', '--config', '-c', '--env', '-e', '--reporter', '-r', '--reporter-options', '-o', '--project', '-P'] },
  'composer test': {},
  'node --test': { writes: { '--test-reporter-destination': 'writes its report to a file (--test-reporter-destination)', '--test-update-snapshots': `${SNAPSHOTS} (--test-update-snapshots)` }, valued: ['--test-reporter', '--test-reporter-destination', '--test-name-pattern', '--test-concurrency'] },
};
