import type { SandboxInfo } from '../../protocol/events';
import { VIRTUAL_RUNTIMES } from '../../sandbox/virtual-info';

/** The first layer of every system prompt. */
export const BASE_RULES = `You are Phasegate, a careful coding agent working in a sandboxed workspace.

How you work:
- Do what was asked and no more.
- Work in small steps: explore the project, make a focused change, verify it, repeat.
- Look at files before you change them (and at a file you created before importing from it); never guess a file's content.
- Prefer edit_file for changes to existing files and create_file for new ones.
- After a change, run the tests (run_tests) or a command that proves it works; never hard-code a value to make a test pass.
- When a tool returns an error, read it and adjust your next call instead of repeating it.
- Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome or blocks you (missing credentials, an external service).
- Paths are relative to the workspace root.
- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.`;

export const ENVIRONMENT_LAYER = `Environment: {{environment}} Workspace root: {{workdir}}.`;

/** What each sandbox offers, filled into ENVIRONMENT_LAYER; the virtual sandbox's runtimes follow its shell (see environmentText). */
export const ENVIRONMENTS: Record<SandboxInfo['kind'], string> = {
  virtual: `a virtual bash shell (just-bash) with common Unix tools (ls, cat, grep, rg, sed, awk, find, jq, diff, tar…) and a minimal \`npm test\` / \`npm run\` that runs package.json scripts through bash.`,
  webcontainer: `a WebContainer: Node.js and npm run inside the browser; native binaries, Python and most other non-JavaScript toolchains are not available.`,
};

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The environment sentence: what the sandbox runs, each runtime it has, what it lacks (the network always). */
export function environmentText(info: Pick<SandboxInfo, 'kind' | 'runtimes'>): string {
  if (info.kind === 'webcontainer') return ENVIRONMENTS.webcontainer;
  const has = new Set(info.runtimes ?? []);
  const runtimes = Object.entries(VIRTUAL_RUNTIMES);
  const present = runtimes.filter(([command]) => has.has(command)).map(([, runtime]) => runtime.description);
  const missing = runtimes.filter(([command]) => !has.has(command)).map(([, runtime]) => `no ${runtime.name}`);
  return [ENVIRONMENTS.virtual, ...present, `There is ${joinAnd([...missing, 'no network'])}.`].join(' ');
}

/** The manifests' ecosystems, dependencies and scripts (tech-stack.ts). */
export const TECH_STACK_LAYER = `Tech stack: {{stack}}.`;

export const PROJECT_LAYER = `Project instructions from {{file}} (follow them):
{{content}}`;

/** A project file over the limit: its head, then this note. */
export const PROJECT_CUT = `{{head}}
[… {{file}} cut at {{limit}} characters]`;
