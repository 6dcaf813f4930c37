import { describe, expect, it } from 'vitest';
import { ToolErrorKindSchema } from '../../../src/protocol/events';
import { type Sandbox, SandboxError } from '../../../src/sandbox/port';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { advancePhaseTool } from '../../../src/tools/advance-phase';
import { askHumanTool } from '../../../src/tools/ask-human';
import { createFileTool } from '../../../src/tools/create-file';
import { editFileTool } from '../../../src/tools/edit-file';
import { errorKindOf } from '../../../src/tools/errors';
import { FileVersions } from '../../../src/tools/file-versions';
import { listFilesTool } from '../../../src/tools/list-files';
import { outlineTool } from '../../../src/tools/outline';
import { readFileTool } from '../../../src/tools/read-file';
import { runCommandTool } from '../../../src/tools/run-command';
import { runTestsTool } from '../../../src/tools/run-tests';
import { searchCodebaseTool } from '../../../src/tools/search-codebase';
import type { ToolErrorKind, ToolResult } from '../../../src/tools/tool';
import { WriteNotLandedError } from '../../../src/tools/verified-write';
import { type Harness, harness } from './helpers';

import './grammars';

const FILES = {
  'a.txt': 'alpha\nbeta\ngamma\n',
  'twice.txt': 'x\nx\n',
  'img.png': 'PNG\0data',
  'bin.ts': 'export const a = 1;\0\n',
  'big.ts': `// ${'x'.repeat(1024 * 1024)}\n`,
  'main.ts': 'export function main(): number {\n  return 1;\n}\n',
  'src/shapes.ts': 'class A {\n  area() {}\n}\nclass B {\n  area() {}\n}\n',
};
const BROKEN_TS = 'export function main(: number {\n';

interface Case {
  kind: ToolErrorKind;
  run: (h: Harness) => Promise<ToolResult>;
  files?: Record<string, string>;
}

const withVersions = (h: Harness, seen: Record<string, string> = {}) => {
  const versions = new FileVersions();
  for (const [path, content] of Object.entries(seen)) versions.remember(`/workspace/${path}`, content);
  h.ctx.fileVersions = versions;
  return h.ctx;
};

