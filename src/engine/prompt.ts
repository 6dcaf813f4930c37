import type { SandboxInfo } from '../protocol/events';
import type { Sandbox } from '../sandbox/port';
import { confineToWorkspace } from '../tools/real-path';
import { BASE_RULES, ENVIRONMENT_LAYER, environmentText, PROJECT_CUT, PROJECT_LAYER, renderTemplate, TASK_MESSAGE, TECH_STACK_LAYER } from './prompts';

/** Files whose content becomes the project layer of the system prompt, first found wins. */
export const PROJECT_INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;

/** The project layer is capped so a huge instructions file cannot crowd out the task. */
const PROJECT_LAYER_LIMIT = 8000;

export interface ProjectInstructions {
  file: string;
  content: string;
}

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
  /** The sandbox's kind and runtimes (`Sandbox.info`). */
  sandbox: Pick<SandboxInfo, 'kind' | 'runtimes'>;
  workdir: string;
  project: ProjectInstructions | null;
  /** The stack the workspace's manifests name (tech-stack.ts `detectTechStack`); absent or null for none. */
  techStack?: string | null;
  /** The workspace tree layer (context/file-tree.ts `loadWorkspaceTree`); absent or null for none. */
  workspaceTree?: string | null;
}

/** System prompt in layers: base rules, the environment, the tech stack, the project's own instructions, the workspace tree. */
export function buildSystemPrompt(context: PromptContext): string {
  const layers = [BASE_RULES, renderTemplate(ENVIRONMENT_LAYER, { environment: environmentText(context.sandbox), workdir: context.workdir })];
  if (context.techStack) layers.push(renderTemplate(TECH_STACK_LAYER, { stack: context.techStack }));
  if (context.project) {
    const { file } = context.project;
    const text = context.project.content.trim();
    const content =
      text.length > PROJECT_LAYER_LIMIT
        ? renderTemplate(PROJECT_CUT, { head: text.slice(0, PROJECT_LAYER_LIMIT), file, limit: String(PROJECT_LAYER_LIMIT) })
        : text;
    layers.push(renderTemplate(PROJECT_LAYER, { file, content }));
  }
  if (context.workspaceTree) layers.push(context.workspaceTree);
  return layers.join('\n\n');
}

/** The first user message: the task, then `earlierRuns` (earlierRunsSection: what a session's earlier runs did; '' for none). */
export function buildTaskMessage(task: string, earlierRuns = ''): string {
  const message = renderTemplate(TASK_MESSAGE, { task: task.trim() });
  return earlierRuns === '' ? message : `${message}\n\n${earlierRuns}`;
}
