import type { Call } from './call';
import { COMMANDS } from './command-tables';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { checkNpmrc, checkYarnRelease, findPackageJson, NPM_LIFECYCLE, type PackageJson, runPackageScripts, withPrePost } from './judge-package-scripts';
import { judgeTestRun } from './judge-test-runners';
import { judgeJoined } from './judge-wrappers';
import { optionIs, type ParsedOption, parseOptions, splitLeadingOptions } from './options';
import { changeDirectory } from './paths';
import type { BuildToolSpec, LauncherSpec, PackageManagerSpec, SubcommandToolSpec } from './table-types';
import { NODE_TOOLS } from './tool-tables';
import { type Arg, literalArg } from './words';

const INSTALLS = new Set('install i in ins inst insta instal isnt isnta isntal add ci clean-install install-test it install-clean ic'.split(' '));

/** The subcommand of `npm`, `go`, `cargo`…, after the options before it; null when the call is already judged. */
function leadingSubcommand(
  call: Call,
  spec: SubcommandToolSpec,
  ctx: JudgeContext,
): { sub: string; subArgs: Arg[]; rest: Arg[]; options: ParsedOption[] } | null {
  const { options, rest } = splitLeadingOptions(call.args, spec.syntax, ctx.safeVars);
  const [subWord, ...subArgs] = rest;
  if (!subWord) {
    if (spec.alone) ctx.report('effect', `${call.shown} ${spec.alone}`);
    return null;
  }
  const sub = subWord.text;
  if (sub === null) {
    ctx.report('effect', `${call.shown}: the ${call.name} command '${subWord.shown}' is not a literal word`);
    return null;
  }
  return { sub, subArgs, rest, options };
}

/** A subcommand the tables list as read-only, judged by the option rules that still apply; false when not listed. */
function judgeReadonlySubcommand(call: Call, spec: SubcommandToolSpec, sub: string, subArgs: Arg[], ctx: JudgeContext): boolean {
  const rules = spec.readonly[sub];
  if (rules === undefined) return false;
  if (rules !== true) applyOptionRules({ name: `${call.name} ${sub}`, args: subArgs, shown: call.shown }, rules, ctx);
  return true;
}

function judgeNetworkSubcommand(call: Call, spec: SubcommandToolSpec, sub: string, ctx: JudgeContext): boolean {
  if (!spec.network?.includes(sub)) return false;
  ctx.report('effect', `${call.shown} queries a registry or server (${call.name} ${sub}): network access is not read-only`);
  return true;
}

/** go, cargo, pip, bundle, deno…: read-only, test or other subcommands. */
export function judgeSubcommandTool(call: Call, spec: SubcommandToolSpec, ctx: JudgeContext): void {
  const leading = leadingSubcommand(call, spec, ctx);
  if (!leading) return;
  const { sub, subArgs } = leading;
  if (spec.tests?.includes(sub)) return judgeTestRun(call, `${call.name} ${sub}`, subArgs, ctx);
  if (spec.launches?.includes(sub)) {
    if (spec.launchProjectCode) ctx.report('test', `${call.shown} ${spec.launchProjectCode}`);
    const launched = splitLeadingOptions(subArgs, {}, ctx.safeVars).rest;
    if (launched.length > 0) ctx.judgeArgv(launched);
    return;
  }
  if (judgeNetworkSubcommand(call, spec, sub, ctx)) return;
  if (judgeReadonlySubcommand(call, spec, sub, subArgs, ctx)) return;
  const nested = spec.nested?.[sub];
  if (nested) {
    const second = parseOptions(subArgs, {}, ctx.safeVars).operands[0]?.text;
    if (second != null && nested.includes(second)) return;
  }
  ctx.report('effect', `${call.shown} ${spec.what}`);
}

/**
 * npm, pnpm, yarn, bun: scripts from package.json (judged by their text),
 * package binaries, read-only queries, registry queries, installs.
 */
