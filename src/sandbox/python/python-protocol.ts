import { z } from 'zod';

/**
 * The messages between the sandbox (the host) and the thread that runs Pyodide.
 * Both sides are ours, but a worker is another realm: replies are checked with zod.
 */

/** How `python3` was asked to run: a file, `-c CODE`, `-m MODULE`, or a script read from stdin. */
export const PythonModeSchema = z.enum(['file', 'code', 'module', 'stdin']);
export type PythonMode = z.infer<typeof PythonModeSchema>;

export interface PythonFileWrite {
  path: string;
  data: Uint8Array;
}

/**
 * One run. `files` is the whole workspace as the sandbox has it: every file's path, with
 * its bytes when Python's copy may differ (null: Python's copy is current); `dirs` every folder.
 * Whatever Python's file system has under `root` beyond these is removed first.
 */
export interface PythonRunRequest {
  mode: PythonMode;
  /** The file, the code or the module name (empty for `stdin`). */
  target: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: Uint8Array;
  root: string;
  /** Which sandbox's copy this is: a file sent as current (null) counts only if that sandbox synced last. */
  mirror: number;
  files: Array<{ path: string; data: Uint8Array | null }>;
  dirs: string[];
}

const BytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'bytes');

export const PythonRunReplySchema = z.object({
  exitCode: z.number().int(),
  stdout: BytesSchema,
  stderr: BytesSchema,
  /** What the run changed under `root`: files written (new or changed), folders made, entries removed. */
  writes: z.array(z.object({ path: z.string(), data: BytesSchema })),
  dirs: z.array(z.string()),
  removed: z.array(z.string()),
});
export type PythonRunReply = z.infer<typeof PythonRunReplySchema>;

/** `start` comes first: the interrupt buffer (null where SharedArrayBuffer is missing: then a stop ends the thread). */
export type HostToPythonMessage = { type: 'start'; interrupt: SharedArrayBuffer | null } | { type: 'run'; id: number; request: PythonRunRequest };

export const PythonToHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), version: z.string() }),
  z.object({ type: z.literal('load-failed'), message: z.string() }),
  z.object({ type: z.literal('done'), id: z.number(), reply: PythonRunReplySchema }),
  z.object({ type: z.literal('failed'), id: z.number(), message: z.string() }),
  z.object({ type: z.literal('out-of-step'), id: z.number(), message: z.string() }),
]);
export type PythonToHostMessage = z.infer<typeof PythonToHostMessageSchema>;

/** Python's own files never go back to the workspace: bytecode caches. */
export function isPythonCache(path: string): boolean {
  return path.includes('/__pycache__/') || path.endsWith('/__pycache__') || path.endsWith('.pyc');
}
