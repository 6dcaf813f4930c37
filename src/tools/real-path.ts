import type { Sandbox } from '../sandbox/port';
import { failFromError } from './errors';
import { joinPath, parentDir } from './paths';
import { fail, type ToolFailure } from './tool';

export type Confined =
  | {
      ok: true;
      /** Where the path really is (or a write would land). */ real: string;
      /** `real` relative to the workspace's real root ("." for the root). */ inside: string;
    }
  | { ok: false; failure: ToolFailure };

/** `real` relative to `realRoot` ("." for the root itself), or null when it lies outside. */
export function relativeInside(realRoot: string, real: string): string | null {
  if (real === realRoot) return '.';
  const prefix = realRoot === '/' ? '/' : `${realRoot}/`;
  return real.startsWith(prefix) ? real.slice(prefix.length) : null;
}

/**
 * Follows the symbolic links of a workspace path (absolute, already inside the workspace
 * as written) and refuses it when they lead out of the workspace. `done` is what would
 * have happened, for the message: "read", "written", "listed", "outlined".
 */
export async function confineToWorkspace(sandbox: Sandbox, absolute: string, display: string, done: string): Promise<Confined> {
  try {
    const [real, realRoot] = await Promise.all([sandbox.realpath(absolute), sandbox.realpath(sandbox.workdir)]);
    const inside = relativeInside(realRoot, real);
    if (inside !== null) return { ok: true, real, inside };
    const name = absolute.slice(absolute.lastIndexOf('/') + 1);
    const lastIsLink = joinPath(await sandbox.realpath(parentDir(absolute)), name) !== real;
    const how = lastIsLink ? 'is a symbolic link to' : 'leads through a symbolic link to';
    return { ok: false, failure: fail('outside_workspace', `${display} ${how} ${real}, outside the workspace; not ${done}.`) };
  } catch (error) {
    return { ok: false, failure: failFromError(error, display) };
  }
}
