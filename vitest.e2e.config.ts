import { defineConfig } from 'vitest/config';

/** Browser tests: run by scripts/e2e.mjs, which builds, serves and sets PHASEGATE_URL and CHROME_PATH. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // One browser at a time: the machine has two cores and the runs are timing-sensitive.
    fileParallelism: false,
    allowOnly: false,
  },
});
