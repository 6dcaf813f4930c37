import { describe, expect, it } from 'vitest';
import { renderWorkspaceTree, type WorkspaceListing } from '../../../src/engine/context/file-tree';
import { buildPhaseLayer, describePhase } from '../../../src/engine/phase-prompt';
import { DEFAULT_POLICY, type Policy } from '../../../src/engine/policy';
import { buildSystemPrompt, buildTaskMessage } from '../../../src/engine/prompt';
import { EMPTY_REPLY_NUDGE } from '../../../src/engine/prompts';
import { type Phase, PHASES } from '../../../src/protocol/phases';

// Expected texts were printed by the code before the prompts became templates (the ask_human rule and tool, and the rules of issue 21, added since): the model must see the same bytes.
const VIRTUAL_NO_PROJECT =
  "You are Phasegate, a careful coding agent working in a sandboxed workspace.\n\nHow you work:\n- Do what was asked and no more.\n- Work in small steps: explore the project, make a focused change, verify it, repeat.\n- Look at files before you change them (and at a file you created before importing from it); never guess a file's content.\n- Prefer edit_file for changes to existing files and create_file for new ones.\n- After a change, run the tests (run_tests) or a command that proves it works; never hard-code a value to make a test pass.\n- When a tool returns an error, read it and adjust your next call instead of repeating it.\n- Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome or blocks you (missing credentials, an external service).\n- Paths are relative to the workspace root.\n- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.\n\nEnvironment: a virtual bash shell (just-bash) with common Unix tools (ls, cat, grep, rg, sed, awk, find, jq, diff, tar…) and a minimal `npm test` / `npm run` that runs package.json scripts through bash. There is no Node.js, no Python and no network. Workspace root: /workspace.";
const WEBCONTAINER_PROJECT =
  "You are Phasegate, a careful coding agent working in a sandboxed workspace.\n\nHow you work:\n- Do what was asked and no more.\n- Work in small steps: explore the project, make a focused change, verify it, repeat.\n- Look at files before you change them (and at a file you created before importing from it); never guess a file's content.\n- Prefer edit_file for changes to existing files and create_file for new ones.\n- After a change, run the tests (run_tests) or a command that proves it works; never hard-code a value to make a test pass.\n- When a tool returns an error, read it and adjust your next call instead of repeating it.\n- Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome or blocks you (missing credentials, an external service).\n- Paths are relative to the workspace root.\n- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.\n\nEnvironment: a WebContainer: Node.js and npm run inside the browser; native binaries, Python and most other non-JavaScript toolchains are not available. Workspace root: /home/project.\n\nProject instructions from AGENTS.md (follow them):\nUse tabs.\n{{not a placeholder}}";
const CLIPPED =
  "You are Phasegate, a careful coding agent working in a sandboxed workspace.\n\nHow you work:\n- Do what was asked and no more.\n- Work in small steps: explore the project, make a focused change, verify it, repeat.\n- Look at files before you change them (and at a file you created before importing from it); never guess a file's content.\n- Prefer edit_file for changes to existing files and create_file for new ones.\n- After a change, run the tests (run_tests) or a command that proves it works; never hard-code a value to make a test pass.\n- When a tool returns an error, read it and adjust your next call instead of repeating it.\n- Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome or blocks you (missing credentials, an external service).\n- Paths are relative to the workspace root.\n- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.\n\nEnvironment: a virtual bash shell (just-bash) with common Unix tools (ls, cat, grep, rg, sed, awk, find, jq, diff, tar…) and a minimal `npm test` / `npm run` that runs package.json scripts through bash. There is no Node.js, no Python and no network. Workspace root: /w.\n\nProject instructions from CLAUDE.md (follow them):\n" +
  'x'.repeat(8000) +
  '\n[… CLAUDE.md cut at 8000 characters]';
