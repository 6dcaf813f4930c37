import type { Sandbox } from '../sandbox/port';

/** A write the sandbox accepted but that did not land: the file reads back differently. */
export class WriteNotLandedError extends Error {
  constructor(readonly path: string) {
    super(`the file read back differently after writing: ${path}`);
    this.name = 'WriteNotLandedError';
  }
}

/**
 * Writes `content` and reads the file back once, so a write that went somewhere else (a
 * link the sandbox mishandles, a file system that drops it) is never reported as done.
 * Throws the sandbox's own errors, and WriteNotLandedError when the content differs.
 */
export async function writeFileVerified(sandbox: Sandbox, absolute: string, content: string): Promise<void> {
  await sandbox.writeFile(absolute, content);
  let readBack: string | null;
  try {
    readBack = await sandbox.readFile(absolute);
  } catch {
    readBack = null;
  }
  if (readBack !== content) throw new WriteNotLandedError(absolute);
}
