import { MAX_PATH_DEPTH, pathDepth } from '../protocol/path-depth';
import type { Sandbox } from '../sandbox/port';
import { resolveWorkspacePath, tooDeepError } from './paths';
import { confineToWorkspace } from './real-path';
import { fail, type ToolFailure } from './tool';

export type WorkspacePath =
  | { ok: true; /** Absolute, normalised path inside the workspace. */ absolute: string; /** Workspace-relative, "." for the root. */ display: string }
  | { ok: false; failure: ToolFailure };

/**
 * A tool's path argument resolved inside the workspace, with its symbolic links followed
 * and refused when they lead out: the checks every file tool makes before touching a path.
 * `done` is what would have happened, for the message: "read", "written", "listed"…
 */
export async function workspacePath(sandbox: Sandbox, input: string, done: string): Promise<WorkspacePath> {
  const resolved = resolveWorkspacePath(sandbox.workdir, input);
  if (!resolved.ok) return { ok: false, failure: fail(resolved.invalid ? 'invalid_arguments' : 'outside_workspace', resolved.error) };
  const { absolute, display } = resolved;
  const confined = await confineToWorkspace(sandbox, absolute, display, done);
  if (!confined.ok) return confined;
  // A link on the way may lead deeper than the path as written.
  const depth = pathDepth(confined.inside);
  if (depth > MAX_PATH_DEPTH) return { ok: false, failure: fail('invalid_arguments', tooDeepError(`${depth} parts once its links are followed`)) };
  return { ok: true, absolute, display };
}
