import { type Command, defineCommand } from 'just-bash';
import { FsOverlay } from './fs-overlay';
import { finishNodeRun } from './node-command';
import { offlineVitestUsage, parseOfflineVitestArgs } from './offline-vitest-args';
import type { TestFlavour } from './offline-vitest-discovery';

/** What `vitest --version` / `jest --version` print: not a release of either. */
export const OFFLINE_VITEST_VERSION = 'offline-runner (Phasegate)';

/**
 * `vitest` (also `vitest run`) or `jest` for the virtual sandbox: Phasegate's offline runner
 * (loaded on first use), always, even when the real package is installed under node_modules,
 * since that cannot run in QuickJS. Test files' writes go back to the sandbox like node's.
 */
export function offlineVitestCommand(flavour: TestFlavour, stopped: () => boolean): Command {
  return defineCommand(flavour, async (argv, ctx) => {
    const invocation = parseOfflineVitestArgs(argv, flavour);
    if (invocation.kind === 'version') return { stdout: `${flavour} ${OFFLINE_VITEST_VERSION}\n`, stderr: '', exitCode: 0 };
    if (invocation.kind === 'help') return { stdout: offlineVitestUsage(flavour), stderr: '', exitCode: 0 };
    if (invocation.kind === 'error') return { stdout: '', stderr: `${invocation.message}\n`, exitCode: 1 };
    const fs = await FsOverlay.load(ctx.fs);
    const { runOfflineVitest } = await import('./offline-vitest-run');
    const result = await runOfflineVitest({
      flavour,
      filters: invocation.filters,
      namePattern: invocation.namePattern,
      passWithNoTests: invocation.passWithNoTests,
      notes: invocation.notes,
      cwd: ctx.cwd,
      env: ctx.exportedEnv ?? Object.fromEntries(ctx.env),
      fs,
      stopped: () => stopped() || ctx.signal?.aborted === true,
    });
    return finishNodeRun(result, fs, ctx.fs);
  });
}
