import { compileGlob } from '../protocol/glob';
import type { Sandbox } from '../sandbox/port';
import { sha256Hex } from '../store/hash';
import { outsideSnapshots } from './snapshots';
import { captureTree } from './workspace-tree';

/**
 * One hash of the workspace's files (paths, contents, links), for "did the same check already
 * pass on these files?". What snapshots leave out (node_modules/, .git/) and what test runners
 * write as they run (`ignored`: the verification phase's allowWrites, test caches by default) do not count.
 */
export function workspaceDigest(sandbox: Sandbox, ignored: readonly string[]): () => Promise<string> {
  const tests = ignored.map(compileGlob);
  const skip = (path: string) => outsideSnapshots(path) || tests.some((test) => test(path));
  return async () => {
    const tree = await captureTree(sandbox, sandbox.workdir, skip);
    const parts: string[] = [];
    for (const [path, entry] of [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (entry.kind === 'dir') parts.push(`d\0${path}\0${entry.target ?? ''}`);
      else parts.push(`f\0${path}\0${entry.target ?? ''}\0${await sha256Hex(entry.content)}`);
    }
    return sha256Hex(parts.join('\n'));
  };
}
