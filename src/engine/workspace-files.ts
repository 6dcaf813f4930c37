import { joinPath } from '../sandbox/paths';
import type { Sandbox } from '../sandbox/port';

/** A file as it is in the sandbox now, or null when there is none (what the command judge reads to judge a script). */
export async function readFileOrNull(sandbox: Sandbox, path: string): Promise<string | null> {
  const stat = await sandbox.stat(path).catch(() => null);
  if (stat?.type !== 'file') return null;
  return sandbox.readFile(path);
}

/** An event's path (workspace-relative, or absolute as some tools report it) in the sandbox. */
export function inWorkspace(sandbox: Sandbox, path: string): string {
  return path.startsWith('/') ? path : joinPath(sandbox.workdir, path);
}
