import { describe, expect, it } from 'vitest';
import { applyEdits, type EditRequest, type MatchStrategy } from '../../../src/tools/edit';
import { text } from './edit-cases';

interface MultiCase {
  name: string;
  original: string;
  edits: EditRequest[];
  expected: { result: string; strategies: MatchStrategy[]; lines: [number, number][] } | { refused: RegExp; failedEdit?: number; candidates?: number[] };
}

const PY = text('def f():', '    a = 1', '    return a', '', 'def g():', '    b = 2', '    return b');

const CASES: MultiCase[] = [
  {
    name: 'two exact edits on different lines',
    original: 'a\nb\nc\n',
    edits: [
      { search: 'a', replace: 'A' },
      { search: 'c', replace: 'C' },
    ],
    expected: {
      result: 'A\nb\nC\n',
      strategies: ['exact', 'exact'],
      lines: [
        [1, 1],
        [3, 3],
      ],
    },
  },
  {
    name: 'each edit reports its own strategy',
    original: PY,
    edits: [
      { search: 'a = 1', replace: 'a = 10' },
      { search: 'b = 2\nreturn b\n', replace: 'b = 2\nreturn b * 2\n' },
    ],
    expected: {
      result: text('def f():', '    a = 10', '    return a', '', 'def g():', '    b = 2', '    return b * 2'),
      strategies: ['exact', 'indentation'],
      lines: [
        [2, 2],
        [6, 7],
      ],
    },
  },
  {
    name: 'edits given in reverse file order',
    original: 'one\ntwo\nthree\n',
    edits: [
      { search: 'three', replace: '3' },
      { search: 'one', replace: '1' },
    ],
    expected: {
      result: '1\ntwo\n3\n',
      strategies: ['exact', 'exact'],
      lines: [
        [3, 3],
        [1, 1],
      ],
    },
  },
  {
    name: 'two edits on the same line that do not overlap',
    original: 'let a = 1, b = 2;\n',
    edits: [
      { search: 'a = 1', replace: 'a = 10' },
      { search: 'b = 2', replace: 'b = 20' },
    ],
    expected: {
      result: 'let a = 10, b = 20;\n',
      strategies: ['exact', 'exact'],
      lines: [
        [1, 1],
        [1, 1],
      ],
    },
  },
  {
    name: 'adjacent whole-line edits',
    original: 'a\nb\n',
    edits: [
      { search: 'a\n', replace: 'x\n' },
      { search: 'b\n', replace: 'y\n' },
    ],
    expected: {
      result: 'x\ny\n',
      strategies: ['exact', 'exact'],
      lines: [
        [1, 1],
        [2, 2],
      ],
    },
  },
  {
    name: 'a deletion and an insertion together',
    original: 'keep\ndrop\nend\n',
    edits: [
      { search: 'drop\n', replace: '' },
      { search: 'end\n', replace: 'end\nmore\n' },
    ],
    expected: {
      result: 'keep\nend\nmore\n',
      strategies: ['exact', 'exact'],
      lines: [
        [2, 2],
        [3, 3],
      ],
    },
  },
  {
    name: 'CRLF file keeps CRLF for every edit',
    original: 'a\r\nb\r\nc\r\n',
    edits: [
      { search: 'a\n', replace: 'A\nA2\n' },
      { search: 'c', replace: 'C' },
    ],
    expected: {
      result: 'A\r\nA2\r\nb\r\nC\r\n',
      strategies: ['exact', 'exact'],
      lines: [
        [1, 1],
        [3, 3],
      ],
    },
  },
  {
    name: 'all or nothing: a later edit not found applies none',
    original: 'a\nb\n',
    edits: [
      { search: 'a', replace: 'A' },
      { search: 'zzz\nyyy', replace: 'B' },
    ],
    expected: { refused: /^Edit 2 of 2 failed, so none was applied: The search text was not found/, failedEdit: 1 },
  },
  {
    name: 'all or nothing: an ambiguous edit names its candidates',
    original: 'x\ny\nx\n',
    edits: [
      { search: 'y', replace: 'Y' },
      { search: 'x', replace: 'X' },
    ],
    expected: { refused: /^Edit 2 of 2 failed.*matches 2 places/s, failedEdit: 1, candidates: [1, 3] },
  },
  {
    name: 'edits are matched against the original, not against each other',
    original: 'foo\nbaz\n',
    edits: [
      { search: 'foo', replace: 'bar' },
      { search: 'bar\nbaz', replace: 'qux' },
    ],
    expected: { refused: /^Edit 2 of 2 failed/, failedEdit: 1 },
  },
  {
    name: 'overlapping edits are refused, naming both',
    original: 'a\nb\nc\n',
    edits: [
      { search: 'a\nb', replace: 'A' },
      { search: 'b\nc', replace: 'C' },
    ],
    expected: { refused: /^Edits 1 and 2 overlap \(lines 1–2 and lines 2–3\)/ },
  },
  {
    name: 'overlap is found between non-neighbouring edits in the list',
    original: text('one', 'two', 'three', 'four', 'five'),
    edits: [
      { search: 'two\nthree', replace: '2' },
      { search: 'five', replace: '5' },
      { search: 'three\nfour', replace: '3' },
    ],
    expected: { refused: /^Edits 1 and 3 overlap/ },
  },
  {
    name: 'the same text edited twice overlaps',
    original: 'a\nb\n',
    edits: [
      { search: 'b', replace: 'B' },
      { search: 'b\n', replace: 'C\n' },
    ],
    expected: { refused: /^Edits 1 and 2 overlap/ },
  },
  { name: 'no edits', original: 'a\n', edits: [], expected: { refused: /No edits/ } },
  { name: 'binary file', original: 'a\u0000b\n', edits: [{ search: 'a', replace: 'b' }], expected: { refused: /binary/ } },
];

describe('applyEdits', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const outcome = applyEdits(c.original, c.edits);
    if ('result' in c.expected) {
      if (!outcome.ok) throw new Error(`expected the edits to apply, got: ${outcome.error}`);
      expect(outcome.result).toBe(c.expected.result);
      expect(outcome.edits.map((edit) => edit.strategy)).toEqual(c.expected.strategies);
      expect(outcome.edits.map((edit) => [edit.startLine, edit.endLine])).toEqual(c.expected.lines);
      expect(outcome.message.split('\n')).toHaveLength(c.edits.length);
    } else {
      if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.result)}`);
      expect(outcome.error).toMatch(c.expected.refused);
      expect(outcome.failedEdit).toBe(c.expected.failedEdit);
      if (c.expected.candidates) expect(outcome.candidates?.map((candidate) => candidate.line)).toEqual(c.expected.candidates);
    }
  });
});