export function judgePackageManager(call: Call, spec: PackageManagerSpec, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, spec.syntax, ctx.safeVars);
  const dirOption = options.find((o) => spec.dirOptions.some((k) => optionIs(o.name, k)));
  const start = dirOption ? changeDirectory(ctx.where.cwd, dirOption.value?.text ?? null) : ctx.where.cwd;
  if (call.name === 'yarn') checkYarnRelease(call, start, ctx);
  const [subWord, ...subArgs] = rest;
  const flags = [...options.map((o) => o.name), ...call.args.map((a) => (a.text ?? '').split('=')[0] ?? '')];
  const scripts = new ScriptRunner(call, spec, start, flags, ctx);
  if (!subWord) {
    if (spec.alone) ctx.report('effect', `${call.shown} ${spec.alone}`);
    if (call.name === 'yarn') scripts.lifecycle(NPM_LIFECYCLE.install ?? []);
    return;
  }
  const sub = subWord.text;
  if (sub === null) {
    ctx.report('effect', `${call.shown}: the ${call.name} command '${subWord.shown}' is not a literal word`);
    return;
  }
  if (spec.ownTestRunner === sub) return judgeTestRun(call, `${call.name} ${sub}`, subArgs, ctx);
  if (spec.tests?.includes(sub)) return scripts.run('test', scriptArguments(subArgs));
  if (spec.runScript.includes(sub)) {
    const name = parseOptions(subArgs, {}, ctx.safeVars).operands[0];
    if (!name) return; // lists the scripts
    if (name.text === null)
      return void ctx.report('unparsed', `${call.shown} runs a package script named by '${name.shown}', which is only known when it runs`);
    return scripts.run(name.text, scriptArguments(subArgs.slice(subArgs.indexOf(name) + 1)));
  }
  if (spec.execs.includes(sub)) {
    judgeLaunched(call, splitLeadingOptions(subArgs, { valued: ['-p', '--package', '-c', '--call'] }, ctx.safeVars).rest, `${call.name} ${sub}`, ctx);
    return;
  }
  if (call.name === 'npm' && ['start', 'stop', 'restart'].includes(sub)) return scripts.runNpmService(sub, scriptArguments(subArgs));
  if (spec.workspaceOptions.includes(sub) && !spec.nested?.[sub]?.includes(parseOptions(subArgs, {}, ctx.safeVars).operands[0]?.text ?? '')) {
    ctx.report('unparsed', `${call.shown} runs commands in other packages of the workspace, which are not followed`);
    return;
  }
  if (judgeNetworkSubcommand(call, spec, sub, ctx)) return;
  if (judgeReadonlySubcommand(call, spec, sub, subArgs, ctx)) {
    // `npm pack --dry-run` still runs prepack and prepare; `npm version X` runs its own lifecycle.
    if (call.name === 'npm' && sub === 'pack') scripts.lifecycle(NPM_LIFECYCLE.pack ?? []);
    if (call.name === 'npm' && sub === 'version' && parseOptions(subArgs, {}, ctx.safeVars).operands.length > 0) scripts.lifecycle(NPM_LIFECYCLE.version ?? []);
    return;
  }
  checkScriptConfig(call, sub, subArgs, ctx);
  const nested = spec.nested?.[sub];
  if (nested) {
    const second = parseOptions(subArgs, {}, ctx.safeVars).operands[0]?.text;
    if (second == null || nested.includes(second)) return;
    ctx.report('effect', `${call.shown} changes ${call.name} ${sub}`);
    return;
  }
  if (spec.changes.includes(sub)) {
    ctx.report('effect', `${call.shown} ${spec.what}`);
    scripts.lifecycle(lifecycleOf(call.name, sub) ?? []);
    return;
  }
  if (spec.otherIsScript) return scripts.runOrLaunch(sub, rest);
  ctx.report('effect', `${call.shown} runs '${call.name} ${sub}', which is not a known read-only ${call.name} command`);
}

