import { describe, expect, it } from 'vitest';
import { diffHunks, diffLines, unifiedDiff } from '../../../src/tools/diff';

/** Applies a unified diff produced by unifiedDiff to `before`, checking every context and removed line. */
function applyPatch(before: string, diff: string): string {
  if (diff === '') return before;
  const source = before === '' ? [] : before.split(/(?<=\n)/);
  const out: string[] = [];
  let next = 0; // index into source
  const lines = diff.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let i = 2; // skip --- and +++
  while (i < lines.length) {
    const header = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(lines[i] ?? '');
    if (!header) throw new Error(`bad hunk header: ${lines[i]}`);
    const oldStart = Number(header[1]);
    const oldLines = Number(header[2]);
    const copyUntil = oldLines === 0 ? oldStart : oldStart - 1;
    while (next < copyUntil) out.push(source[next++] as string);
    i++;
    while (i < lines.length && !(lines[i] ?? '').startsWith('@@')) {
      const line = lines[i] as string;
      const body = line.slice(1);
      if (line.startsWith('\\')) {
        const last = out.length - 1;
        // The marker follows the line it applies to; for '-' lines there is nothing to strip in the output.
        if ((lines[i - 1] ?? '').startsWith('-')) {
          i++;
          continue;
        }
        out[last] = (out[last] as string).replace(/\n$/, '');
      } else if (line.startsWith(' ')) {
        expect((source[next] ?? '').replace(/\n$/, '')).toBe(body);
        out.push(`${body}\n`);
        next++;
      } else if (line.startsWith('-')) {
        expect((source[next] ?? '').replace(/\n$/, '')).toBe(body);
        next++;
      } else if (line.startsWith('+')) {
        out.push(`${body}\n`);
      } else {
        throw new Error(`bad body line: ${line}`);
      }
      i++;
    }
  }
  while (next < source.length) out.push(source[next++] as string);
  return out.join('');
}

function lcsLength(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
    }
  }
  return dp[a.length]![b.length]!;
}

/** Deterministic pseudo-random numbers (LCG), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomText(next: () => number, maxLines: number): string {
  const count = Math.floor(next() * maxLines);
  const lines = Array.from({ length: count }, () => 'abcde'[Math.floor(next() * 5)] as string);
  const text = lines.join('\n');
  return next() < 0.8 && text !== '' ? `${text}\n` : text;
}

describe('diffLines', () => {
  it('finds a shortest edit script', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: Math.floor(next() * 12) }, () => 'abc'[Math.floor(next() * 3)] as string);
      const b = Array.from({ length: Math.floor(next() * 12) }, () => 'abc'[Math.floor(next() * 3)] as string);
      const ops = diffLines(a, b);
      expect(ops.filter((op) => op.kind !== 'insert').map((op) => op.line)).toEqual(a);
      expect(ops.filter((op) => op.kind !== 'delete').map((op) => op.line)).toEqual(b);
      const edits = ops.filter((op) => op.kind !== 'equal').length;
      expect(edits).toBe(a.length + b.length - 2 * lcsLength(a, b));
    }
  });
});

describe('unifiedDiff', () => {
  it('is empty when nothing changed', () => {
    expect(unifiedDiff({ path: 'a.txt', before: 'x\n', after: 'x\n' })).toBe('');
  });

  it('writes headers, hunk ranges and three lines of context', () => {
    const before = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n';
    const after = 'l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\n';
    expect(unifiedDiff({ path: 'src/a.txt', before, after })).toBe(
      ['--- a/src/a.txt', '+++ b/src/a.txt', '@@ -2,7 +2,7 @@', ' l2', ' l3', ' l4', '-l5', '+L5', ' l6', ' l7', ' l8', ''].join('\n'),
    );
  });

  it('splits distant changes into separate hunks and merges close ones', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const before = `${lines.join('\n')}\n`;
    const far = [...lines];
    far[2] = 'changed 3';
    far[25] = 'changed 26';
    const farHunks = diffHunks(before, `${far.join('\n')}\n`);
    expect(farHunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 6, 1, 6],
      [23, 7, 23, 7],
    ]);
    const near = [...lines];
    near[9] = 'changed 10';
    near[16] = 'changed 17'; // 6 unchanged lines between: the contexts touch
    expect(diffHunks(before, `${near.join('\n')}\n`)).toHaveLength(1);
    near[16] = lines[16] as string;
    near[17] = 'changed 18'; // 7 unchanged lines between
    expect(diffHunks(before, `${near.join('\n')}\n`)).toHaveLength(2);
  });

  it('shows created and deleted files against /dev/null', () => {
    expect(unifiedDiff({ path: 'new.txt', before: null, after: 'a\nb\n' })).toBe('--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n');
    expect(unifiedDiff({ path: 'old.txt', before: 'a\n', after: null })).toBe('--- a/old.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n');
  });

  it('marks a missing final newline', () => {
    expect(unifiedDiff({ path: 'f', before: 'a\nb', after: 'a\nb\n' })).toBe('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
  });

  it('round-trips: applying the diff to before gives after', () => {
    const next = random(42);
    for (let round = 0; round < 300; round++) {
      const before = randomText(next, 25);
      const after = next() < 0.5 ? randomText(next, 25) : before.replace(/b/g, 'B');
      const diff = unifiedDiff({ path: 'f.txt', before, after });
      expect(applyPatch(before, diff)).toBe(after);
    }
  });

  it('stays correct on large, very different files', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `old ${i}\n`).join('');
    const after = Array.from({ length: 3000 }, (_, i) => `new ${i}\n`).join('');
    const diff = unifiedDiff({ path: 'big.txt', before, after });
    expect(diff.split('\n')[2]).toBe('@@ -1,3000 +1,3000 @@');
    expect(applyPatch(before, diff)).toBe(after);
  });
});
