import { FsOverlay } from './fs-overlay';
import { isTypeScript, loadTypeStripper } from './strip-types';

/**
 * A file that says `node` will likely run: JavaScript or TypeScript source outside node_modules.
 * (A package.json alone does not: the starter project's runs its shell tests.)
 */
export function isNodeProjectFile(path: string): boolean {
  return /\.[cm]?[jt]s$/.test(path) && !path.endsWith('.d.ts') && !path.includes('node_modules/');
}

let warming: Promise<void> | null = null;

/**
 * Readies `node` in the background for a workspace that will likely run it, as the sandbox does
 * Python for `.py` files: QuickJS and the run code, the test runner's code, the type stripper when
 * there is TypeScript, and one empty program (a first program pays for QuickJS's and the host's
 * code being compiled; this one pays it before anyone waits). Only ever saves time: a failure here
 * is left for the first real run to meet and report. Settles when all of it is done.
 */
export function preloadNode(paths: readonly string[]): Promise<void> {
  const stripper = paths.some((path) => isTypeScript(path) && isNodeProjectFile(path)) ? loadTypeStripper().then(() => undefined) : undefined;
  warming ??= Promise.all([import('./run-node'), import('./run-node-tests')])
    .then(([{ runNode }]) =>
      runNode({
        entry: { kind: 'eval', code: '0', print: false },
        argv: ['/usr/local/bin/node'],
        env: {},
        cwd: '/',
        stdin: '',
        fs: FsOverlay.empty(),
        stopped: () => false,
      }),
    )
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.all([warming, stripper?.catch(() => undefined)]).then(() => undefined);
}
