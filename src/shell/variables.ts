import { CONFIG_LOCATION_VARIABLES, DANGEROUS_VARIABLE_PREFIXES, DANGEROUS_VARIABLES } from './command-tables';
import type { JudgeContext } from './judge-context';

/**
 * Command substitution syntax kept as plain text. Bash runs it later if the
 * text reaches arithmetic (`[[ $x -eq 1 ]]`, `(( x ))`, array subscripts),
 * `eval`, or a prompt variable, so storing it is not read-only.
 */
export function mayHideCode(text: string): boolean {
  return text.includes('$(') || text.includes('`');
}

/** A variable whose value decides which programs later commands run (PATH, PAGER, LD_PRELOAD, HOME…). */
export function isDangerousVariable(name: string): boolean {
  return DANGEROUS_VARIABLES.has(name) || CONFIG_LOCATION_VARIABLES.has(name) || DANGEROUS_VARIABLE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** `NAME` of `NAME=…`, `NAME+=…` or `NAME[sub]=…`, without the subscript. */
export function variableName(name: string): string {
  const cut = name.search(/[[+=]/);
  return cut === -1 ? name : name.slice(0, cut);
}

/**
 * Judges setting a variable: names that make later programs run code
 * (PAGER, LD_PRELOAD, BASH_ENV…), and values or subscripts that hide
 * command substitutions.
 */
export function checkVariableSetting(name: string, literalValue: string, shown: string, ctx: JudgeContext): void {
  const base = variableName(name);
  if (isDangerousVariable(base)) {
    ctx.report('effect', `${shown} sets ${base}, which can make later commands run other programs`);
  }
  if (ctx.persistent && (base === 'BASH_CMDS' || base === 'BASH_ALIASES')) {
    ctx.report('destructive', `${shown} makes a command name run something else for every later command in this shell (${base})`);
  }
  if (mayHideCode(name.slice(base.length)) || mayHideCode(literalValue)) {
    ctx.report('effect', `${shown} stores command substitution syntax in ${base}, which bash can run later (arithmetic, eval, prompts)`);
  }
}
