import type { Call } from './call';
import { type BuildToolSpec, COMMANDS, type LauncherSpec, NODE_TOOLS, type PackageManagerSpec, type SubcommandToolSpec } from './command-tables';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { optionIs, parseOptions, splitLeadingOptions } from './options';
import { type Arg, literalArg } from './words';
import { judgeJoined } from './judge-wrappers';

const TEST_SCRIPT = /^test([:\-_.][\w:.-]*)?$/;

/**
 * The subcommand of `npm`, `go`, `cargo`…, after the options before it; null when the call is
 * already judged (no subcommand, a subcommand that is not a literal word, or a test run).
 */
function leadingSubcommand(call: Call, spec: SubcommandToolSpec, ctx: JudgeContext): { sub: string; subArgs: Arg[]; rest: Arg[] } | null {
  const { rest } = splitLeadingOptions(call.args, spec.syntax, ctx.safeVars);
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
  if (spec.tests?.includes(sub)) {
    ctx.report('test', `${call.shown} runs tests`);
    return null;
  }
  return { sub, subArgs, rest };
}

/** A subcommand the tables list as read-only, judged by the option rules that still apply; false when not listed. */
function judgeReadonlySubcommand(call: Call, spec: SubcommandToolSpec, sub: string, subArgs: Arg[], ctx: JudgeContext): boolean {
  const rules = spec.readonly[sub];
  if (rules === undefined) return false;
  if (rules !== true) applyOptionRules({ name: `${call.name} ${sub}`, args: subArgs, shown: call.shown }, rules, ctx);
  return true;
}

/** go, cargo, pip, bundle, deno…: read-only, test or other subcommands. */
export function judgeSubcommandTool(call: Call, spec: SubcommandToolSpec, ctx: JudgeContext): void {
  const leading = leadingSubcommand(call, spec, ctx);
  if (!leading) return;
  const { sub, subArgs } = leading;
  if (spec.launches?.includes(sub)) {
    const launched = splitLeadingOptions(subArgs, {}, ctx.safeVars).rest;
    if (launched.length > 0) ctx.judgeArgv(launched);
    return;
  }
  if (judgeReadonlySubcommand(call, spec, sub, subArgs, ctx)) return;
  const nested = spec.nested?.[sub];
  if (nested) {
    const second = parseOptions(subArgs, {}, ctx.safeVars).operands[0]?.text;
    if (second != null && nested.includes(second)) return;
  }
  ctx.report('effect', `${call.shown} ${spec.what}`);
}

/** npm, pnpm, yarn, bun: tests, scripts, package binaries, read-only queries, installs. */
export function judgePackageManager(call: Call, spec: PackageManagerSpec, ctx: JudgeContext): void {
  const leading = leadingSubcommand(call, spec, ctx);
  if (!leading) return;
  const { sub, subArgs, rest } = leading;
  if (spec.runScript.includes(sub)) {
    judgeScript(call, parseOptions(subArgs, {}, ctx.safeVars).operands[0], ctx);
    return;
  }
  if (spec.execs.includes(sub)) {
    judgeLaunched(call, splitLeadingOptions(subArgs, { valued: ['-p', '--package', '-c', '--call'] }, ctx.safeVars).rest, `${call.name} ${sub}`, ctx);
    return;
  }
  if (judgeReadonlySubcommand(call, spec, sub, subArgs, ctx)) return;
  const nested = spec.nested?.[sub];
  if (nested) {
    const second = parseOptions(subArgs, {}, ctx.safeVars).operands[0]?.text;
    if (second == null || nested.includes(second)) return;
    ctx.report('effect', `${call.shown} changes ${call.name} ${sub}`);
    return;
  }
  if (spec.changes.includes(sub)) {
    ctx.report('effect', `${call.shown} ${spec.what}`);
    return;
  }
  if (spec.otherIsScript) {
    if (TEST_SCRIPT.test(sub)) ctx.report('test', `${call.shown} runs tests`);
    else if (NODE_TOOLS.has(sub)) ctx.judgeArgv(rest);
    else ctx.report('effect', `${call.shown} runs the package script or binary '${sub}'`);
    return;
  }
  if (['start', 'stop', 'restart'].includes(sub)) ctx.report('effect', `${call.shown} runs the package script '${sub}'`);
  else ctx.report('effect', `${call.shown} runs '${call.name} ${sub}', which is not a known read-only ${call.name} command`);
}

function judgeScript(call: Call, script: Arg | undefined, ctx: JudgeContext): void {
  if (!script) return; // lists the scripts
  if (script.text === null) ctx.report('effect', `${call.shown} runs a package script named by '${script.shown}', which is not a literal word`);
  else if (TEST_SCRIPT.test(script.text)) ctx.report('test', `${call.shown} runs tests`);
  else ctx.report('effect', `${call.shown} runs the package script '${script.text}'`);
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

function judgeLaunched(call: Call, argv: readonly Arg[], label: string, ctx: JudgeContext): void {
  const [tool, ...args] = argv;
  if (!tool) return;
  const name = tool.text === null ? null : packageBinary(tool.text);
  if (name !== null && NODE_TOOLS.has(name)) {
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
  else if (texts.every((t) => t !== null && spec.readonlyTargets?.includes(t))) return;
  else ctx.report('effect', `${call.shown} runs ${spec.label} targets that build or change files`);
}
