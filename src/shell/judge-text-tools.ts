import { scanAwkProgram } from './awk-program';
import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { applyOptionRules } from './judge-options';
import { hasOption, optionIs, parseOptions } from './options';
import { isHarmlessSink } from './paths';
import { scanSedScript } from './sed-script';
import type { OptionRules } from './table-types';
import { AWK_PROGRAM_OPTIONS, AWK_RULES, AWK_SAFE_W_OPTIONS, SED_RULES, SED_SCRIPT_OPTIONS, TEE_SYNTAX } from './text-tool-tables';
import type { Arg } from './words';
import { reportWriteTarget, writtenPath } from './write-targets';

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

/** awk: read-only unless its program or its options write files, run commands, or load code. */
export function judgeAwk(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, AWK_RULES, ctx.safeVars);
  applyOptionRules(call, AWK_RULES, ctx, parsed);
  for (const option of parsed.options.filter((o) => o.name === '-W')) {
    const word = option.value?.text;
    const name = word?.split('=')[0];
    if (name == null || !AWK_SAFE_W_OPTIONS.has(name))
      ctx.report('effect', `${call.shown} passes '-W ${option.value?.shown ?? ''}', which can run a program file or write files (awk -W)`);
  }
  const programOptions = parsed.options.filter((o) => AWK_PROGRAM_OPTIONS.some((k) => optionIs(o.name, k)));
  const programs: (Arg | null)[] = programOptions.map((o) => o.value);
  if (programs.length === 0 && !hasOption(parsed, ['-f', '--file', '-E', '--exec'])) programs.push(parsed.operands[0] ?? null);
  for (const program of programs) {
    if (program === null) continue;
    if (program.text === null) {
      ctx.report('effect', `${call.shown}: the awk program '${program.shown}' is not a literal word, so what it does cannot be checked`);
      continue;
    }
    const effects = scanAwkProgram(program.text);
    if (effects.runs) ctx.report('effect', `${call.shown} ${effects.runs}`);
    if (effects.writes) ctx.report('effect', `${call.shown} ${effects.writes}`);
    if (effects.unreadable) ctx.report('effect', `${call.shown}: could not read the awk program (${effects.unreadable})`);
  }
}

const LESS_RULES: OptionRules = {
  valued: ['-o', '-O', '--log-file', '--LOG-FILE', '-b', '-h', '-j', '-k', '-p', '-P', '-t', '-T', '-x', '-y', '-z', '--tabs', '--pattern', '--lesskey-file'],
  writes: {
    '-o': 'copies its input to a log file (less -o)',
    '-O': 'copies its input to a log file (less -O)',
    '--log-file': 'copies its input to a log file',
    '--LOG-FILE': 'copies its input to a log file',
  },
};

/**
 * less: a pager, read-only unless it logs to a file, or a `+CMD` start
 * command runs a shell command (`!`, `|`), an editor (`v`) or saves (`s`).
 */
export function judgeLess(call: Call, ctx: JudgeContext): void {
  applyOptionRules(call, LESS_RULES, ctx);
  for (const arg of call.args) {
    const command = arg.text?.startsWith('+') ? arg.text.slice(1).replace(/^\+/, '') : null;
    if (command !== null && /^[0-9]*[!|#vs]|[!|]/.test(command))
      ctx.report('effect', `${call.shown} starts with the less command '${command}', which can run programs or write a file`);
  }
}

/** tee: writes every file operand (except /dev/null and the like). */
export function judgeTee(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, TEE_SYNTAX, ctx.safeVars);
  const append = hasOption(parsed, ['-a', '--append']) !== undefined;
  for (const target of [...parsed.operands, ...parsed.unknown]) {
    if (target.text !== null && isHarmlessSink(target.text)) continue;
    ctx.report('effect', `${call.shown} writes to '${target.shown}'`, writtenPath(target, ctx));
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
