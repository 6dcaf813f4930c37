import type { Sandbox } from '../sandbox/port';
import { confineToWorkspace } from '../tools/real-path';

/** Files whose content becomes the project layer of the system prompt, first found wins. */
export const PROJECT_INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;

/** The project layer is capped so a huge instructions file cannot crowd out the task. */
const PROJECT_LAYER_LIMIT = 8000;

export interface ProjectInstructions {
  file: string;
  content: string;
}

const BASE_RULES = `You are Phasegate, a careful coding agent working in a sandboxed workspace.

How you work:
- Work in small steps: explore the project, make a focused change, verify it, repeat.
- Use the tools to look at files before you change them; never guess a file's content.
- Prefer edit_file for changes to existing files and create_file for new ones.
- After a change, run the tests (run_tests) or a command that proves it works.
- When a tool returns an error, read it and adjust your next call instead of repeating it.
- Paths are relative to the workspace root.
- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.`;

export async function loadProjectInstructions(sandbox: Sandbox): Promise<ProjectInstructions | null> {
  for (const file of PROJECT_INSTRUCTION_FILES) {
    const path = `${sandbox.workdir}/${file}`;
    const stat = await sandbox.stat(path);
    if (stat?.type !== 'file') continue;
    // A link out of the workspace would put a file from elsewhere in front of the model.
    if (!(await confineToWorkspace(sandbox, path, file, 'read')).ok) continue;
    const content = await sandbox.readFile(path);
    return { file, content };
  }
  return null;
}

export interface PromptContext {
  sandboxKind: 'virtual' | 'webcontainer';
  workdir: string;
  project: ProjectInstructions | null;
}

const ENVIRONMENTS: Record<PromptContext['sandboxKind'], string> = {
  virtual:
    'a virtual bash shell (just-bash) with common Unix tools (ls, cat, grep, rg, sed, awk, find, jq, diff, tar…) and a minimal `npm test` / `npm run` that runs package.json scripts through bash. There is no Node.js, no Python and no network.',
  webcontainer: 'a WebContainer: Node.js and npm run inside the browser; native binaries and most non-JavaScript toolchains are not available.',
};

/** System prompt in layers: base rules, then the environment, then the project's own instructions. */
export function buildSystemPrompt(context: PromptContext): string {
  const layers = [
    BASE_RULES,
    `Environment: ${ENVIRONMENTS[context.sandboxKind]} Workspace root: ${context.workdir}.`,
  ];
  if (context.project) {
    const text = context.project.content.trim();
    const clipped =
      text.length > PROJECT_LAYER_LIMIT ? `${text.slice(0, PROJECT_LAYER_LIMIT)}\n[… ${context.project.file} cut at ${PROJECT_LAYER_LIMIT} characters]` : text;
    layers.push(`Project instructions from ${context.project.file} (follow them):\n${clipped}`);
  }
  return layers.join('\n\n');
}

/** The task layer is the first user message. */
export function buildTaskMessage(task: string): string {
  return `Task:\n${task.trim()}`;
}
