import { describe, expect, it } from 'vitest';
import { codePoints, levenshtein } from '../../../src/protocol/levenshtein';
import { applyEdit } from '../../../src/tools/edit';
import { alignBlocks, blockOf } from '../../../src/tools/edit/block-similarity';
import { FuzzyScanner } from '../../../src/tools/edit/fuzzy-scan';
import { normaliseWhitespace } from '../../../src/tools/edit/line-forms';
import { randomInt, seededRandom, typescriptLibLines } from './real-code';

const block = (...lines: string[]) => blockOf(lines.map(codePoints));

describe('levenshtein', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['same', 'same', 0],
    ['flaw', 'lawn', 2],
    ['👋', '👍', 1],
    ['a👋b', 'ab', 1],
    ['内容：一', '内容：二', 1],
    ['cafe\u0301', 'caf\u00e9', 2],
  ] as const)('%s → %s is %i', (a, b, distance) => {
    expect(levenshtein(codePoints(a), codePoints(b))).toBe(distance);
    expect(levenshtein(codePoints(b), codePoints(a))).toBe(distance);
  });

  it('counts an emoji or a CJK character as one code point', () => {
    expect(codePoints('a👋🏽中')).toHaveLength(4);
  });

  it('with a limit: exact up to it, some value over it beyond, and stops early', () => {
    const random = seededRandom(5_150);
    const word = () => Array.from({ length: randomInt(random, 0, 12) }, () => 'abcd👋'[randomInt(random, 0, 4)] ?? 'a').join('');
    for (let i = 0; i < 300; i++) {
      const [a, b] = [codePoints(word()), codePoints(word())];
      const exact = levenshtein(a, b);
      for (let limit = 0; limit <= 13; limit++) {
        const limited = levenshtein(a, b, limit);
        if (exact <= limit) expect(limited).toBe(exact);
        else expect(limited).toBeGreaterThan(limit);
      }
    }
    const [a, b] = [codePoints('x'.repeat(200)), codePoints('y'.repeat(200))];
    const [whole, cut] = [{ cells: 0 }, { cells: 0 }];
    expect(levenshtein(a, b, Infinity, whole)).toBe(200);
    expect(levenshtein(a, b, 10, cut)).toBeGreaterThan(10);
    expect(whole.cells).toBe(200 * 200);
    expect(cut.cells).toBeLessThan(whole.cells / 10);
  });
});

describe('alignBlocks', () => {
  it('pairs identical blocks line for line with similarity 1', () => {
    expect(alignBlocks(block('a', 'bb', 'c'), block('a', 'bb', 'c'))).toEqual({
      similarity: 1,
      pairs: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    });
  });

  it('skips a block line the search lacks, charging its length and newline over the whole block', () => {
    const search = block('first line', 'third line');
    const file = block('first line', 'second', 'third line');
    // cost 7 ("second" + newline) over the longer block's 29 characters
    expect(alignBlocks(search, file)).toEqual({
      similarity: 1 - 7 / 29,
      pairs: [
        [0, 0],
        [1, 2],
      ],
    });
  });

  it('pairs lines that differ a little and charges their edit distance', () => {
    const result = alignBlocks(block('const total = 1;'), block('const totl = 1;'));
    expect(result.pairs).toEqual([[0, 0]]);
    expect(result.similarity).toBeCloseTo(1 - 1 / 17, 10);
  });

  it('does not pair lines that are mostly different', () => {
    const result = alignBlocks(block('keep', 's = slice(1, 10)', 'end'), block('keep', 'c = copy.deepcopy(s)', 'end'), undefined, false);
    expect(result.pairs).toEqual([
      [0, 0],
      [2, 2],
    ]);
  });

  it('anchored: the first and last search lines must be paired', () => {
    const search = block('}', 'a long enough line', 'another long line');
    const file = block('a long enough line', 'another long line');
    expect(alignBlocks(search, file).similarity).toBe(0);
    expect(alignBlocks(search, file, undefined, false).similarity).toBeCloseTo(1 - 2 / 39, 10);
  });
});

describe('FuzzyScanner', () => {
  /** Every window of K-1..K+1 lines scored in full, no bound, no pruning. */
  function bruteForce(fileLines: string[], searchLines: string[]) {
    const search = blockOf(searchLines.map(codePoints));
    const out: { start: number; count: number; similarity: number }[] = [];
    for (const count of [searchLines.length - 1, searchLines.length, searchLines.length + 1]) {
      if (count < 1) continue;
      for (let start = 0; start + count <= fileLines.length; start++) {
        const similarity = alignBlocks(search, blockOf(fileLines.slice(start, start + count).map(codePoints))).similarity;
        out.push({ start, count, similarity });
      }
    }
    return out;
  }

  it('prunes exactly: the contenders are those a full scan finds (random real-code blocks, perturbed)', () => {
    const source = typescriptLibLines('_tsc.js');
    const random = seededRandom(424_242);
    let withMatch = 0;
    for (let i = 0; i < 30; i++) {
      const from = randomInt(random, 0, source.length - 200);
      const fileLines = source.slice(from, from + 150).map(normaliseWhitespace);
      const length = randomInt(random, 2, 8);
      const start = randomInt(random, 0, fileLines.length - length);
      const searchLines = fileLines.slice(start, start + length).map((line) => (random() < 0.3 ? line.replace(/[a-z]/, 'q') : line));
      if (random() < 0.3 && searchLines.length > 2) searchLines.splice(1, 1);

      const all = bruteForce(fileLines, searchLines);
      const best = Math.max(...all.map((w) => w.similarity));
      for (const [floor, margin] of [
        [0.85, 0.05],
        [0.5, 0.1],
      ] as const) {
        const expected = best < floor ? [] : all.filter((w) => w.similarity >= best - margin);
        const { windows: got, complete } = new FuzzyScanner(fileLines, searchLines).contenders(floor, margin);
        expect(complete).toBe(true);
        const key = (w: { start: number; count: number; similarity: number }) => `${w.start}+${w.count}@${w.similarity.toFixed(12)}`;
        expect(got.map(key).sort()).toEqual(expected.map(key).sort());
        if (floor === 0.85 && expected.length > 0) withMatch++;
      }
    }
    expect(withMatch).toBeGreaterThan(10);
  });

  it('stops at its cell limit in a file of near copies of the search, and the edit is refused saying so', () => {
    const copies = Array.from({ length: 2_500 }, (_, i) =>
      [`function handler${i}(input) {`, '  let total = 0;', `  for (const key of keys${i % 7}) total += input[key] * ${i};`, '  return total;', '}', ''].join(
        '\n',
      ),
    );
    const file = copies.join('\n');
    const lines = file.split('\n');
    const searchLines = lines.slice(6_000, 6_040).map((line, i) => (i % 6 === 2 ? line.replace('total +=', 'totl +=') : line));
    const outcome = applyEdit(file, { search: searchLines.join('\n'), replace: searchLines.join('\n').replace('totl', 'total') });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatch(/^The search text is like too many parts of the file to compare them all \(fuzzy match\), so nothing was changed\./);
    expect(outcome.error).toContain('Parts like it found before the comparison stopped:');
    expect(outcome.candidates?.length).toBeGreaterThan(1);
  });
});
