import { type Command, defineCommand, type ResolvedCommandContext } from 'just-bash';
import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { binaryCommandLine, binaryFunctions, findLocalBinary, localBinaries, shellQuote } from './local-bin';
import { joinPath } from './paths';

/**
 * `npm` and `npx` for the virtual sandbox: npm runs package.json scripts through the same
 * just-bash shell, in the current directory, with npm's banner and error wording; a script's
 * `node` is the sandbox's own (QuickJS), and the binaries under `node_modules/.bin` are callable
 * by name, as npm puts them on PATH. `npx BIN` runs a local binary the same way. Everything that
 * needs the registry is refused with a message pointing at WebContainer, which has a real npm.
 */
export const VIRTUAL_NPM_VERSION = '0.0.0-virtual';

type CommandResult = { stdout: string; stderr: string; exitCode: number };

const PackageJsonSchema = z.object({
  name: z.string().optional(),
  version: z.string().optional(),
  scripts: z.record(z.string(), z.unknown()).optional(),
});

interface PackageInfo {
  path: string;
  name: string | undefined;
  version: string | undefined;
  /** Only the scripts whose value is a string, in package.json order. */
  scripts: Map<string, string>;
}

const RUN_ALIASES = new Set(['run', 'run-script', 'rum', 'urn']);
const TEST_ALIASES = new Set(['test', 't', 'tst']);
const SCRIPT_SHORTCUTS = new Set(['start', 'stop']);
const LIFECYCLE_SCRIPTS = new Set(['test', 'start', 'stop', 'restart']);

const USAGE = `npm <command> (virtual sandbox)

Available here:
  npm test [-- <args>]          run the "test" script (also: npm t)
  npm start | npm stop          run the "start" or "stop" script
  npm run <script> [-- <args>]  run a package.json script
  npm run                       list the scripts
  npm --version

  npx <bin> [args]              run a binary from node_modules/.bin

Options: -s/--silent (no banner), --if-present (no error for a missing script).
Scripts run with this sandbox's node (QuickJS). Installing packages needs the network,
which the virtual sandbox does not have: use the WebContainer sandbox for that.
`;

function fail(lines: string[], exitCode: number): CommandResult {
  return { stdout: '', stderr: lines.map((line) => (line ? `npm error ${line}\n` : 'npm error\n')).join(''), exitCode };
}

function notAvailable(what: string): CommandResult {
  return fail(
    [
      `${what} is not available in the virtual sandbox: it has no network access,`,
      'so packages cannot be installed or downloaded here.',
      'Available here: npm test, npm start, npm stop, npm run <script>, npm --version, npx <local bin>.',
      'The WebContainer sandbox provides a real npm.',
    ],
    1,
  );
}

async function readPackage(ctx: ResolvedCommandContext): Promise<PackageInfo | CommandResult> {
  const path = joinPath(ctx.cwd, 'package.json');
  if (!(await ctx.fs.exists(path))) {
    return fail(
      [
        'code ENOENT',
        'syscall open',
        `path ${path}`,
        'errno -2',
        `enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${path}'`,
        'enoent This is related to npm not being able to find a file.',
      ],
      254,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(await ctx.fs.readFile(path));
  } catch (error) {
    const reason = messageOf(error);
    return fail(
      [
        'code EJSONPARSE',
        `JSON.parse Invalid package.json: ${reason}`,
        'JSON.parse Failed to parse JSON data.',
        'JSON.parse Note: package.json must be actual JSON, not just JavaScript.',
      ],
      1,
    );
  }
  const parsed = PackageJsonSchema.safeParse(json);
  if (!parsed.success) {
    return fail(['code EJSONPARSE', `Invalid package.json at ${path}: ${z.prettifyError(parsed.error)}`], 1);
  }
  const scripts = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed.data.scripts ?? {})) {
    if (typeof value === 'string') scripts.set(name, value);
  }
  return { path, name: parsed.data.name, version: parsed.data.version, scripts };
}

