import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { judgeNodeRun } from './judge-package-scripts';
import { judgeScriptFile, judgeShellText, judgeStdinCode } from './judge-scripts';
import { judgeTestRun } from './judge-test-runners';
import { optionIs, type ParsedOption, splitLeadingOptions } from './options';
import type { InterpreterSpec } from './table-types';
import { PYTHON_MODULE_COMMANDS, PYTHON_TEST_MODULES } from './tool-tables';
import { type Arg, literalArg } from './words';

/**
 * Shells and language runtimes. Shell code given inline, as a script file or
 * on standard input is judged like any other command line; other languages'
 * code runs and cannot be judged. Syntax checks are read-only.
 */
export function judgeInterpreter(call: Call, spec: InterpreterSpec, ctx: JudgeContext): void {
  const args = spec.shell ? withoutPlusOptions(call.args) : call.args;
  const terminal = [...spec.inline, ...(spec.moduleOption ? [spec.moduleOption] : []), ...(spec.scriptRunOption ? [spec.scriptRunOption] : [])];
  const syntax = { ...spec.syntax, valued: [...(spec.syntax.valued ?? []), ...terminal], terminal };
  const { options, rest } = splitLeadingOptions(args, syntax, ctx.safeVars);
  const has = (keys: readonly string[] | undefined) => options.find((o) => keys?.some((k) => optionIs(o.name, k)));
  const run = { shell: call.name, childShell: true };

  if (spec.shell) {
    if (has(spec.syntaxCheck)) return; // bash -n: parses only
    const inline = has(spec.inline);
    if (inline) return judgeInlineShell(call, inline, ctx);
    if (has(['-s']) || rest.length === 0) return judgeStdinCode(call, run, ctx);
    return judgeScriptFile(call, rest[0] as Arg, run, ctx);
  }

  const inline = has(spec.inline);
  if (inline) {
    ctx.report('effect', `${call.shown} runs inline ${spec.label} code (${inline.name})`);
    return;
  }
  const scriptRun = spec.scriptRunOption ? has([spec.scriptRunOption]) : undefined;
  if (scriptRun) return judgeNodeRun(call, scriptRun.value, rest, ctx);
  const module = spec.moduleOption ? has([spec.moduleOption]) : undefined;
  if (module) return judgeModule(call, spec, module, rest, has(spec.isolated) !== undefined, ctx);
  const test = has(spec.testOptions);
  if (test)
    return judgeTestRun(
      call,
      `${call.name === 'nodejs' ? 'node' : call.name} ${test.name}`,
      call.args.filter((a) => a.text !== test.name),
      ctx,
    );
  if (has(spec.syntaxCheck)) {
    const preload = has(spec.preload);
    if (preload) ctx.report('effect', `${call.shown} loads code before checking syntax (${preload.name})`);
    return;
  }
  const script = rest[0];
  if (!script || script.text === '-') {
    ctx.report('unparsed', `${call.shown} reads ${spec.label} code from its input and runs it, which cannot be judged`);
    return;
  }
  ctx.report('effect', `${call.shown} runs the ${spec.label} script '${script.shown}'`);
}

function judgeInlineShell(call: Call, inline: ParsedOption, ctx: JudgeContext): void {
  const code = inline.value;
  if (code?.text == null) {
    ctx.report('unparsed', `${call.shown} runs shell code that is only known when it runs ('${code?.shown ?? ''}')`);
    return;
  }
  judgeShellText(call, code.text, { shell: call.name, childShell: true }, ctx);
}

/**
 * `python -m X` puts the current directory first on the module path, so a
 * workspace file or package named X (or anything X imports) runs instead.
 * Test runners run project code anyway; with -I or -P the standard module is judged by name.
 */
function judgeModule(call: Call, spec: InterpreterSpec, module: ParsedOption, rest: readonly Arg[], isolated: boolean, ctx: JudgeContext): void {
  const name = module.value?.text;
  const command = name ? PYTHON_MODULE_COMMANDS[name] : undefined;
  if (name && command && (isolated || PYTHON_TEST_MODULES.has(name))) {
    ctx.judgeArgv([literalArg(command), ...rest]);
    return;
  }
  const why = command ? ', and python -m looks in the current directory first, so a workspace file can stand in for it (add -I)' : '';
  ctx.report('effect', `${call.shown} runs the ${spec.label} module '${module.value?.shown ?? ''}'${why}`);
}

/** `bash +O extglob -c …`, `sh +x script`: `+` options only turn shell options off; drop them before parsing. */
function withoutPlusOptions(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text == null || !/^[-+]/.test(text)) break;
    if (text === '+o' || text === '+O') i++;
    else if (!text.startsWith('+')) out.push(args[i] as Arg);
  }
  return [...out, ...args.slice(i)];
}
