import { type ApprovalKind } from '../protocol/ask-before';
import { diffLines } from '../protocol/diff';
import { APPROVAL_LIMITS } from '../protocol/events';
import type { ToolKind } from '../tools/tool';

/** What the user is asked to approve: the call, its kind, and what it would do, as plain text. */
export interface ApprovalRequest {
  callId: string;
  tool: string;
  kind: ApprovalKind;
  /** One line: the command, or "create src/a.ts". */
  summary: string;
  /** What an edit writes: the new file's content, or its edits as a diff. */
  detail?: string;
  path?: string;
}

/** The kind of approval a tool's calls need: commands for execute tools, edits for edit tools; reads and the rest none. */
export function approvalKindOf(kind: ToolKind): ApprovalKind | null {
  if (kind === 'execute') return 'command';
  if (kind === 'edit') return 'edit';
  return null;
}

const cut = (text: string, limit: number) => (text.length <= limit ? text : `${text.slice(0, limit - 1)}…`);
const field = (args: unknown, name: string): string | null => {
  const value = typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
};

/** The request for a call of `tool` with its parsed arguments, readable on the page and in a terminal. */
export function describeCall(callId: string, tool: string, kind: ApprovalKind, args: unknown): ApprovalRequest {
  const base = { callId, tool, kind };
  const command = field(args, 'command');
  if (kind === 'command') {
    if (command !== null)
      return {
        ...base,
        summary: cut(command, APPROVAL_LIMITS.summary),
        ...(command.length > APPROVAL_LIMITS.summary ? { detail: cut(command, APPROVAL_LIMITS.detail) } : {}),
      };
    if (tool === 'run_tests') return { ...base, summary: testsSummary(args) };
    return { ...base, summary: cut(`${tool} ${JSON.stringify(args)}`, APPROVAL_LIMITS.summary) };
  }
  const path = field(args, 'path');
  const content = field(args, 'content');
  const detail = content ?? editsDiff(args);
  const verb = tool === 'create_file' ? 'create' : 'edit';
  return {
    ...base,
    summary: cut(path === null ? `${tool} ${JSON.stringify(args)}` : `${verb} ${path}`, APPROVAL_LIMITS.summary),
    ...(detail === null ? {} : { detail: cut(detail, APPROVAL_LIMITS.detail) }),
    ...(path === null ? {} : { path }),
  };
}

function testsSummary(args: unknown): string {
  const target = field(args, 'test_path');
  const name = field(args, 'name');
  return cut(`run the tests${target ? ` in ${target}` : ''}${name ? ` named "${name}"` : ''}`, APPROVAL_LIMITS.summary);
}

/** edit_file's search/replace pairs as a line diff ("-" the text searched for, "+" its replacement). */
function editsDiff(args: unknown): string | null {
  const edits = editsIn(args);
  if (edits.length === 0) return null;
  return edits
    .map(({ search, replace }, index) => {
      const head = edits.length > 1 ? [`@@ edit ${index + 1} of ${edits.length} @@`] : [];
      const ops = diffLines(linesOf(search), linesOf(replace));
      return [...head, ...ops.map((op) => `${op.kind === 'delete' ? '-' : op.kind === 'insert' ? '+' : ' '} ${op.line}`)].join('\n');
    })
    .join('\n');
}

function editsIn(args: unknown): { search: string; replace: string }[] {
  const list = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).edits : undefined;
  const pairs = Array.isArray(list) ? list : [args];
  return pairs.flatMap((edit) => {
    const search = field(edit, 'search');
    const replace = field(edit, 'replace');
    return search === null || replace === null ? [] : [{ search, replace }];
  });
}

const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));