/** Settings that change how every later package script runs (another shell, code preloaded into node). */
const SCRIPT_SETTINGS = /^(script-shell|node-options|shell|onload-script|init-module|yarn-?path)$/i;

/** `npm config set script-shell …`, `npm set node-options=…`: planting code for later scripts, which cannot be judged. */
function checkScriptConfig(call: Call, sub: string, args: readonly Arg[], ctx: JudgeContext): void {
  const operands = parseOptions(args, {}, ctx.safeVars);
  const words = args.filter((a) => operands.operands.includes(a) || operands.unknown.includes(a));
  const key = sub === 'set' ? words[0] : sub === 'config' && words[0]?.text === 'set' ? words[1] : undefined;
  if (key && (key.text === null || SCRIPT_SETTINGS.test(key.text.split('=')[0] ?? ''))) {
    ctx.report('unparsed', `${call.shown} sets '${key.shown}', which changes how later package scripts run, so they could not be judged`);
  }
}

/** The lifecycle scripts a package command runs, if any. */
function lifecycleOf(manager: string, sub: string): readonly string[] | undefined {
  if (INSTALLS.has(sub)) return NPM_LIFECYCLE.install;
  if (manager !== 'npm') return undefined;
  if (sub === 'rebuild' || sub === 'rb') return NPM_LIFECYCLE.rebuild;
  if (sub === 'publish') return NPM_LIFECYCLE.publish;
  if (sub === 'version') return NPM_LIFECYCLE.version;
  return undefined;
}

/** The words after the script name, without the `--` that hands them to the script. */
function scriptArguments(args: readonly Arg[]): Arg[] {
  return args.filter((a) => a.text !== '--');
}

/** Runs package scripts for one package-manager call, once package.json is found. */
class ScriptRunner {
  private pkg: PackageJson | 'missing' | null | undefined;

  constructor(
    private readonly call: Call,
    private readonly spec: PackageManagerSpec,
    private readonly start: string | null,
    private readonly flags: readonly string[],
    private readonly ctx: JudgeContext,
  ) {}

  private load(): PackageJson | 'missing' | null {
    if (this.pkg !== undefined) return this.pkg;
    const workspaces = this.flags.find((f) => this.spec.workspaceOptions.some((k) => f.startsWith('-') && optionIs(f, k)));
    if (workspaces) {
      this.ctx.report('unparsed', `${this.call.shown} runs scripts of other packages of the workspace (${workspaces}), which are not followed`);
      return (this.pkg = null);
    }
    if (this.flags.some((f) => optionIs(f, '--script-shell'))) {
      this.ctx.report('unparsed', `${this.call.shown} runs package scripts with another shell (--script-shell), so they cannot be judged`);
      return (this.pkg = null);
    }
    const npmrc = this.call.name === 'npm' || this.call.name === 'pnpm';
    let pkg = findPackageJson(this.call, this.start, this.ctx, npmrc ? ['.npmrc'] : []);
    if (pkg && pkg !== 'missing' && npmrc && !checkNpmrc(this.call, pkg, this.ctx)) pkg = null;
    return (this.pkg = pkg);
  }

  /** `npm run NAME ARGS`: preNAME, NAME with ARGS, postNAME. */
  run(name: string, args: readonly Arg[]): void {
    const pkg = this.load();
    if (pkg === 'missing') this.ctx.report('effect', `${this.call.shown} runs the package script "${name}", but there is no package.json`);
    else if (pkg) runPackageScripts(this.call, pkg, withPrePost(name), name, args, this.ctx);
  }

  /** Scripts npm runs around its own commands (install, pack…), unless --ignore-scripts. */
  lifecycle(names: readonly string[]): void {
    if (names.length === 0 || this.flags.some((f) => optionIs(f, '--ignore-scripts'))) return;
    const pkg = this.load();
    if (pkg && pkg !== 'missing') runPackageScripts(this.call, pkg, names, null, [], this.ctx);
  }