function packageId(pkg: PackageInfo): string {
  if (pkg.name === undefined) return '';
  return pkg.version === undefined ? pkg.name : `${pkg.name}@${pkg.version}`;
}

function listScripts(pkg: PackageInfo): CommandResult {
  const lifecycle = [...pkg.scripts].filter(([name]) => LIFECYCLE_SCRIPTS.has(name));
  const others = [...pkg.scripts].filter(([name]) => !LIFECYCLE_SCRIPTS.has(name));
  const block = (entries: [string, string][]) => entries.map(([name, cmd]) => `  ${name}\n    ${cmd}\n`).join('');
  let stdout = '';
  if (lifecycle.length > 0) stdout += `Lifecycle scripts included in ${packageId(pkg) || 'this package'}:\n${block(lifecycle)}`;
  if (others.length > 0) stdout += `available via \`npm run\`:\n${block(others)}`;
  return { stdout, stderr: '', exitCode: 0 };
}

const NPM_VARIABLES = ['npm_lifecycle_event', 'npm_lifecycle_script', 'npm_package_name', 'npm_package_version', 'npm_package_json'];

interface RunRequest {
  script: string;
  args: string[];
  silent: boolean;
  ifPresent: boolean;
}

async function runScript(ctx: ResolvedCommandContext, pkg: PackageInfo, request: RunRequest): Promise<CommandResult> {
  const main = pkg.scripts.get(request.script);
  if (main === undefined) {
    if (request.ifPresent) return { stdout: '', stderr: '', exitCode: 0 };
    return fail([`Missing script: "${request.script}"`, '', 'To see a list of scripts, run:', '  npm run'], 1);
  }
  if (!ctx.exec) return fail(['this shell cannot run subcommands'], 1);
  const exported = ctx.exportedEnv ?? Object.fromEntries(ctx.env);
  // npm's variables reach the script's programs (node's process.env) as exported ones, as in npm.
  // An installed vitest or jest is left to the offline runner of the same name (QuickJS cannot run the real ones).
  const binaries = (await localBinaries(ctx.fs, ctx.cwd)).filter((binary) => !OFFLINE_BINARIES.has(binary.name));
  const prelude = `export ${NPM_VARIABLES.join(' ')}\n${binaryFunctions(binaries)}`;
  let stdout = '';
  let stderr = '';
  // Like npm: the pre- and post- scripts run around the script when present.
  for (const stage of [`pre${request.script}`, request.script, `post${request.script}`]) {
    const body = stage === request.script ? main : pkg.scripts.get(stage);
    if (body === undefined) continue;
    const args = stage === request.script ? request.args : [];
    const shown = [body, ...args].join(' ');
    const runnable = [body, ...args.map(shellQuote)].join(' ');
    if (!request.silent) stdout += `\n> ${[packageId(pkg), stage].filter(Boolean).join(' ')}\n> ${shown}\n\n`;
    const result = await ctx.exec(prelude + runnable, {
      cwd: ctx.cwd,
      signal: ctx.signal,
      env: {
        ...exported,
        npm_lifecycle_event: stage,
        npm_lifecycle_script: body,
        npm_package_name: pkg.name ?? '',
        npm_package_version: pkg.version ?? '',
        npm_package_json: pkg.path,
      },
    });
    stdout += result.stdout;
    stderr += result.stderr;
    if (result.exitCode !== 0) return { stdout, stderr, exitCode: result.exitCode };
  }
  return { stdout, stderr, exitCode: 0 };
}

type NpmRequest =
  { kind: 'version' } | { kind: 'usage'; exitCode: number } | { kind: 'list' } | ({ kind: 'run' } & RunRequest) | { kind: 'unsupported'; subcommand: string };

