import { type Call, makeCall } from './call';
import { COMMANDS, type CommandSpec, PROJECT_LOCAL_PROGRAMS, SYSTEM_BIN_DIRS, type SpecialJudge, VERSION_FLAGS } from './command-tables';
import type { JudgeContext } from './judge-context';
import { judgeAlias, judgeEval, judgeTrap } from './judge-builtins';
import { DESTRUCTIVE_CHECKS } from './judge-destructive';
import { judgeFind } from './judge-find';
import { judgeDestructive, judgeNetwork, judgeReadonly, judgeRunsCode, judgeTestRunner, judgeWriter } from './judge-generic';
import { judgeGit } from './judge-git';
import { judgeInterpreter } from './judge-interpreters';
import { judgeBuildTool, judgeLauncher, judgePackageManager, judgeSubcommandTool } from './judge-packages';
import { judgeTar } from './judge-tar';
import { judgeVariables } from './judge-variables';
import { judgeAwk, judgeDd, judgeSed, judgeTee } from './judge-text-tools';
import { judgeWrapper } from './judge-wrappers';
import { type Arg, showArgv } from './words';

const SPECIAL_JUDGES: Readonly<Record<SpecialJudge, (call: Call, ctx: JudgeContext) => void>> = {
  git: judgeGit,
  find: judgeFind,
  sed: judgeSed,
  awk: judgeAwk,
  tar: judgeTar,
  dd: judgeDd,
  tee: judgeTee,
  trap: judgeTrap,
  alias: judgeAlias,
  eval: judgeEval,
  variables: judgeVariables,
};

/** Judges one simple command given as words (name first), reporting every finding to `ctx`. */
export function judgeCommand(argv: readonly Arg[], ctx: JudgeContext): void {
  const nameWord = argv[0];
  if (!nameWord) return;
  if (nameWord.text === null || nameWord.glob) {
    ctx.report('effect', `'${showArgv(argv)}': the command name '${nameWord.shown}' is not a literal word, so the command cannot be known`);
    return;
  }
  const name = resolveName(nameWord.text);
  if (name === null) {
    ctx.report('effect', `'${showArgv(argv)}' runs the program '${nameWord.text}', which is not a known command`);
    return;
  }
  const spec = findSpec(name);
  if (!spec) {
    ctx.report('effect', `unknown command '${name}'`);
    return;
  }
  const call = makeCall(name, argv);
  if (isVersionQuery(name, call.args)) return;
  DESTRUCTIVE_CHECKS[name]?.(call, ctx);
  dispatch(call, spec, ctx);
}

function dispatch(call: Call, spec: CommandSpec, ctx: JudgeContext): void {
  switch (spec.kind) {
    case 'readonly':
      return judgeReadonly(call, spec, ctx);
    case 'writes':
      return judgeWriter(call, spec, ctx);
    case 'network':
      return judgeNetwork(call, spec, ctx);
    case 'runs-code':
      return judgeRunsCode(call, spec, ctx);
    case 'destructive':
      return judgeDestructive(call, spec, ctx);
    case 'wrapper':
      return judgeWrapper(call, spec.spec, ctx);
    case 'interpreter':
      return judgeInterpreter(call, spec.spec, ctx);
    case 'subcommands':
      return judgeSubcommandTool(call, spec.spec, ctx);
    case 'package-manager':
      return judgePackageManager(call, spec.spec, ctx);
    case 'launcher':
      return judgeLauncher(call, spec.spec, ctx);
    case 'test-runner':
      return judgeTestRunner(call, ctx);
    case 'build-tool':
      return judgeBuildTool(call, spec.spec, ctx);
    case 'special':
      return SPECIAL_JUDGES[spec.judge](call, ctx);
  }
}

function findSpec(name: string): CommandSpec | undefined {
  const direct = COMMANDS[name];
  if (direct) return direct;
  if (name.startsWith('mkfs.')) return COMMANDS.mkfs;
  if (/^python[0-9](\.[0-9]+)?$/.test(name)) return COMMANDS.python3;
  return undefined;
}

/**
 * `/usr/bin/rm` is `rm`; `./gradlew` and `node_modules/.bin/jest` are known
 * project programs; any other path runs a program we know nothing about (null).
 */
function resolveName(text: string): string | null {
  const slash = text.lastIndexOf('/');
  if (slash === -1) return text;
  const base = text.slice(slash + 1);
  const dir = text.slice(0, slash) || '/';
  if (SYSTEM_BIN_DIRS.includes(dir)) return base;
  if (PROJECT_LOCAL_PROGRAMS.has(base)) return base;
  return null;
}

/** `X --version`, `X --help`, `node -v`: prints and exits. */
function isVersionQuery(name: string, args: readonly Arg[]): boolean {
  if (args.length !== 1) return false;
  const flag = args[0]?.text;
  if (flag == null) return false;
  return flag === '--version' || flag === '--help' || (VERSION_FLAGS[name]?.includes(flag) ?? false);
}
