import { GUEST_VITEST_API } from './guest-vitest-api';
import { GUEST_VITEST_EACH } from './guest-vitest-each';
import { GUEST_VITEST_EQUALS } from './guest-vitest-equals';
import { GUEST_VITEST_EXPECT } from './guest-vitest-expect';
import { GUEST_VITEST_MOCK } from './guest-vitest-mock';
import { GUEST_VITEST_RUNNER } from './guest-vitest-runner';

/** What the guest runner is told: whose conventions to follow (jest's `done`, mock names) and `-t`. */
export interface OfflineVitestConfig {
  flavour: 'vitest' | 'jest';
  namePattern: string | null;
}

/** The module names the guest runner answers, before any installed package of the same name. */
export const OFFLINE_VITEST_MODULES = ['vitest', '@jest/globals'] as const;

/** The phrase every "not supported" error of the runner ends with, so a failure names what is missing. */
export const MISSING_FEATURE_SUFFIX = "is not supported by Phasegate's offline vitest/jest runner";

/**
 * The runner's guest code as one extension for runNode: a function of `report` (the host's
 * channel for the results) that sets up the API, then runs the file's tests once it has loaded.
 */
export function offlineVitestGuest(config: OfflineVitestConfig): string {
  const head = String.raw`
const runnerConfig = ${JSON.stringify(config)};
const { inspect } = globalThis.__phasegate.builtin('util');
function missingFeature(what) {
  const error = new Error(what + ' ' + ${JSON.stringify(MISSING_FEATURE_SUFFIX)});
  error.name = 'Unsupported';
  return error;
}
`;
  return `(function (report) {\n${head}${GUEST_VITEST_EQUALS}${GUEST_VITEST_EXPECT}${GUEST_VITEST_MOCK}${GUEST_VITEST_EACH}${GUEST_VITEST_RUNNER}${GUEST_VITEST_API}\n})`;
}
