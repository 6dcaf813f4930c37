import type { Sandbox } from '../sandbox/port';
import { resolveWorkspacePath } from './paths';
import { confineToWorkspace } from './real-path';
import { fail, type ToolErrorKind, type ToolFailure } from './tool';

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
  if (!resolved.ok) return { ok: false, failure: fail(unresolvedKind(input), resolved.error) };
  const { absolute, display } = resolved;
  const confined = await confineToWorkspace(sandbox, absolute, display, done);
  if (!confined.ok) return confined;
  return { ok: true, absolute, display };
}

/** resolveWorkspacePath refuses an argument that is no path at all (empty, a NUL) or one that leaves the workspace. */
function unresolvedKind(input: string): ToolErrorKind {
  const raw = input.trim();
  return raw === '' || raw.includes('\0') ? 'invalid_arguments' : 'outside_workspace';
}
