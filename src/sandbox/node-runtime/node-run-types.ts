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
