import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { reportUnread } from './judge-scripts';
import { parentDirectory, resolvePath } from './paths';
import type { Arg } from './words';

/**
 * package.json scripts run by npm, yarn, pnpm, bun and `node --run`: each
 * script is shell code, judged by its text as the workspace's package.json
 * holds it, with the lifecycle scripts that run around it (`pretest`, `posttest`…).
 */

export interface PackageJson {
  dir: string;
  path: string;
  scripts: Readonly<Record<string, unknown>>;
}

/** The scripts npm runs for its own commands, in order. */
export const NPM_LIFECYCLE: Readonly<Record<string, readonly string[]>> = {
  install: ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'],
  pack: ['prepack', 'prepare', 'postpack'],
  publish: ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'],
  version: ['preversion', 'version', 'postversion'],
  rebuild: ['preinstall', 'install', 'postinstall', 'prepare'],
};

/** Project settings that change how every script runs (another shell, code preloaded into node). */
const NPMRC_RISKS = /^\s*(script-shell|node-options|shell|onload-script)\s*=/m;

/**
 * Finds the package.json npm would use: the nearest one from `start` up to
 * the workspace root. Null when it was reported (not read yet, unreadable,
 * invalid) or there is none (`missing` tells which).
 */
export function findPackageJson(call: Call, start: string | null, ctx: JudgeContext, alsoRead: readonly string[] = []): PackageJson | 'missing' | null {
  if (start === null) {
    ctx.report('unparsed', `${call.shown} runs package scripts from a directory only known when it runs`);
    return null;
  }
  let waiting = false;
  for (const dir of candidateDirs(start, ctx.where.workdir)) {
    const content = ctx.readFile(`${dir === '/' ? '' : dir}/package.json`);
    if (content.status === 'missing') continue;
    // Ask for the files read next to package.json in the same round, to need fewer rounds.
    if (content.status === 'pending' || waiting) for (const name of alsoRead) ctx.readFile(`${dir === '/' ? '' : dir}/${name}`);
    if (content.status === 'pending') {
      waiting = true;
      continue;
    }
    if (content.status === 'unreadable') {
      reportUnread(call, 'package.json scripts', content, ctx);
      return null;
    }
    if (waiting) break;
    return parsePackageJson(call, dir, content.path, content.text, ctx);
  }
  if (waiting) {
    ctx.report('unparsed', `${call.shown} runs package.json scripts, and package.json was not read yet, so they cannot be judged`);
    return null;
  }
  return 'missing';
}

function candidateDirs(start: string, workdir: string): string[] {
  const root = resolvePath(workdir, { workdir, cwd: '/' }) ?? workdir;
  const dirs: string[] = [start];
  const inside = start === root || start.startsWith(`${root}/`);
  for (let dir = start; inside && dir !== root && dir !== '/';) {
    dir = parentDirectory(dir);
    dirs.push(dir);
  }
  return dirs;
}

function parsePackageJson(call: Call, dir: string, path: string, text: string, ctx: JudgeContext): PackageJson | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    ctx.report('unparsed', `${call.shown} runs scripts from ${path}, which is not valid JSON`);
    return null;
  }
  const scripts = typeof json === 'object' && json !== null && 'scripts' in json ? (json as { scripts: unknown }).scripts : {};
  return { dir, path, scripts: typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>) : {} };
}

/** A project .npmrc that sets script-shell or node-options changes what every script runs; it is not followed. */
export function checkNpmrc(call: Call, pkg: PackageJson, ctx: JudgeContext): boolean {
  const content = ctx.readFile(`${pkg.dir === '/' ? '' : pkg.dir}/.npmrc`);
  if (content.status === 'missing') return true;
  if (content.status !== 'ok') {
    reportUnread(call, "the project's .npmrc", content, ctx);
    return false;
  }
  const risky = NPMRC_RISKS.exec(content.text);
  if (risky) {
    ctx.report('unparsed', `${call.shown}: the project's .npmrc sets ${risky[1]}, which changes how package scripts run, so they cannot be judged`);
    return false;
  }
  return true;
}

/** Yarn 2+ runs the yarn release the project names in .yarnrc.yml (yarnPath): that is project code. */
export function checkYarnRelease(call: Call, start: string | null, ctx: JudgeContext): void {
  if (start === null) return;
  for (const dir of candidateDirs(start, ctx.where.workdir)) {
    const content = ctx.readFile(`${dir === '/' ? '' : dir}/.yarnrc.yml`);
    if (content.status === 'missing') continue;
    if (content.status !== 'ok') {
      reportUnread(call, "the project's .yarnrc.yml", content, ctx);
      return;
    }
    if (/^\s*(yarnPath|plugins)\s*:/m.test(content.text)) {
      ctx.report(
        'test',
        `${call.shown} runs the yarn release or plugins checked into the project (.yarnrc.yml), which are project code (allowed where tests are)`,
      );
    }
    return;
  }
}

/**
 * Judges the scripts `names` of `pkg` in order; `main` gets `args` appended.
 * A missing script is skipped (npm skips missing lifecycle scripts, and fails
 * on a missing main one without running anything).
 */
export function runPackageScripts(call: Call, pkg: PackageJson, names: readonly string[], main: string | null, args: readonly Arg[], ctx: JudgeContext): void {
  for (const name of names) {
    const text = pkg.scripts[name];
    if (text === undefined) continue;
    if (typeof text !== 'string') {
      ctx.report('unparsed', `${call.shown}: the package script "${name}" is not a string`);
      continue;
    }
    const code = name === main && args.length > 0 ? `${text} ${args.map(quoteArgument).join(' ')}` : text;
    ctx.judgeText(code, `${call.name} run ${name}`, { label: `package script "${name}"`, childShell: true, cwd: pkg.dir, fromFile: pkg.path });
  }
}

/** `preX`, `X`, `postX`. */
export function withPrePost(name: string): string[] {
  return [`pre${name}`, name, `post${name}`];
}

/** Arguments npm passes on to a script, quoted for the shell; a word only known at run time stays unknown. */
function quoteArgument(arg: Arg): string {
  if (arg.text === null) return '"$PHASEGATE_ARGUMENT_ONLY_KNOWN_AT_RUN_TIME"';
  return `'${arg.text.replace(/'/g, `'\\''`)}'`;
}

/** `node --run NAME`: the script alone, no pre or post scripts. */
export function judgeNodeRun(call: Call, name: Arg | null, args: readonly Arg[], ctx: JudgeContext): void {
  if (name?.text == null) {
    ctx.report('unparsed', `${call.shown} runs a package script named by '${name?.shown ?? ''}', which is only known when it runs`);
    return;
  }
  const pkg = findPackageJson(call, ctx.where.cwd, ctx);
  if (pkg === 'missing') ctx.report('effect', `${call.shown} runs a package script, but there is no package.json`);
  else if (pkg) runPackageScripts(call, pkg, [name.text], name.text, args, ctx);
}
