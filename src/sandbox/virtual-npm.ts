import { type Command, defineCommand, type ResolvedCommandContext } from 'just-bash';
import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { joinPath } from './paths';

/**
 * `npm` for the virtual sandbox: runs package.json scripts through the same
 * just-bash shell, in the current directory, with npm's banner and error
 * wording. Everything that needs the registry or Node.js is refused with a
 * message pointing at WebContainer, which has a real npm.
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

Options: -s/--silent (no banner), --if-present (no error for a missing script).
Installing packages or running Node.js needs the WebContainer sandbox.
`;

function fail(lines: string[], exitCode: number): CommandResult {
  return { stdout: '', stderr: lines.map((line) => (line ? `npm error ${line}\n` : 'npm error\n')).join(''), exitCode };
}

function notAvailable(what: string): CommandResult {
  return fail(
    [
      `${what} is not available in the virtual sandbox: it has no network access and no Node.js,`,
      'so packages cannot be installed or executed here.',
      'Available here: npm test, npm start, npm stop, npm run <script>, npm --version.',
      'The WebContainer sandbox provides a real npm.',
    ],
    1,
  );
}

/** Quotes an argument for the shell unless it is plainly safe. */
function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_/.,:=+@%^-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
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
    const result = await ctx.exec(runnable, {
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

/** Binaries npx hands to the sandbox's own commands: Phasegate's offline vitest/jest runner. */
const OFFLINE_BINARIES = new Set(['vitest', 'jest']);

export const npxCommand: Command = defineCommand('npx', async (argv, ctx) => {
  const at = argv.findIndex((arg) => !arg.startsWith('-'));
  if (at < 0 || !OFFLINE_BINARIES.has(argv[at] ?? '') || !ctx.exec) return notAvailable('`npx`');
  const result = await ctx.exec(argv.slice(at).map(shellQuote).join(' '), {
    cwd: ctx.cwd,
    signal: ctx.signal,
    env: ctx.exportedEnv ?? Object.fromEntries(ctx.env),
  });
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
});
