import type { Call } from './call';
import type { JudgeContext } from './judge-context';
import { parseOptions, hasOption } from './options';
import { type PathScope, SCOPE_WHY, isOutsideWorkspace, pathScope } from './paths';
import type { Arg } from './words';

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
  const recursive = hasOption(parsed, ['-r', '-R', '--recursive']) !== undefined;
  for (const target of [...parsed.operands, ...parsed.unknown]) {
    const scope = pathScope(target, ctx.where);
    if (scope === null) continue;
    if (recursive && RECURSIVE_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} deletes '${target.shown}' recursively: ${SCOPE_WHY[scope]}`);
    } else if (!recursive && FLAT_BROAD.has(scope)) {
      ctx.report('destructive', `${call.shown} deletes '${target.shown}': ${SCOPE_WHY[scope]}`);
    }
  }
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

function checkMv(call: Call, ctx: JudgeContext): void {
  const parsed = parseOptions(call.args, { valued: ['-t', '--target-directory', '-S', '--suffix'] }, ctx.safeVars);
  const operands = parsed.operands;
  const destination = operands[operands.length - 1];
  if (destination?.text === '/dev/null') {
    ctx.report('destructive', `${call.shown} moves files into /dev/null, which destroys them`);
  }
  for (const target of operands) {
    if (target.text !== null && target.text !== '/dev/null' && isOutsideWorkspace(target.text, ctx.where)) {
      ctx.report('destructive', `${call.shown} moves '${target.shown}' outside the workspace`);
    }
    const scope = pathScope(target, ctx.where);
    if (target !== destination && (scope === 'root' || scope === 'workspace' || scope === 'history')) {
      ctx.report('destructive', `${call.shown} moves '${target.shown}': ${SCOPE_WHY[scope]}`);
    }
  }
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

/** `kill -9 -1` signals every process; pid 1 is init. */
function checkKill(call: Call, ctx: JudgeContext): void {
  const texts = call.args.map((a) => a.text);
  const signalGiven = texts[0] !== undefined && texts[0] !== null && texts[0].startsWith('-') && texts[0] !== '--';
  const pids = texts.slice(signalGiven ? (texts[0] === '-s' || texts[0] === '-n' ? 2 : 1) : 0).filter((t) => t !== '--');
  if (pids.some((t) => t === '-1' || t === '1')) {
    ctx.report('destructive', `${call.shown} signals every process or init`);
  }
}
