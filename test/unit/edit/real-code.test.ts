import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../src/tools/edit';
import {
  countLineStartOccurrences,
  countLooseWindows,
  countOccurrences,
  indentOf,
  isBlankLine,
  randomInt,
  seededRandom,
  typescriptLibLines,
} from './real-code';

const SOURCES = ['typescript.js', '_tsc.js'].map((name) => ({ name, lines: typescriptLibLines(name) }));
const REGION_LINES = 1_500;
const SAMPLES = 120;

interface Sample {
  original: string;
  regionLines: string[];
  /** 0-based index of the block's first line in the region. */
  start: number;
  block: string[];
}

/** A random block of 1–8 lines inside a random 1,500-line region of a real file. */
function sample(random: () => number, maxLines = 8): Sample {
  const source = SOURCES[randomInt(random, 0, SOURCES.length - 1)] as (typeof SOURCES)[number];
  const from = randomInt(random, 0, source.lines.length - REGION_LINES - 1);
  const regionLines = source.lines.slice(from, from + REGION_LINES);
  const length = randomInt(random, 1, maxLines);
  const start = randomInt(random, 0, REGION_LINES - length);
  return { original: `${regionLines.join('\n')}\n`, regionLines, start, block: regionLines.slice(start, start + length) };
}

/** The original with lines [start, start + count) replaced by `replacement` lines. */
function spliceLines(s: Sample, count: number, replacement: readonly string[]): string {
  const lines = [...s.regionLines.slice(0, s.start), ...replacement, ...s.regionLines.slice(s.start + count)];
  return `${lines.join('\n')}\n`;
}

describe('applyEdit on random blocks of real code', () => {
  it('an exact search applies at its own place, or is refused when it occurs more than once', () => {
    const random = seededRandom(20_261_105);
    let applied = 0;
    let refused = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const s = sample(random);
      if (s.block.every(isBlankLine)) continue;
      const search = `${s.block.join('\n')}\n`;
      const replacement = [...s.block, `/* edit ${i} */`];
      const outcome = applyEdit(s.original, { search, replace: `${replacement.join('\n')}\n` });
      const occurrences = countLineStartOccurrences(s.original, search);
      if (occurrences === 1) {
        applied++;
        if (!outcome.ok) throw new Error(`sample ${i}: refused a unique exact search: ${outcome.error}`);
        expect(outcome.strategy).toBe('exact');
        expect(outcome.result).toBe(spliceLines(s, s.block.length, replacement));
        expect([outcome.startLine, outcome.endLine]).toEqual([s.start + 1, s.start + s.block.length]);
      } else {
        refused++;
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.candidates).toHaveLength(occurrences);
      }
    }
    expect(applied).toBeGreaterThan(SAMPLES / 2);
    expect(refused).toBeGreaterThan(0);
  });

  const SHIFTS: { name: string; applies: (block: string[]) => boolean; shift: (line: string, minIndent: number) => string }[] = [
    { name: 'two more spaces', applies: () => true, shift: (line) => `  ${line}` },
    { name: 'four more spaces', applies: () => true, shift: (line) => `    ${line}` },
    { name: 'dedented to column 0', applies: (block) => minIndent(block) > 0, shift: (line, min) => line.slice(min) },
    { name: 'two fewer spaces', applies: (block) => minIndent(block) >= 2, shift: (line) => line.slice(2) },
    {
      name: 'spaces written as tabs of 4',
      applies: (block) => block.some((line) => indentOf(line).length >= 4),
      shift: (line) => {
        const width = indentOf(line).length;
        return '\t'.repeat(Math.floor(width / 4)) + ' '.repeat(width % 4) + line.slice(width);
      },
    },
  ];

  it.each(SHIFTS.map((shift, index) => [shift.name, shift, index] as const))(
    'the same block %s applies via "indentation" at its place, the replacement at the file indentation',
    (_name, variant, index) => {
      const random = seededRandom(7_000 + index);
      let checked = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const s = sample(random, 10);
        if (s.block.filter((line) => !isBlankLine(line)).length < 2 || !variant.applies(s.block)) continue;
        const min = minIndent(s.block);
        const move = (lines: readonly string[]) => lines.map((line) => (isBlankLine(line) ? line : variant.shift(line, min)));
        const firstText = s.block.findIndex((line) => !isBlankLine(line));
        const fileReplacement = [...s.block.slice(0, firstText + 1), `${indentOf(s.block[firstText] as string)}marker${i}();`, ...s.block.slice(firstText + 1)];
        const search = `${move(s.block).join('\n')}\n`;
        // Only samples where the true place is the one place the shifted text can refer to.
        if (countLooseWindows(s.regionLines, s.block) !== 1 || countOccurrences(s.original, search) > 0) continue;
        checked++;
        const outcome = applyEdit(s.original, { search, replace: `${move(fileReplacement).join('\n')}\n` });
        if (!outcome.ok) throw new Error(`sample ${i}: refused: ${outcome.error}`);
        expect(outcome.strategy).toBe('indentation');
        expect(outcome.result).toBe(spliceLines(s, s.block.length, fileReplacement));
        expect([outcome.startLine, outcome.endLine]).toEqual([s.start + 1, s.start + s.block.length]);
      }
      expect(checked).toBeGreaterThan(SAMPLES / 4);
    },
  );
});

function minIndent(block: readonly string[]): number {
  return Math.min(...block.filter((line) => !isBlankLine(line)).map((line) => indentOf(line).length));
}