const EXACT_LIMIT =
  "You are Phasegate, a careful coding agent working in a sandboxed workspace.\n\nHow you work:\n- Do what was asked and no more.\n- Work in small steps: explore the project, make a focused change, verify it, repeat.\n- Look at files before you change them (and at a file you created before importing from it); never guess a file's content.\n- Prefer edit_file for changes to existing files and create_file for new ones.\n- After a change, run the tests (run_tests) or a command that proves it works; never hard-code a value to make a test pass.\n- When a tool returns an error, read it and adjust your next call instead of repeating it.\n- Decide small things (names, formatting, file layout) yourself; ask the user with ask_human only about what changes the outcome or blocks you (missing credentials, an external service).\n- Paths are relative to the workspace root.\n- When the task is done, reply with a short summary of what you changed and how you verified it, without calling a tool. That reply ends the run.\n\nEnvironment: a virtual bash shell (just-bash) with common Unix tools (ls, cat, grep, rg, sed, awk, find, jq, diff, tar…) and a minimal `npm test` / `npm run` that runs package.json scripts through bash. There is no Node.js, no Python and no network. Workspace root: /w.\n\nProject instructions from CLAUDE.md (follow them):\n" +
  'y'.repeat(8000) +
  '';
const TREE_LISTED =
  'Workspace files when the run started (5 files, all listed; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):\nlib/\n  deep/\n    x.ts\n  a.ts\nshared/ → lib/\nREADME.md\nmain.ts\nrun.sh → main.ts';
const TREE_SUMMARISED =
  'Workspace files when the run started (5 files in 2 folders, summarised: a folder shown as "name/ (N files)" holds N files not listed, counted in the first 7 entries only; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):\nlib/ (2 files)\nshared/ → lib/\nREADME.md\nmain.ts\nrun.sh → main.ts';
const TREE_EMPTY =
  'Workspace files when the run started (0 files, all listed; dependencies, build output and paths ignored by .gitignore are left out; list_files shows more):\n(no files)';
/** Folders first, then files, links among them, as the walk lists them. */
const LISTING: WorkspaceListing = {
  entries: [
    { path: 'lib', type: 'dir' },
    { path: 'lib/deep', type: 'dir' },
    { path: 'lib/deep/x.ts', type: 'file' },
    { path: 'lib/a.ts', type: 'file' },
    { path: 'shared', type: 'dir', link: 'lib' },
    { path: 'README.md', type: 'file' },
    { path: 'main.ts', type: 'file' },
    { path: 'run.sh', type: 'file', link: 'main.ts' },
  ],
  cappedAt: null,
};
const TASK = 'Task:\nFix the bug\n in {{x}} $& $1';
const PHASE_LAYER_DEFAULT =
  "This run is gated in phases: planning → building → verification → delivery. Each phase allows only some tools and commands;\na refused call returns a phase_violation error and changes nothing. Call advance_phase when a phase's work is done; phases only move forward.\n- planning: tools read_file, list_files, search_codebase, outline, ask_human, run_command, advance_phase; shell: read-only commands only; file writes not allowed.\n- building: tools read_file, list_files, search_codebase, outline, ask_human, create_file, edit_file, run_command, run_tests, advance_phase; shell: any command that is not destructive; file writes allowed.\n- verification: tools read_file, list_files, search_codebase, outline, ask_human, run_tests, run_command, advance_phase; shell: read-only commands and test commands; file writes not allowed.\n- delivery: tools every tool; shell: any command; file writes allowed.\nThe run starts in planning.";
const PHASE_LAYER_CUSTOM =
  "This run is gated in phases: planning → building → verification → delivery. Each phase allows only some tools and commands;\na refused call returns a phase_violation error and changes nothing. Call advance_phase when a phase's work is done; phases only move forward.\n- planning: tools every tool; shell: any command; file writes allowed.\n- building: tools read_file; shell: read-only commands and test commands; file writes not allowed.\n- verification: tools ; shell: any command that is not destructive; file writes allowed.\n- delivery: tools a, b; shell: read-only commands only; file writes not allowed.\nThe run starts in building.";
const NUDGE = 'Your last reply was empty. Either call a tool to continue the task, or reply with a short summary if the task is done.';
const DESCRIBE_DEFAULT: Record<Phase, string> = {
  planning:
    'planning: tools read_file, list_files, search_codebase, outline, ask_human, run_command, advance_phase; shell: read-only commands only; file writes not allowed.',
  building:
    'building: tools read_file, list_files, search_codebase, outline, ask_human, create_file, edit_file, run_command, run_tests, advance_phase; shell: any command that is not destructive; file writes allowed.',
  verification:
    'verification: tools read_file, list_files, search_codebase, outline, ask_human, run_tests, run_command, advance_phase; shell: read-only commands and test commands; file writes not allowed.',
  delivery: 'delivery: tools every tool; shell: any command; file writes allowed.',
};
const DESCRIBE_CUSTOM: Record<Phase, string> = {
  planning: 'planning: tools every tool; shell: any command; file writes allowed.',
  building: 'building: tools read_file; shell: read-only commands and test commands; file writes not allowed.',
  verification: 'verification: tools ; shell: any command that is not destructive; file writes allowed.',
  delivery: 'delivery: tools a, b; shell: read-only commands only; file writes not allowed.',
};

