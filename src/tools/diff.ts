/**
 * Line-based unified diff (Myers' O((N+M)·D) algorithm), used for file_changed
 * events and edit summaries. Lines keep their terminators while comparing, so a
 * missing final newline shows up as a change, as in `diff -u`.
 */

export type DiffOp = { kind: 'equal' | 'delete' | 'insert'; line: string };

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Body lines, each starting with " ", "-", "+" or "\" (no-newline marker). */
  lines: string[];
}

/** Beyond this many edits the diff gives up on finding the minimum and replaces the changed block wholesale. */
const MAX_EDIT_DISTANCE = 2_000;

/** Splits text into lines, each keeping its "\n" (the last may have none). */
function splitKeepingNewlines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => `${line}\n`);
  const last = lines[lines.length - 1] ?? '';
  if (last === '\n') lines.pop();
  else lines[lines.length - 1] = last.slice(0, -1);
  return lines;
}

/** Shortest edit script between two line arrays. */
export function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const ops: DiffOp[] = [];
  for (let i = 0; i < prefix; i++) ops.push({ kind: 'equal', line: a[i] as string });
  ops.push(...myersMiddle(a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix)));
  for (let i = a.length - suffix; i < a.length; i++) ops.push({ kind: 'equal', line: a[i] as string });
  return ops;
}

function myersMiddle(a: readonly string[], b: readonly string[]): DiffOp[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((line) => ({ kind: 'insert', line }));
  if (m === 0) return a.map((line) => ({ kind: 'delete', line }));

  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v for diagonals -d..d as it was before step d.
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    return [...a.map((line): DiffOp => ({ kind: 'delete', line })), ...b.map((line): DiffOp => ({ kind: 'insert', line }))];
  }

  const reversed: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const snapshot = trace[d] as Int32Array;
    const at = (k: number): number => snapshot[k + d] as number;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      reversed.push({ kind: 'equal', line: a[x - 1] as string });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) reversed.push({ kind: 'insert', line: b[prevY] as string });
      else reversed.push({ kind: 'delete', line: a[prevX] as string });
      x = prevX;
      y = prevY;
    }
  }
  return reversed.reverse();
}

function bodyLines(prefix: string, line: string): string[] {
  return line.endsWith('\n') ? [prefix + line.slice(0, -1)] : [prefix + line, '\\ No newline at end of file'];
}

/** Groups an edit script into hunks with `context` unchanged lines around each change. */
export function diffHunks(before: string, after: string, context = 3): DiffHunk[] {
  const ops = diffLines(splitKeepingNewlines(before), splitKeepingNewlines(after));
  // Line numbers (1-based) of each op in the old and new file, before it applies.
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const op of ops) {
    oldAt.push(oldLine);
    newAt.push(newLine);
    if (op.kind !== 'insert') oldLine++;
    if (op.kind !== 'delete') newLine++;
  }

  const hunks: DiffHunk[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]?.kind === 'equal') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    // Extend while the next change is close enough that the contexts would touch.
    let end = i;
    let lastChange = i;
    while (end < ops.length) {
      if (ops[end]?.kind !== 'equal') lastChange = end;
      else if (end - lastChange > 2 * context) break;
      end++;
    }
    const stop = Math.min(ops.length, lastChange + context + 1);
    const lines: string[] = [];
    let oldLines = 0;
    let newLines = 0;
    for (let j = start; j < stop; j++) {
      const op = ops[j] as DiffOp;
      if (op.kind === 'equal') {
        lines.push(...bodyLines(' ', op.line));
        oldLines++;
        newLines++;
      } else if (op.kind === 'delete') {
        lines.push(...bodyLines('-', op.line));
        oldLines++;
      } else {
        lines.push(...bodyLines('+', op.line));
        newLines++;
      }
    }
    const firstOld = oldAt[start] ?? 1;
    const firstNew = newAt[start] ?? 1;
    hunks.push({
      // An empty range is numbered by the line before it, as diff -u does.
      oldStart: oldLines === 0 ? firstOld - 1 : firstOld,
      oldLines,
      newStart: newLines === 0 ? firstNew - 1 : firstNew,
      newLines,
      lines,
    });
    i = stop;
  }
  return hunks;
}

export function formatHunkHeader(hunk: DiffHunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/**
 * Unified diff of `before` → `after` for one file; null stands for "no file"
 * (creation or deletion) and is shown as /dev/null. Empty string when nothing changed.
 */
export function unifiedDiff(options: { path: string; before: string | null; after: string | null; context?: number }): string {
  const before = options.before ?? '';
  const after = options.after ?? '';
  const hunks = diffHunks(before, after, options.context ?? 3);
  if (hunks.length === 0) return '';
  const out = [
    `--- ${options.before === null ? '/dev/null' : `a/${options.path}`}`,
    `+++ ${options.after === null ? '/dev/null' : `b/${options.path}`}`,
  ];
  for (const hunk of hunks) out.push(formatHunkHeader(hunk), ...hunk.lines);
  return `${out.join('\n')}\n`;
}
