import { diffHunks, formatHunkHeader } from '../protocol/diff';
import type { WorkspaceFiles } from './files';
import { decodeText } from './text';

/**
 * Every change from `before` to `after` as one git-format patch (`git apply` takes it), files
 * in path order: created, edited and deleted text files with their hunks, all mode 100644.
 * Binary files cannot be applied without their git blob ids, so each changed one is named on a
 * `#` line, which `git apply` passes over. Empty string when nothing changed.
 */
export function workspacePatch(before: WorkspaceFiles, after: WorkspaceFiles): string {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.map((path) => filePatch(path, before.get(path), after.get(path))).join('');
}

function filePatch(path: string, old: Uint8Array | undefined, current: Uint8Array | undefined): string {
  if (old && current && sameBytes(old, current)) return '';
  const oldText = old ? decodeText(old) : '';
  const newText = current ? decodeText(current) : '';
  if (oldText === null || newText === null) {
    const change = !old ? 'created' : !current ? 'deleted' : 'changed';
    return `# Binary file ${quotePath(path)} ${change}: not in this patch.\n`;
  }
  const lines = [`diff --git ${quotePath(`a/${path}`)} ${quotePath(`b/${path}`)}`];
  if (!old) lines.push('new file mode 100644');
  if (!current) lines.push('deleted file mode 100644');
  const hunks = diffHunks(oldText, newText);
  // An empty file created or deleted has no hunks, and git writes no ---/+++ lines for it.
  if (hunks.length > 0) {
    lines.push(`--- ${old ? quotePath(`a/${path}`) : '/dev/null'}`, `+++ ${current ? quotePath(`b/${path}`) : '/dev/null'}`);
    for (const hunk of hunks) lines.push(formatHunkHeader(hunk), ...hunk.lines);
  }
  return `${lines.join('\n')}\n`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const ESCAPES: Record<string, string> = { '\x07': 'a', '\b': 'b', '\t': 't', '\n': 'n', '\v': 'v', '\f': 'f', '\r': 'r', '"': '"', '\\': '\\' };

/** A path as git writes it in a patch: in C-style quotes when it holds a quote, a backslash or a control character. */
function quotePath(path: string): string {
  if (!/["\\\x00-\x1f\x7f]/.test(path)) return path;
  const escaped = path.replace(/["\\\x00-\x1f\x7f]/g, (char) => `\\${ESCAPES[char] ?? char.charCodeAt(0).toString(8).padStart(3, '0')}`);
  return `"${escaped}"`;
}
