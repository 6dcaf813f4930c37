import type { z } from 'zod';
import { SandboxError } from './port';
import { stripTerminalEscapes } from './terminal-output';
import type { WebContainerLike } from './webcontainer-like';

/**
 * Runs `node -e SCRIPT ARGS…` in the container and reads its answer: one JSON line after
 * `marker`, checked with `schema`. What the fs API cannot do (read a link, reach outside the
 * workdir), the container's Node.js can. Fails with EIO (saying `what`) when the answer does
 * not come within `timeoutMs` or cannot be read.
 */
export async function askNode<T>(
  container: WebContainerLike,
  request: { script: string; args: string[]; marker: string; schema: z.ZodType<T>; timeoutMs: number; what: string },
): Promise<T> {
  const { script, args, marker, schema, timeoutMs, what } = request;
  const child = await container.spawn('node', ['-e', script, ...args]);
  const output = await collect(child.output, timeoutMs);
  if (output === null) {
    child.kill();
    throw new SandboxError(`${what} took longer than ${timeoutMs / 1000} s`, 'EIO');
  }
  const line = stripTerminalEscapes(output)
    .split(/\r?\n/)
    .find((candidate) => candidate.startsWith(marker));
  let answer: unknown = null;
  try {
    answer = line === undefined ? null : JSON.parse(line.slice(marker.length));
  } catch {
    // Reported below as an unreadable answer.
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new SandboxError(`${what} failed: Node.js gave no readable answer`, 'EIO');
  return parsed.data;
}

async function collect(output: ReadableStream<string>, timeoutMs: number): Promise<string | null> {
  const reader = output.getReader();
  let text = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), timedOut]);
      if (chunk === null) return null;
      if (chunk.done) return text;
      text += chunk.value;
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}
