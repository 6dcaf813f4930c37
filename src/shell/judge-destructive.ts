import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { hasOption, parseOptions } from './options';
import { isOutsideWorkspace, type PathScope, pathScope, SCOPE_WHY } from './paths';
import { planKill } from './signal-args';
import { SED_RULES } from './text-tool-tables';
import type { Arg } from './words';
import { plantsCode } from './write-targets';

/**
 * Extra checks for commands that are never read-only but are only sometimes
 * destructive: deleting or recursively changing broad targets, paths outside
 * the workspace, whole process trees.
 */
export const DESTRUCTIVE_CHECKS: Readonly<Record<string, (call: Call, ctx: JudgeContext) => void>> = {
  rm: checkRm,
  unlink: checkOutsidePaths('deletes'),
  truncate: checkTruncate,
  mv: checkMv,
  cp: checkCopyDestination,
  ln: checkCopyDestination,
  install: checkCopyDestination,
  sed: checkSedTargets,
  rsync: checkRsync,
  chmod: checkPermissionChange,
  chown: checkPermissionChange,
  chgrp: checkPermissionChange,
  kill: checkKill,
};

/** Scopes a recursive delete must never reach. */
const RECURSIVE_BROAD: ReadonlySet<PathScope> = new Set(['root', 'home', 'outside', 'workspace', 'current', 'parent', 'everything', 'history', 'unknown']);
/** Scopes a plain (non-recursive) delete must never reach. */
const FLAT_BROAD: ReadonlySet<PathScope> = new Set(['root', 'home', 'outside', 'workspace', 'everything']);

function checkRm(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, {}, ctx.safeVars);
  if (hasOption(parsed, ['--no-preserve-root'])) {
    ctx.report('destructive', `${call.shown} allows deleting the root of the file system (--no-preserve-root)`);
  }
  const targets = [...parsed.operands, ...parsed.unknown];
  const recursive = hasOption(parsed, ['-r', '-R', '--recursive']) !== undefined || mayTurnRecursive(parsed.unknown, targets.length);
  for (const target of targets) {
    const scope = pathScope(target, ctx.where);
    if (scope === null) continue;
    if (recursive && RECURSIVE_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} deletes '${target.shown}' recursively: ${SCOPE_WHY[scope]}`);
    } else if (!recursive && FLAT_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} deletes '${target.shown}': ${SCOPE_WHY[scope]}`);
    }
  }
}

/**
 * Words only known at run time can be options: `rm $FLAGS dir`, or what
 * xargs appends (`echo -rf . | xargs rm`). One word cannot be both `-r`
 * and a target, unless it splits into several.
 */
function mayTurnRecursive(unknown: readonly Arg[], targetCount: number): boolean {
  return unknown.some((word) => word.splits) || (unknown.length > 0 && targetCount > 1);
}

function checkOutsidePaths(verb: string) {
  return (call: Call, ctx: JudgeContext): void => {
    for (const target of parseOptions(call.args, {}, ctx.safeVars).operands) {
      if (target.text !== null && isOutsideWorkspace(target.text, ctx.where)) {
        ctx.report('destructive', `${call.shown} ${verb} '${target.shown}' outside the workspace`);
      }
    }
  };
}