/** Every shell rule, '*', an empty and a short tool list, and a start phase other than the first. */
const CUSTOM: Policy = {
  ...DEFAULT_POLICY,
  startPhase: 'building',
  phases: {
    planning: { ...DEFAULT_POLICY.phases.planning, tools: ['*'], shell: 'any', writes: true },
    building: { ...DEFAULT_POLICY.phases.building, tools: ['read_file'], shell: 'readonly_or_tests', writes: false },
    verification: { ...DEFAULT_POLICY.phases.verification, tools: [], shell: 'not_destructive', writes: true },
    delivery: { ...DEFAULT_POLICY.phases.delivery, tools: ['a', 'b'], shell: 'readonly', writes: false },
  },
};

describe('rendered prompts stay byte for byte the same', () => {
  it('system prompt: environments, project layer, clipping at the limit', () => {
    expect(buildSystemPrompt({ sandbox: { kind: 'virtual' }, workdir: '/workspace', project: null })).toBe(VIRTUAL_NO_PROJECT);
    // Placeholder-like text in the project file is content, not a placeholder.
    const project = { file: 'AGENTS.md', content: '  \nUse tabs.\n{{not a placeholder}}\n\n' };
    expect(buildSystemPrompt({ sandbox: { kind: 'webcontainer' }, workdir: '/home/project', project })).toBe(WEBCONTAINER_PROJECT);
    expect(buildSystemPrompt({ sandbox: { kind: 'virtual' }, workdir: '/w', project: { file: 'CLAUDE.md', content: 'x'.repeat(8001) } })).toBe(CLIPPED);
    expect(buildSystemPrompt({ sandbox: { kind: 'virtual' }, workdir: '/w', project: { file: 'CLAUDE.md', content: 'y'.repeat(8000) } })).toBe(EXACT_LIMIT);
  });

  it('workspace tree layer: listed in full, summarised, empty; after the project layer, none when absent', () => {
    expect(renderWorkspaceTree(LISTING)).toBe(TREE_LISTED);
    expect(renderWorkspaceTree({ ...LISTING, cappedAt: 7 }, { maxChars: 340 })).toBe(TREE_SUMMARISED);
    expect(renderWorkspaceTree({ entries: [], cappedAt: null })).toBe(TREE_EMPTY);
    const project = { file: 'AGENTS.md', content: '  \nUse tabs.\n{{not a placeholder}}\n\n' };
    expect(buildSystemPrompt({ sandbox: { kind: 'webcontainer' }, workdir: '/home/project', project, workspaceTree: TREE_LISTED })).toBe(
      `${WEBCONTAINER_PROJECT}\n\n${TREE_LISTED}`,
    );
    expect(buildSystemPrompt({ sandbox: { kind: 'virtual' }, workdir: '/workspace', project: null, workspaceTree: TREE_SUMMARISED })).toBe(
      `${VIRTUAL_NO_PROJECT}\n\n${TREE_SUMMARISED}`,
    );
    expect(buildSystemPrompt({ sandbox: { kind: 'virtual' }, workdir: '/workspace', project: null, workspaceTree: null })).toBe(VIRTUAL_NO_PROJECT);
  });

  it('task message keeps `$` and `{{…}}` in the task as written', () => {
    expect(buildTaskMessage('  Fix the bug\n in {{x}} $& $1 \n')).toBe(TASK);
  });

  it('phase layer and phase descriptions', () => {
    expect(buildPhaseLayer(DEFAULT_POLICY)).toBe(PHASE_LAYER_DEFAULT);
    expect(buildPhaseLayer(CUSTOM)).toBe(PHASE_LAYER_CUSTOM);
    for (const phase of PHASES) {
      expect(describePhase(DEFAULT_POLICY, phase)).toBe(DESCRIBE_DEFAULT[phase]);
      expect(describePhase(CUSTOM, phase)).toBe(DESCRIBE_CUSTOM[phase]);
    }
  });

  it('empty-reply nudge', () => {
    expect(EMPTY_REPLY_NUDGE).toBe(NUDGE);
  });
});