const CASES: Record<string, Case> = {
  'read_file: an empty path': { kind: 'invalid_arguments', run: (h) => readFileTool.run({ path: ' ' }, h.ctx) },
  'read_file: a path above the workspace': { kind: 'outside_workspace', run: (h) => readFileTool.run({ path: '../etc/passwd' }, h.ctx) },
  'read_file: an absolute path elsewhere': { kind: 'outside_workspace', run: (h) => readFileTool.run({ path: '/etc/passwd' }, h.ctx) },
  'read_file: the home directory': { kind: 'outside_workspace', run: (h) => readFileTool.run({ path: '~/notes.txt' }, h.ctx) },
  'read_file: a missing file': { kind: 'not_found', run: (h) => readFileTool.run({ path: 'nope.txt' }, h.ctx) },
  'read_file: a directory': { kind: 'is_directory', run: (h) => readFileTool.run({ path: 'src' }, h.ctx) },
  'read_file: a binary file': { kind: 'binary_file', run: (h) => readFileTool.run({ path: 'img.png' }, h.ctx) },
  'read_file: a start past the end': { kind: 'invalid_arguments', run: (h) => readFileTool.run({ path: 'a.txt', start_line: 9 }, h.ctx) },
  'read_file: a start after the end': { kind: 'invalid_arguments', run: (h) => readFileTool.run({ path: 'a.txt', start_line: 3, end_line: 2 }, h.ctx) },
  'read_file: an ambiguous symbol': { kind: 'ambiguous', run: (h) => readFileTool.run({ path: 'src/shapes.ts', symbol: 'area' }, h.ctx) },
  'read_file: a missing symbol': { kind: 'not_found', run: (h) => readFileTool.run({ path: 'main.ts', symbol: 'nope' }, h.ctx) },
  'read_file: lines outside the symbol': { kind: 'invalid_arguments', run: (h) => readFileTool.run({ path: 'main.ts', symbol: 'main', start_line: 5 }, h.ctx) },

  'create_file: an existing file': { kind: 'already_exists', run: (h) => createFileTool.run({ path: 'a.txt', content: '' }, h.ctx) },
  'create_file: an existing directory': { kind: 'is_directory', run: (h) => createFileTool.run({ path: 'src', content: '' }, h.ctx) },
  'create_file: a file as parent': { kind: 'not_a_directory', run: (h) => createFileTool.run({ path: 'a.txt/b.txt', content: '' }, h.ctx) },
  'create_file: outside the workspace': { kind: 'outside_workspace', run: (h) => createFileTool.run({ path: '/tmp/x.txt', content: '' }, h.ctx) },
  'create_file: a syntax error, refused': {
    kind: 'syntax_error',
    run: (h) => createFileTool.run({ path: 'new.ts', content: BROKEN_TS }, { ...h.ctx, refuseSyntaxErrors: true }),
  },

  'edit_file: a missing file': { kind: 'not_found', run: (h) => editFileTool.run({ path: 'nope.txt', search: 'a', replace: 'b' }, h.ctx) },
  'edit_file: a directory': { kind: 'is_directory', run: (h) => editFileTool.run({ path: 'src', search: 'a', replace: 'b' }, h.ctx) },
  'edit_file: a binary file': { kind: 'binary_file', run: (h) => editFileTool.run({ path: 'img.png', search: 'data', replace: 'b' }, h.ctx) },
  'edit_file: a file not read': { kind: 'unread', run: (h) => editFileTool.run({ path: 'a.txt', search: 'beta', replace: 'b' }, withVersions(h)) },
  'edit_file: a file changed since it was read': {
    kind: 'stale_read',
    run: (h) => editFileTool.run({ path: 'a.txt', search: 'beta', replace: 'b' }, withVersions(h, { 'a.txt': 'older\n' })),
  },
  'edit_file: a search that fits twice': { kind: 'ambiguous', run: (h) => editFileTool.run({ path: 'twice.txt', search: 'x', replace: 'y' }, h.ctx) },
  'edit_file: a search that fits nowhere': { kind: 'no_match', run: (h) => editFileTool.run({ path: 'a.txt', search: 'delta\nepsilon', replace: 'y' }, h.ctx) },
  'edit_file: one of several edits fits nowhere': {
    kind: 'no_match',
    run: (h) =>
      editFileTool.run(
        {
          path: 'a.txt',
          edits: [
            { search: 'alpha', replace: 'A' },
            { search: 'zeta', replace: 'Z' },
          ],
        },
        h.ctx,
      ),
  },
  'edit_file: edits that overlap': {
    kind: 'invalid_arguments',
    run: (h) =>
      editFileTool.run(
        {
          path: 'a.txt',
          edits: [
            { search: 'alpha\nbeta', replace: 'A' },
            { search: 'beta\ngamma', replace: 'B' },
          ],
        },
        h.ctx,
      ),
  },
  'edit_file: an empty search': { kind: 'invalid_arguments', run: (h) => editFileTool.run({ path: 'a.txt', search: '', replace: 'b' }, h.ctx) },
  'edit_file: a NUL in the replacement': { kind: 'invalid_arguments', run: (h) => editFileTool.run({ path: 'a.txt', search: 'beta', replace: 'b\0' }, h.ctx) },
  'edit_file: an edit that changes nothing': { kind: 'no_change', run: (h) => editFileTool.run({ path: 'a.txt', search: 'beta', replace: 'beta' }, h.ctx) },
  'edit_file: a syntax error, refused': {
    kind: 'syntax_error',
    run: (h) => editFileTool.run({ path: 'main.ts', search: 'main()', replace: 'main(' }, { ...h.ctx, refuseSyntaxErrors: true }),
  },

  'list_files: a missing directory': { kind: 'not_found', run: (h) => listFilesTool.run({ path: 'nope' }, h.ctx) },
  'list_files: a file': { kind: 'not_a_directory', run: (h) => listFilesTool.run({ path: 'a.txt' }, h.ctx) },
  'list_files: outside the workspace': { kind: 'outside_workspace', run: (h) => listFilesTool.run({ path: '..' }, h.ctx) },

  'outline: a missing path': { kind: 'not_found', run: (h) => outlineTool.run({ path: 'nope.ts' }, h.ctx) },
  'outline: a file type without symbols': { kind: 'unsupported', run: (h) => outlineTool.run({ path: 'a.txt' }, h.ctx) },
  'outline: a binary source file': { kind: 'binary_file', run: (h) => outlineTool.run({ path: 'bin.ts' }, h.ctx) },
  'outline: a source file too large': { kind: 'too_large', run: (h) => outlineTool.run({ path: 'big.ts' }, h.ctx) },
  'outline: outside the workspace': { kind: 'outside_workspace', run: (h) => outlineTool.run({ path: '/etc' }, h.ctx) },

  'search_codebase: an empty pattern': { kind: 'invalid_arguments', run: (h) => searchCodebaseTool.run({ pattern: '' }, h.ctx) },
  'search_codebase: include and glob at once': {
    kind: 'invalid_arguments',
    run: (h) => searchCodebaseTool.run({ pattern: 'a', include: '*.ts', glob: '*.js' }, h.ctx),
  },
  'search_codebase: a broken pattern': { kind: 'invalid_arguments', run: (h) => searchCodebaseTool.run({ pattern: 'a(' }, h.ctx) },
  'search_codebase: a lookahead': { kind: 'invalid_arguments', run: (h) => searchCodebaseTool.run({ pattern: 'a(?=b)' }, h.ctx) },
  'search_codebase: Stop': {
    kind: 'cancelled',
    run: (h) => {
      h.controller.abort();
      return searchCodebaseTool.run({ pattern: 'a' }, h.ctx);
    },
  },

  'run_command: an empty command': { kind: 'invalid_arguments', run: (h) => runCommandTool.run({ command: '  ' }, h.ctx) },
  'run_command: a non-zero exit': { kind: 'command_failed', run: (h) => runCommandTool.run({ command: 'exit 3' }, h.ctx) },
  'run_command: a timeout': { kind: 'timeout', run: (h) => runCommandTool.run({ command: 'sleep 5', timeout_seconds: 0.2 }, h.ctx) },
  'run_command: Stop before it starts': {
    kind: 'cancelled',
    run: (h) => {
      h.controller.abort();
      return runCommandTool.run({ command: 'echo hi' }, h.ctx);
    },
  },
  'run_command: Stop while it runs': {
    kind: 'cancelled',
    run: (h) => {
      setTimeout(() => h.controller.abort(), 50);
      return runCommandTool.run({ command: 'sleep 5' }, h.ctx);
    },
  },
  'run_command: a sandbox that cannot run it': {
    kind: 'sandbox_error',
    run: (h) => {
      const broken = Object.create(h.ctx.sandbox) as Sandbox;
      broken.exec = () => Promise.reject(new Error('gone'));
      return runCommandTool.run({ command: 'echo hi' }, { ...h.ctx, sandbox: broken });
    },
  },

  'run_tests: no runner': { kind: 'no_test_runner', run: (h) => runTestsTool.run({}, h.ctx) },
  'run_tests: failing tests': {
    kind: 'tests_failed',
    files: { ...STARTER_PROJECT, 'src/greet.sh': 'greet() {\n  echo "Bye"\n}\n' },
    run: (h) => runTestsTool.run({}, h.ctx),
  },
  'run_tests: no test found': {
    kind: 'no_tests',
    files: { 'package.json': '{"scripts":{"test":"node --test"}}', 'index.js': 'module.exports = 1;\n' },
    run: (h) => runTestsTool.run({}, h.ctx),
  },

  'ask_human: nobody to answer': {
    kind: 'needs_human',
    run: (h) => askHumanTool.run({ question: 'Which port?', kind: 'question' }, { ...h.ctx, human: null }),
  },
  'ask_human: the answers ran out': {
    kind: 'needs_human',
    run: (h) => askHumanTool.run({ question: 'Which port?', kind: 'question' }, { ...h.ctx, human: { interactive: false, ask: async () => null } }),
  },

  'advance_phase: a run without phases': { kind: 'unsupported', run: (h) => advancePhaseTool.run({}, h.ctx) },
  'advance_phase: the final phase': {
    kind: 'final_phase',
    run: (h) =>
      advancePhaseTool.run(
        {},
        { ...h.ctx, phases: { advance: async () => ({ ok: false, errorKind: 'final_phase', message: 'Already at the final phase.' }) } },
      ),
  },
  'advance_phase: a failed validation': {
    kind: 'validation_failed',
    run: (h) =>
      advancePhaseTool.run({}, { ...h.ctx, phases: { advance: async () => ({ ok: false, errorKind: 'validation_failed', message: 'npm test failed.' }) } }),
  },
  "advance_phase: the engine's check still failing after the fix attempts": {
    kind: 'verification_failed',
    run: (h) =>
      advancePhaseTool.run(
        {},
        { ...h.ctx, phases: { advance: async () => ({ ok: false, errorKind: 'verification_failed', message: 'npm test still failed.' }) } },
      ),
  },
};