function checkTruncate(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-s', '--size', '-r', '--reference'] }, ctx.safeVars);
  for (const target of parsed.operands) {
    const scope = pathScope(target, ctx.where);
    if (scope !== null && FLAT_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} truncates '${target.shown}': ${SCOPE_WHY[scope]}`);
    }
  }
}

/** Moving these away takes the workspace (or more) with them. */
const MOVE_BROAD: ReadonlySet<PathScope> = new Set(['root', 'home', 'workspace', 'current', 'parent', 'history']);

function checkMv(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-t', '--target-directory', '-S', '--suffix'] }, ctx.safeVars);
  const targetOption = hasOption(parsed, ['-t', '--target-directory']);
  const operands = call.args.filter((a) => parsed.operands.includes(a) || parsed.unknown.includes(a));
  const destination = targetOption ? targetOption.value : (operands.at(-1) ?? null);
  const sources = targetOption ? operands : operands.slice(0, -1);
  if (destination?.text === '/dev/null') {
    ctx.report('destructive', `${call.shown} moves files into /dev/null, which destroys them`);
  }
  const destinationScope = destination ? pathScope(destination, ctx.where) : 'unknown';
  const leavesWorkspace = destination === null || destination.text === null || isOutsideWorkspace(destination.text, ctx.where) || isScratch(destination.text);
  for (const target of [...sources, ...(destination ? [destination] : [])]) {
    if (target.text !== null && target.text !== '/dev/null' && isOutsideWorkspace(target.text, ctx.where)) {
      ctx.report('destructive', `${call.shown} moves '${target.shown}' outside the workspace`);
    }
  }
  for (const source of sources) {
    const scope = pathScope(source, ctx.where);
    const knownFile = source.leadingVar !== null && ctx.safeVars.has(source.leadingVar);
    if (scope !== null && (MOVE_BROAD.has(scope) || (scope === 'everything' && leavesWorkspace))) {
      ctx.report('destructive', `${call.shown} moves '${source.shown}': ${SCOPE_WHY[scope]}`);
    } else if (scope === 'unknown' && !knownFile && (leavesWorkspace || destinationScope === 'unknown')) {
      ctx.report(
        'destructive',
        `${call.shown} moves '${source.shown}', only known when it runs, to '${destination?.shown ?? '?'}': it could be the workspace itself`,
      );
    }
  }
}

function isScratch(text: string): boolean {
  return /^\/(var\/)?tmp(\/|$)/.test(text);
}

/** `cp hook .git/hooks/pre-commit`, `ln -s x ~/.bashrc`: copying into configuration plants code. */
function checkCopyDestination(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(
    call.args,
    { valued: ['-t', '--target-directory', '-S', '--suffix', '-m', '--mode', '-o', '--owner', '-g', '--group'] },
    ctx.safeVars,
  );
  const destination = hasOption(parsed, ['-t', '--target-directory'])?.value ?? parsed.operands.at(-1);
  if (destination?.text == null || parsed.operands.length + (hasOption(parsed, ['-t', '--target-directory']) ? 1 : 0) < 2) return;
  const planted = plantsCode(destination.text) ?? plantsCode(`${destination.text}/x`);
  if (planted) ctx.report('destructive', `${call.shown} writes into '${destination.shown}': ${planted}`);
}

/** `sed -i … .git/config`: editing configuration in place plants code too. */
function checkSedTargets(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, SED_RULES, ctx.safeVars);
  if (!hasOption(parsed, ['-i', '--in-place', '-I'])) return;
  const scriptGiven = hasOption(parsed, ['-e', '--expression', '-f', '--file']) !== undefined;
  for (const file of parsed.operands.slice(scriptGiven ? 0 : 1)) {
    const planted = file.text === null ? null : plantsCode(file.text);
    if (planted) ctx.report('destructive', `${call.shown} edits '${file.shown}': ${planted}`);
  }
}

/** `rsync --delete SRC DEST` deletes what DEST has that SRC lacks: a broad DEST loses everything. */
function checkRsync(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-e', '--rsh', '--exclude', '--include', '--filter', '-f'] }, ctx.safeVars);
  const deleting = parsed.options.find((o) => o.name.startsWith('--del') || o.name === '--remove-source-files');
  const destination = parsed.operands.at(-1);
  if (!deleting || !destination) return;
  const scope = pathScope(destination, ctx.where);
  if (scope !== null && RECURSIVE_BROAD.has(scope))
    ctx.report('destructive', `${call.shown} deletes files in '${destination.shown}' that the source lacks (${deleting.name}): ${SCOPE_WHY[scope]}`);
}

/** World-writable modes: `777`, `0777`, `a+rwx`, `o+w`, `ugo=rwx`. */
function isWorldWritable(mode: string): boolean {
  if (/^0?[0-7]?[0-7][0-7][2367]$/.test(mode)) return true;
  return /(^|,)[ugo]*[ao][ugo]*[+=][rwxXst]*w/.test(mode);
}

function checkPermissionChange(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['--reference', '--from'] }, ctx.safeVars);
  const recursive = hasOption(parsed, ['-R', '--recursive']) !== undefined;
  const [first, ...targets] = parsed.operands;
  const paths: Arg[] = hasOption(parsed, ['--reference']) ? parsed.operands : targets;
  if (call.name === 'chmod' && recursive && first?.text && isWorldWritable(first.text)) {
    ctx.report('destructive', `${call.shown} makes every file world-writable, recursively`);
  }
  for (const target of paths) {
    const scope = pathScope(target, ctx.where);
    if (scope === null) continue;
    if (recursive && RECURSIVE_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} changes '${target.shown}' recursively: ${SCOPE_WHY[scope]}`);
    } else if (scope === 'root' || scope === 'outside' || scope === 'home') {
      ctx.report('destructive', `${call.shown} changes '${target.shown}': ${SCOPE_WHY[scope]}`);
    }
  }
}

/** `kill -9 -1` signals every process, pid 1 is init, and 0 is the shell's own process group. */
function checkKill(call: Call, ctx: JudgeContext): void {
  const plan = planKill(call.args, ctx.safeVars);
  if (plan.listing || plan.signal === 'zero') return;
  for (const target of plan.targets) {
    const pid = target.text !== null && /^-?[0-9]+$/.test(target.text) ? Number(target.text) : null;
    if (pid === -1 || pid === 1) ctx.report('destructive', `${call.shown} signals every process or init`);
    if (pid === 0) ctx.report('destructive', `${call.shown} signals every process in the shell's own process group (${target.shown}), which ends the shell`);
  }
}
