/** The version `node --version` reports: the Node release whose API the built-ins follow. */
export const VIRTUAL_NODE_VERSION = 'v22.0.0';

/** What the system prompt says about `node` in the virtual sandbox (kept apart from the command, which loads just-bash). */
export const NODE_RUNTIME_DESCRIPTION =
  '`node` (the Node 22 API on QuickJS; no child_process, network or addons) runs JavaScript and TypeScript, for `npm test`, `npm run`, `npx` and `node --test`, and `vitest` / `jest` are an offline runner of their common API.';
