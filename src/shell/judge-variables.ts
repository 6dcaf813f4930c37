import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { judgePrintf } from './judge-printf';
import { type ParsedArgv, parseOptions } from './options';
import { checkVariableSetting, isDangerousVariable, mayHideCode, variableName } from './variables';
import type { Arg } from './words';

/** Options of declare-like builtins that take a value. */
const VALUED: Readonly<Record<string, readonly string[]>> = {
  read: ['-a', '-d', '-i', '-n', '-N', '-p', '-t', '-u'],
  mapfile: ['-d', '-n', '-O', '-s', '-u', '-C', '-c'],
  readarray: ['-d', '-n', '-O', '-s', '-u', '-C', '-c'],
  getopts: [],
};

/** declare/typeset attributes that outlive the command: exported, read-only, traced. */
const LASTING_ATTRIBUTES = /[xrt]/;

/**
 * declare, export, local, readonly, read, unset, printf -v…: setting a plain
 * shell variable is read-only (later commands are judged with its value
 * unknown) except for variables that make programs run code, and values or
 * array subscripts that hide command substitutions, and names only known
 * when the command runs (they could be any of those). Exporting, making
 * read-only and unsetting change the session shell for later commands.
 */
export function judgeVariables(call: Call, ctx: JudgeContext): void {
  if (call.name === 'printf') return judgePrintf(call, ctx);
  if (call.name === 'let') return; // its words are arithmetic, judged where the command is walked
  const parsed = parseOptions(call.args, { valued: VALUED[call.name] ?? [] }, ctx.safeVars);
  if (call.name === 'mapfile' || call.name === 'readarray') {
    if (parsed.options.some((o) => o.name === '-C')) ctx.report('effect', `${call.shown} runs a callback for every line (${call.name} -C)`);
  }
  const names = [...parsed.operands, ...parsed.unknown];
  const nameref = call.name !== 'read' && parsed.options.some((o) => o.name === '-n');
  const unnamed = (arg: Arg) =>
    ctx.report(
      'effect',
      `${call.shown} ${call.name === 'unset' ? 'removes' : 'sets'} a variable named only when it runs ('${arg.shown}'), which could be PATH or a subscript that runs code`,
    );
  const looksUp = parsed.options.some((o) => (call.name === 'unset' ? o.name === '-f' : /^-[pfF]$/.test(o.name)));
  // getopts OPTSTRING NAME: the first operand is not a variable.
  for (const arg of call.name === 'getopts' ? names.slice(1, 2) : names) {
    if (arg.text === null && !arg.lead.includes('=') && !looksUp) unnamed(arg);
    const text = arg.text ?? arg.lead;
    const eq = text.indexOf('=');
    const name = eq === -1 ? text : text.slice(0, eq);
    const value = eq === -1 ? '' : text.slice(eq + 1);
    if (call.name !== 'unset') checkVariableSetting(name, value, call.shown, ctx);
    // `declare -n ref=PATH`: assigning to ref later sets PATH.
    if (nameref && (arg.text === null || isDangerousVariable(variableName(value))))
      ctx.report(
        'effect',
        `${call.shown} makes '${name}' refer to ${value === '' ? 'a variable named at run time' : value}, which can make later commands run other programs`,
      );
    // unset evaluates a subscript too (`unset 'a[$(cmd)]'`).
    else if (mayHideCode(text)) ctx.report('effect', `${call.shown} evaluates the subscript of '${text}', which holds command substitution syntax`);
    const assigned = call.name === 'read' || call.name === 'getopts' || eq === -1 || arg.text === null ? null : value;
    ctx.noteAssignment(variableName(name), assigned);
  }
  const arrayOption = parsed.options.find((o) => o.name === '-a' && o.value);
  if (arrayOption?.value) {
    if (arrayOption.value.text === null) unnamed(arrayOption.value);
    ctx.noteAssignment(variableName(arrayOption.value.text ?? arrayOption.value.lead), null);
  }
  judgeLastingChange(call, parsed, ctx);
}

function judgeLastingChange(call: Call, parsed: ParsedArgv, ctx: JudgeContext): void {
  if (!ctx.persistent) return;
  const operands = parsed.operands.length + parsed.unknown.length;
  const flags = parsed.options.map((o) => o.name);
  const lasting = (what: string) => ctx.report('effect', `${call.shown} ${what}, which stays in effect for later commands in this shell`);
  switch (call.name) {
    case 'export':
      if (operands > 0) lasting('changes the environment of later commands (export)');
      return;
    case 'readonly':
      if (operands > 0) lasting('makes variables read-only');
      return;
    case 'unset':
      if (operands > 0) lasting('removes variables or functions');
      return;
    case 'declare':
    case 'typeset': {
      const plus = call.args.some((a) => a.text !== null && /^\+[A-Za-z]*[xrt]/.test(a.text));
      const listing = flags.some((f) => /^-[pfF]$/.test(f));
      if (operands > 0 && !listing && (plus || flags.some((f) => LASTING_ATTRIBUTES.test(f.slice(1))))) {
        lasting('exports, traces or freezes variables (declare -x/-r/-t)');
      }
      return;
    }
  }
}
