import type { JudgeContext } from './judge-context';
import { isOutsideWorkspace, isRawDevice, resolvePath } from './paths';
import type { Arg } from './words';

/**
 * Files whose content decides what programs later commands run: inside a
 * `.git` directory (hooks, config naming pagers, editors, fsmonitor…) and
 * the dotfiles of the home directory (~/.bashrc, ~/.gitconfig, ~/.npmrc…).
 * Changing them plants code that a later, read-only looking command runs.
 */
export function plantsCode(text: string): string | null {
  const segments = text.split('/');
  const git = segments.indexOf('.git');
  if (git !== -1 && git < segments.length - 1 && segments[git + 1] !== '')
    return "the repository's .git directory, whose hooks and config name programs git runs";
  if (/^~[^/]*\/\.[^/.]/.test(text) || /^\/(root|home\/[^/]+)\/\.[^/.]/.test(text))
    return 'configuration in the home directory, which can make later commands run other programs';
  return null;
}

/** The absolute path a literal write target names, if it can be known before the command runs. */
export function writtenPath(target: Arg, ctx: JudgeContext): string | undefined {
  return target.text === null || target.glob ? undefined : (resolvePath(target.text, ctx.where) ?? undefined);
}

/** Overwriting a device or a file outside the workspace is destructive, and so is planting code in configuration. */
export function reportWriteTarget(call: { shown: string }, target: Arg, truncates: boolean, ctx: JudgeContext): void {
  if (target.text === null) return;
  const planted = plantsCode(target.text);
  if (planted) ctx.report('destructive', `${call.shown} writes '${target.text}': ${planted}`);
  else if (isRawDevice(target.text)) ctx.report('destructive', `${call.shown} overwrites the device '${target.text}'`);
  else if (truncates && isOutsideWorkspace(target.text, ctx.where))
    ctx.report('destructive', `${call.shown} overwrites '${target.text}' outside the workspace`);
}