describe('failure kinds', () => {
  it.each(Object.entries(CASES))('%s', async (_what, { kind, run, files }) => {
    const h = harness(files ?? FILES);
    const result = await run(h);
    expect(result).toMatchObject({ ok: false, errorKind: kind });
  });

  it.each([
    [new SandboxError('gone', 'ENOENT'), 'not_found'],
    [new SandboxError('there', 'EEXIST'), 'already_exists'],
    [new SandboxError('dir', 'EISDIR'), 'is_directory'],
    [new SandboxError('file', 'ENOTDIR'), 'not_a_directory'],
    [new SandboxError('loop', 'ELOOP'), 'sandbox_error'],
    [new WriteNotLandedError('/workspace/a'), 'sandbox_error'],
    [new Error('bug'), 'internal_error'],
  ] as const)('gives a thrown %s the kind %s', (error, kind) => {
    expect(errorKindOf(error)).toBe(kind);
  });

  it('uses every kind the tools can produce, from the closed set', () => {
    const used = new Set(Object.values(CASES).map((c) => c.kind));
    // The executor's own kinds, and a resumed run's for a call the reload cut off (test/unit/store/resume.test.ts).
    // A sandbox that stopped working is the executor's too (a tool throws SandboxUnavailableError), and so
    // is a call the user denied under "Ask before" (test/unit/engine/approvals.test.ts).
    const executorOnly = ['unknown_tool', 'refused_by_gate', 'internal_error', 'interrupted', 'sandbox_unavailable', 'denied_by_user'];
    expect([...used, ...executorOnly].sort()).toEqual([...ToolErrorKindSchema.options].sort());
  });
});
