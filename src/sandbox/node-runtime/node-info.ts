import type { RuntimeInfo } from '../../protocol/events';

/** The version `node --version` reports: the Node release whose API the built-ins follow. */
export const VIRTUAL_NODE_VERSION = 'v22.0.0';

/** What the system prompt says about `node` in the virtual sandbox (kept apart from the command, which loads just-bash). */
export const NODE_RUNTIME: RuntimeInfo = {
  command: 'node',
  description:
    "`node` runs JavaScript and TypeScript (types stripped) in QuickJS with the common built-ins of Node 22 (fs, path, assert, util, events, node:test…; no child_process, network or native addons), `node --test` runs node:test files, `npm test` / `npm run` / `npx` run package.json scripts and local binaries with it, and `vitest` / `jest` run Phasegate's offline vitest/jest-compatible runner (a common subset of their API; no vi.mock, snapshots or fake timers).",
};
