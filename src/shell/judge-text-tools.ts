import type { Call } from './call';
import { AWK_EFFECTS, AWK_PROGRAM_OPTIONS, AWK_RULES, SED_RULES, SED_SCRIPT_OPTIONS, TEE_SYNTAX } from './command-tables';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { hasOption, optionIs, parseOptions } from './options';
import { isHarmlessSink, isOutsideWorkspace, isRawDevice } from './paths';
import { scanSedScript } from './sed-script';
import type { Arg } from './words';

/** sed: read-only unless -i, a script file, or w/W/e commands in the script. */
export function judgeSed(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, SED_RULES, ctx.safeVars);
  applyOptionRules(call, SED_RULES, ctx, parsed);
  const scriptOptions = parsed.options.filter((o) => SED_SCRIPT_OPTIONS.some((k) => optionIs(o.name, k)));
  const scripts: (Arg | null)[] = scriptOptions.map((o) => o.value);
  if (scripts.length === 0 && !hasOption(parsed, ['-f', '--file'])) scripts.push(parsed.operands[0] ?? null);
  for (const script of scripts) {
    if (script === null) continue;
    if (script.text === null) {
      ctx.report('effect', `${call.shown}: the sed script '${script.shown}' is not a literal word, so what it does cannot be checked`);
      continue;
    }
    const effects = scanSedScript(script.text);
    if (effects.writes) ctx.report('effect', `${call.shown} ${effects.writes}`);
    if (effects.runs) ctx.report('effect', `${call.shown} ${effects.runs}`);
    if (effects.unreadable) ctx.report('effect', `${call.shown}: could not read the sed script (${effects.unreadable})`);
  }
}

/** awk: read-only unless its program writes files, runs commands, or comes from a file. */
export function judgeAwk(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, AWK_RULES, ctx.safeVars);
  applyOptionRules(call, AWK_RULES, ctx, parsed);
  const programOptions = parsed.options.filter((o) => AWK_PROGRAM_OPTIONS.some((k) => optionIs(o.name, k)));
  const programs: (Arg | null)[] = programOptions.map((o) => o.value);
  if (programs.length === 0 && !hasOption(parsed, ['-f', '--file', '-E', '--exec'])) programs.push(parsed.operands[0] ?? null);
  for (const program of programs) {
    if (program === null) continue;
    if (program.text === null) {
      ctx.report('effect', `${call.shown}: the awk program '${program.shown}' is not a literal word, so what it does cannot be checked`);
      continue;
    }
    for (const [pattern, what] of AWK_EFFECTS) {
      if (pattern.test(program.text)) ctx.report('effect', `${call.shown} ${what}`);
    }
  }
}

/** tee: writes every file operand (except /dev/null and the like). */
export function judgeTee(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, TEE_SYNTAX, ctx.safeVars);
  const append = hasOption(parsed, ['-a', '--append']) !== undefined;
  for (const target of [...parsed.operands, ...parsed.unknown]) {
    if (target.text !== null && isHarmlessSink(target.text)) continue;
    ctx.report('effect', `${call.shown} writes to '${target.shown}'`);
    reportWriteTarget(call, target, !append, ctx);
  }
}

/** dd: read-only unless `of=` names an output file. */
export function judgeDd(call: Call, ctx: JudgeContext): void {
  for (const arg of call.args) {
    if (arg.text === null) {
      if (arg.lead === '' || arg.lead.startsWith('of=') || 'of='.startsWith(arg.lead)) {
        ctx.report('effect', `${call.shown}: '${arg.shown}' is not a literal word and could name an output file`);
      }
      continue;
    }
    if (!arg.text.startsWith('of=')) continue;
    const path = arg.text.slice(3);
    if (isHarmlessSink(path)) continue;
    ctx.report('effect', `${call.shown} writes to '${path}'`);
    reportWriteTarget(call, { ...arg, text: path, shown: path }, true, ctx);
  }
}

/** Overwriting a device or a file outside the workspace is destructive. */
export function reportWriteTarget(call: { shown: string }, target: Arg, truncates: boolean, ctx: JudgeContext): void {
  if (target.text === null) return;
  if (isRawDevice(target.text)) ctx.report('destructive', `${call.shown} overwrites the device '${target.text}'`);
  else if (truncates && isOutsideWorkspace(target.text, ctx.where)) ctx.report('destructive', `${call.shown} overwrites '${target.text}' outside the workspace`);
}
