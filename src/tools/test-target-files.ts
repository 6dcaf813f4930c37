import { isNodeTestFile } from '../sandbox/node-runtime/test-discovery';
import type { Sandbox } from '../sandbox/port';
import { compileGlob } from './glob';
import { joinPath } from './paths';
import type { TargetFacts, TestFlavour, TestTarget } from './test-target';
import { walk } from './walk';

const GLOB_CHARS = /[*?[{]/;
const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/**
 * What run_tests needs to know of test_path in the workspace before it builds the command: whether
 * it is a file or a folder, and for node --test the files it names. Node 21 and later read a folder
 * given to `node --test` as a module (and fail); Node 20 and the offline node take no quoted glob. So
 * a folder (the test files `node --test` finds in it) or a glob (the files it matches) becomes the
 * list of files, which every node runs the same.
 */
export async function targetFacts(sandbox: Sandbox, flavour: TestFlavour, target: TestTarget): Promise<TargetFacts> {
  const path = target.test_path;
  if (path === undefined) return { kind: null };
  const stat = await sandbox.stat(joinPath(sandbox.workdir, path));
  const kind = stat?.type ?? null;
  if (flavour !== 'node' || kind === 'file') return { kind };
  if (kind === 'dir') {
    const root = joinPath(sandbox.workdir, path);
    return { kind, nodeTestFiles: await filesUnder(sandbox, root, (relative) => isNodeTestFile(relative), path.replace(/\/+$/, '')) };
  }
  if (!GLOB_CHARS.test(path)) return { kind };
  const matches = compileGlob(path.replace(/^\.\//, ''));
  return { kind, nodeTestFiles: await filesUnder(sandbox, sandbox.workdir, matches, '') };
}

/** Files below `root` whose path relative to it passes `keep`, as workspace paths (`prefix` + relative), sorted. */
async function filesUnder(sandbox: Sandbox, root: string, keep: (relative: string) => boolean, prefix: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of walk(sandbox, root, { skipDirs: SKIPPED_DIRS })) {
    if (entry.type === 'file' && keep(entry.relative)) files.push(prefix === '' ? entry.relative : `${prefix}/${entry.relative}`);
  }
  return files.sort();
}