  /** `npm start` runs `node server.js` without a start script; `npm restart` runs stop and start without a restart script. */
  runNpmService(sub: string, args: readonly Arg[]): void {
    const pkg = this.load();
    if (pkg === 'missing') return void this.ctx.report('effect', `${this.call.shown} runs the package script "${sub}", but there is no package.json`);
    if (!pkg) return;
    if (sub === 'restart' && pkg.scripts.restart === undefined) {
      runPackageScripts(this.call, pkg, ['prerestart', ...withPrePost('stop'), ...withPrePost('start'), 'postrestart'], 'start', args, this.ctx);
      return;
    }
    runPackageScripts(this.call, pkg, withPrePost(sub), sub, args, this.ctx);
    if (sub === 'start' && pkg.scripts.start === undefined) this.ctx.judgeArgv([literalArg('node'), literalArg('server.js')]);
  }

  /** `yarn build`, `pnpm vitest`: the script of that name, or else the package binary. */
  runOrLaunch(name: string, rest: readonly Arg[]): void {
    const pkg = this.load();
    if (pkg === null) return;
    if (pkg !== 'missing' && pkg.scripts[name] !== undefined) {
      runPackageScripts(this.call, pkg, withPrePost(name), name, scriptArguments(rest.slice(1)), this.ctx);
      return;
    }
    judgeLaunched(this.call, rest, this.call.name, this.ctx);
  }
}

/** npx, bunx: run a package binary; known tools are judged by name. */
export function judgeLauncher(call: Call, spec: LauncherSpec, ctx: JudgeContext): void {
  const { options, rest } = splitLeadingOptions(call.args, spec.syntax, ctx.safeVars);
  const shellString = options.find((o) => spec.shellStringOptions?.some((k) => optionIs(o.name, k)));
  if (shellString) {
    ctx.report('effect', `${call.shown} runs a command line given as a string (${shellString.name})`);
    if (shellString.value) judgeJoined([shellString.value], call, ctx);
    return;
  }
  judgeLaunched(call, rest, spec.label, ctx);
}

/** A package binary runs from node_modules (project code) or is downloaded; known tools are also judged by name. */
function judgeLaunched(call: Call, argv: readonly Arg[], label: string, ctx: JudgeContext): void {
  const [tool, ...args] = argv;
  if (!tool) return;
  const name = tool.text === null ? null : packageBinary(tool.text);
  if (name !== null && NODE_TOOLS.has(name)) {
    ctx.report('test', `${call.shown} runs '${name}' from the project's node_modules, which is project code (allowed where tests are)`);
    ctx.judgeArgv([literalArg(name), ...args]);
    return;
  }
  ctx.report('effect', `${call.shown} runs the package binary '${tool.shown}' (${label})`);
  // A name that is also a system command may resolve to it: judge that too (for destructive findings).
  if (name !== null && COMMANDS[name]) ctx.judgeArgv(argv);
}

/** `vitest@1.6` → `vitest`; scoped or versioned names of other packages stay as they are. */
function packageBinary(spec: string): string {
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

/** make, mvn, gradle: targets decide between tests, reports and builds. */
export function judgeBuildTool(call: Call, spec: BuildToolSpec, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, spec.syntax, ctx.safeVars);
  const targets = parsed.operands.filter((t) => !(spec.variableOperands && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(t.lead) || /^\d+$/.test(t.text ?? ''))));
  if (targets.length === 0) {
    ctx.report('effect', `${call.shown} runs the default ${spec.label} target`);
    return;
  }
  const texts = targets.map((t) => t.text);
  if (texts.every((t) => t !== null && spec.testTargets.test(t))) ctx.report('test', `${call.shown} runs tests`);
  else if (texts.every((t) => t !== null && spec.readonlyTargets?.includes(t))) ctx.report('test', `${call.shown} ${spec.readonlyWhat ?? 'runs project code'}`);
  else ctx.report('effect', `${call.shown} runs ${spec.label} targets that build or change files`);
}
