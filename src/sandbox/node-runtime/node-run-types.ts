import type { FsOverlay } from './fs-overlay';
import type { ModuleFormat } from './resolve-module';

export type NodeEntry = { kind: 'file'; path: string; format: ModuleFormat } | { kind: 'eval'; code: string; print: boolean };

export interface NodeRunRequest {
  entry: NodeEntry;
  /** process.argv as the program sees it. */
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdin: string;
  fs: FsOverlay;
  /** Asked while the program runs: true once Stop or the time limit ended the command. */
  stopped: () => boolean;
  /** Under `node --test`: takes each file's node:test counts, and the command prints one summary. */
  onTestCounts?: (counts: TestCounts) => void;
  /** Guest code run after the prelude, answering some bare imports (the offline vitest/jest runner). */
  extension?: GuestExtension;
}

/**
 * `source` evaluates to a function of `report(text)` (which calls `onReport`); it answers the bare
 * imports named in `modules` through `__phasegate.provideModule`, before any installed package.
 */
export interface GuestExtension {
  source: string;
  modules: readonly string[];
  onReport: (text: string) => void;
}

export interface TestCounts {
  tests: number;
  suites: number;
  pass: number;
  fail: number;
  cancelled: number;
  skipped: number;
  todo: number;
}

export interface NodeRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  interrupted: boolean;
}
