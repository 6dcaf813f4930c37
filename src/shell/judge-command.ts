import { type Call, makeCall } from './call';
import { COMMANDS, PROJECT_LOCAL_PROGRAMS, SYSTEM_BIN_DIRS, VERSION_FLAGS } from './command-tables';
import { judgeCompgen, judgeEval, judgeFc, judgeHistory, judgeNamesVariable, judgeSource } from './judge-builtins';
import type { JudgeContext } from './judge-context';
import { DESTRUCTIVE_CHECKS } from './judge-destructive';
import { judgeFind } from './judge-find';
import { judgeDestructive, judgeNetwork, judgeReadonly, judgeRunsCode, judgeWriter } from './judge-generic';
import { judgeGit } from './judge-git';
import { judgeInterpreter } from './judge-interpreters';
import { checkYarnRelease } from './judge-package-scripts';
import { judgeBuildTool, judgeLauncher, judgePackageManager, judgeSubcommandTool } from './judge-packages';
import { judgeKill, judgeTop } from './judge-process-tools';
import { judgeProgramFile } from './judge-scripts';
import { judgeAlias, judgeEnable, judgeHash, judgeSet, judgeShopt, judgeTrap, judgeUlimit, judgeUmask, judgeUnalias } from './judge-shell-state';
import { judgeTar } from './judge-tar';
import { judgeTestRunner } from './judge-test-runners';
import { judgeAwk, judgeDd, judgeLess, judgeSed, judgeTee } from './judge-text-tools';
import { judgeVariables } from './judge-variables';
import { judgeWrapper } from './judge-wrappers';
import { judgeXargs } from './judge-xargs';
import type { CommandSpec, SpecialJudge } from './table-types';
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
  source: judgeSource,
  xargs: judgeXargs,
  kill: judgeKill,
  set: judgeSet,
  shopt: judgeShopt,
  ulimit: judgeUlimit,
  umask: judgeUmask,
  hash: judgeHash,
  unalias: judgeUnalias,
  enable: judgeEnable,
  history: judgeHistory,
  fc: judgeFc,
  top: judgeTop,
  less: judgeLess,
  compgen: judgeCompgen,
  'names-variable': judgeNamesVariable,
};

/** Judges one simple command given as words (name first), reporting every finding to `ctx`. */
export function judgeCommand(argv: readonly Arg[], ctx: JudgeContext): void {
  const nameWord = argv[0];
  if (!nameWord) return;
  if (nameWord.text === null || nameWord.glob) {
    ctx.report('unparsed', `'${showArgv(argv)}': the command name '${nameWord.shown}' is only known when it runs, so the command cannot be judged`);
    return;
  }
  const resolved = resolveName(nameWord.text);
  if (resolved === null) {
    judgeProgramFile(argv, ctx);
    return;
  }
  if (resolved.fromWorkspace) {
    ctx.report('test', `'${showArgv(argv)}' runs '${nameWord.text}' from the workspace, which is project code (allowed where tests are)`);
  }
  const name = resolved.name;
  const spec = findSpec(name);
  if (!spec) {
    ctx.report('effect', `unknown command '${name}'`);
    return;
  }
  const call = makeCall(name, argv);
  if (isVersionQuery(name, call.args)) {
    if (name === 'yarn') checkYarnRelease(call, ctx.where.cwd, ctx);
    return;
  }
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
 * project programs, judged by name but run from the workspace; any other
 * path is a program file judged by its content (null).
 */
function resolveName(text: string): { name: string; fromWorkspace: boolean } | null {
  const slash = text.lastIndexOf('/');
  if (slash === -1) return { name: text, fromWorkspace: false };
  const base = text.slice(slash + 1);
  const dir = text.slice(0, slash) || '/';
  if (SYSTEM_BIN_DIRS.includes(dir)) return { name: base, fromWorkspace: false };
  if (PROJECT_LOCAL_PROGRAMS.has(base)) return { name: base, fromWorkspace: true };
  return null;
}

/** `X --version`, `X --help`, `node -v`: prints and exits. */
function isVersionQuery(name: string, args: readonly Arg[]): boolean {
  if (args.length !== 1) return false;
  const flag = args[0]?.text;
  if (flag == null) return false;
  return flag === '--version' || flag === '--help' || (VERSION_FLAGS[name]?.includes(flag) ?? false);
}
