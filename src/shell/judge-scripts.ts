import type { Call } from './call';
import type { FileContent, JudgeContext } from './judge-context';
import { resolvePath } from './paths';
import { type Arg, literalArg, showArgv } from './words';

/** Shells whose code the bash parser reads faithfully (zsh gets an extra check, see below). */
export const BASH_LIKE_SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'dash', 'ash', 'ksh', 'mksh', 'zsh']);

/** Paths that name the shell's own input rather than a file. */
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/**
 * zsh code that the bash parser would misread as harmless: glob qualifiers
 * (`*(e:cmd:)` runs cmd), `=(cmd)` process substitution, `${(e)x}` flags.
 */
const ZSH_ONLY = /[*?\])]\([^)]*\)|=\(|\$\{\(|\(\+|\(e[:'"]|\^\(/;

export interface ScriptRun {
  /** The shell that runs it: decides how the code is parsed. */
  shell: string;
  /** `source` and `.` run the script in the current shell; everything else starts a new one. */
  childShell: boolean;
}

/** `bash x.sh`, `source x.sh`: the script is judged by its content as it is in the workspace. */
export function judgeScriptFile(call: Call, script: Arg, run: ScriptRun, ctx: JudgeContext): void {
  const loop = loopValues(script, ctx);
  if (loop) {
    for (const word of loop) judgeScriptFile(call, word, run, ctx);
    return;
  }
  if (script.glob && script.text !== null && script.shown === script.text && /[*?[]/.test(script.text)) {
    // Every file a literal pattern matches (a test runner sourcing tests/*_test.sh): project code that is
    // not listed before it runs, so it is treated like the test files a test runner loads.
    ctx.report('test', `${call.shown} runs the project's scripts matching '${script.text}', which are project code (allowed where tests are)`);
    return;
  }
  if (script.text === null || script.glob) {
    ctx.report('unparsed', `${call.shown} runs a script named by '${script.shown}', which is only known when it runs`);
    return;
  }
  if (STDIN_PATHS.has(script.text)) {
    judgeStdinCode(call, run, ctx);
    return;
  }
  const path = resolvePath(script.text, ctx.where);
  if (path === null) {
    ctx.report('unparsed', `${call.shown}: cannot tell which file the script '${script.text}' is (the current directory is only known when it runs)`);
    return;
  }
  judgeScriptContent(call, `script '${script.text}'`, ctx.readFile(path), run, ctx);
}

/** `"$f"` inside `for f in a.sh tests/*.sh`: the words the loop gives it, when that is all the word is. */
function loopValues(script: Arg, ctx: JudgeContext): readonly Arg[] | undefined {
  if (script.text !== null || script.leadingVar === null || script.lead !== '') return undefined;
  const bare = new RegExp(`^"?\\$\\{?${script.leadingVar}\\}?"?$`);
  return bare.test(script.shown) ? ctx.loopWords.get(script.leadingVar) : undefined;
}

/** `bash` reading its input: a literal here-document or a redirected file is judged; a pipe is not. */
export function judgeStdinCode(call: Call, run: ScriptRun, ctx: JudgeContext): void {
  const stdin = ctx.stdin;
  if (stdin.kind === 'text') {
    judgeShellCode(call, stdin.text, run, 'the code it reads from its input', undefined, ctx);
  } else if (stdin.kind === 'file') {
    judgeScriptFile(call, stdin.path, run, ctx);
  } else {
    ctx.report('unparsed', `${call.shown} runs shell code from its input (a pipe or the terminal), which cannot be judged`);
  }
}

/** `./build.sh`, `scripts/x`: a program file in the workspace, judged by its `#!` line and content. */
export function judgeProgramFile(argv: readonly Arg[], ctx: JudgeContext): void {
  const program = argv[0] as Arg & { text: string };
  const shown = `'${showArgv(argv)}'`;
  const path = resolvePath(program.text, ctx.where);
  if (path === null) {
    ctx.report('unparsed', `${shown} runs the program '${program.text}', and which file that is is only known when it runs`);
    return;
  }
  const content = ctx.readFile(path);
  if (content.status !== 'ok') {
    reportUnread({ name: program.text, args: argv.slice(1), shown }, `program '${program.text}'`, content, ctx);
    return;
  }
  if (content.text.includes('\u0000')) {
    ctx.report('effect', `${shown} runs the program '${program.text}', a binary file that cannot be judged`);
    return;
  }
  const interpreter = shebang(content.text);
  if (interpreter === null) {
    // No `#!`: the shell runs the file as a shell script.
    judgeShellCode({ name: program.text, args: argv.slice(1), shown }, content.text, { shell: 'sh', childShell: true }, `script '${program.text}'`, path, ctx);
    return;
  }
  ctx.judgeArgv([...interpreter.map(literalArg), { ...program, shown: program.text }, ...argv.slice(1)]);
}

/** `#!/usr/bin/env -S bash -e` → `['/usr/bin/env', '-S', 'bash', '-e']`; null without a `#!` line. */
function shebang(text: string): string[] | null {
  if (!text.startsWith('#!')) return null;
  const line = text.slice(2, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')).trim();
  const words = line.split(/\s+/).filter(Boolean);
  return words.length > 0 ? words : null;
}

/** `bash -c CODE`: the inline code, judged in a new shell. */
export function judgeShellText(call: Call, code: string, run: ScriptRun, ctx: JudgeContext): void {
  judgeShellCode(call, code, run, 'its inline code', undefined, ctx);
}

function judgeScriptContent(call: Call, label: string, content: FileContent, run: ScriptRun, ctx: JudgeContext): void {
  if (content.status !== 'ok') {
    reportUnread(call, label, content, ctx);
    return;
  }
  if (content.text.includes('\u0000')) {
    ctx.report('effect', `${call.shown} runs ${label}, a binary file that cannot be judged as shell code`);
    return;
  }
  judgeShellCode(call, content.text, run, label, content.path, ctx);
}

function judgeShellCode(call: Call, code: string, run: ScriptRun, label: string, fromFile: string | undefined, ctx: JudgeContext): void {
  if (!BASH_LIKE_SHELLS.has(run.shell)) {
    ctx.report('unparsed', `${call.shown} runs ${label} as ${run.shell} code, which cannot be judged`);
    return;
  }
  if (run.shell === 'zsh' && ZSH_ONLY.test(code)) {
    ctx.report('unparsed', `${call.shown} runs ${label} with zsh syntax (glob qualifiers, =(…), \${(…)}) that cannot be judged`);
    return;
  }
  ctx.judgeText(code, call.name, {
    label: fromFile === undefined ? undefined : label,
    childShell: run.childShell,
    ...(fromFile === undefined ? {} : { fromFile }),
  });
}

/** A script whose content was not given, does not exist or could not be read: fail closed, except for a missing file. */
export function reportUnread(call: Call, label: string, content: FileContent, ctx: JudgeContext): void {
  switch (content.status) {
    case 'pending':
      ctx.report('unparsed', `${call.shown} runs ${label}, whose content (${content.path}) was not read, so it cannot be judged yet`);
      return;
    case 'unreadable':
      ctx.report('unparsed', `${call.shown} runs ${label}, whose content (${content.path}) could not be read: ${content.why}`);
      return;
    case 'missing':
      ctx.report('effect', `${call.shown} runs ${label}, which does not exist (${content.path})`);
      return;
    case 'ok':
      return;
  }
}