/** Reads npm's command line: flags before `--` are options, everything after is passed on. */
export function parseNpmArgs(argv: string[]): NpmRequest {
  const split = argv.indexOf('--');
  const before = split === -1 ? argv : argv.slice(0, split);
  const passThrough = split === -1 ? [] : argv.slice(split + 1);
  const positional = before.filter((arg) => !arg.startsWith('-'));
  const flags = new Set(before.filter((arg) => arg.startsWith('-')));
  const silent = flags.has('-s') || flags.has('--silent') || flags.has('--loglevel=silent');
  const ifPresent = flags.has('--if-present');
  const [subcommand, ...rest] = positional;
  if (subcommand === undefined) {
    if (flags.has('-v') || flags.has('--version')) return { kind: 'version' };
    if (flags.has('-h') || flags.has('--help')) return { kind: 'usage', exitCode: 0 };
    return { kind: 'usage', exitCode: 1 };
  }
  if (subcommand === 'help') return { kind: 'usage', exitCode: 0 };
  const run = (script: string, args: string[]): NpmRequest => ({ kind: 'run', script, args, silent, ifPresent });
  if (TEST_ALIASES.has(subcommand)) return run('test', [...rest, ...passThrough]);
  if (SCRIPT_SHORTCUTS.has(subcommand)) return run(subcommand, [...rest, ...passThrough]);
  if (RUN_ALIASES.has(subcommand)) {
    const [script, ...args] = rest;
    return script === undefined ? { kind: 'list' } : run(script, [...args, ...passThrough]);
  }
  return { kind: 'unsupported', subcommand };
}

export const npmCommand: Command = defineCommand('npm', async (argv, ctx) => {
  const request = parseNpmArgs(argv);
  switch (request.kind) {
    case 'version':
      return { stdout: `${VIRTUAL_NPM_VERSION}\n`, stderr: '', exitCode: 0 };
    case 'usage':
      return request.exitCode === 0 ? { stdout: USAGE, stderr: '', exitCode: 0 } : { stdout: '', stderr: USAGE, exitCode: request.exitCode };
    case 'unsupported':
      return notAvailable(`\`npm ${request.subcommand}\``);
    case 'list':
    case 'run': {
      const pkg = await readPackage(ctx);
      if (!('scripts' in pkg)) return pkg;
      return request.kind === 'list' ? listScripts(pkg) : runScript(ctx, pkg, request);
    }
  }
});

/** npx's own flags that need no network (the rest are refused): `-y`, `--no-install`, and so on. */
const NPX_HARMLESS_FLAGS = new Set(['-y', '--yes', '--no', '--no-install', '-q', '--quiet', '--offline', '--prefer-offline']);

/** Binaries npx hands to the sandbox's own commands, installed or not: Phasegate's offline vitest/jest runner. */
const OFFLINE_BINARIES = new Set(['vitest', 'jest']);

/** `npx BIN [args]`: the offline runner for vitest and jest, else a binary from node_modules/.bin, through this sandbox's node when it is JavaScript. */
export const npxCommand: Command = defineCommand('npx', async (argv, ctx) => {
  let at = 0;
  while (at < argv.length && NPX_HARMLESS_FLAGS.has(argv[at] ?? '')) at++;
  const name = argv[at];
  if (name === undefined || name.startsWith('-')) return notAvailable(name === undefined ? '`npx` without a binary' : `\`npx ${name}\``);
  if (!ctx.exec) return fail(['this shell cannot run subcommands'], 1);
  const env = ctx.exportedEnv ?? Object.fromEntries(ctx.env);
  if (OFFLINE_BINARIES.has(name)) {
    const { stdout, stderr, exitCode } = await ctx.exec(argv.slice(at).map(shellQuote).join(' '), { cwd: ctx.cwd, signal: ctx.signal, env });
    return { stdout, stderr, exitCode };
  }
  const binary = await findLocalBinary(ctx.fs, ctx.cwd, name);
  if (binary === null) {
    return fail(
      [
        `could not find '${name}' in node_modules/.bin here or in a folder above,`,
        'and the virtual sandbox cannot download packages (no network access).',
        'Add the package under node_modules, or use the WebContainer sandbox.',
      ],
      1,
    );
  }
  const { stdout, stderr, exitCode } = await ctx.exec(binaryCommandLine(binary, argv.slice(at + 1)), { cwd: ctx.cwd, signal: ctx.signal, env });
  return { stdout, stderr, exitCode };
});
