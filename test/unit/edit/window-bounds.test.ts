import { describe, expect, it } from 'vitest';
import { codePoints } from '../../../src/protocol/levenshtein';
import { alignBlocks, blockOf } from '../../../src/tools/edit/block-similarity';
import { normaliseWhitespace } from '../../../src/tools/edit/line-forms';
import { windowBounds } from '../../../src/tools/edit/window-bounds';
import { randomInt, seededRandom, typescriptLibLines } from './real-code';

function boundsFor(fileLines: string[], searchLines: string[]) {
  const search = blockOf(searchLines.map(codePoints));
  const sizes = [searchLines.length - 1, searchLines.length, searchLines.length + 1].filter((size) => size >= 1 && size <= fileLines.length);
  return { search, ...windowBounds(fileLines, search.lines, search.total, sizes) };
}

describe('windowBounds', () => {
  it('never puts a block below its similarity, anchored or not (real code, perturbed, with emoji and lone surrogates)', () => {
    const source = typescriptLibLines('_tsc.js');
    const random = seededRandom(77_001);
    const odd = ['👋', '\ud800', '\udc00x', '中文', 'é'];
    let checked = 0;
    for (let round = 0; round < 15; round++) {
      const from = randomInt(random, 0, source.length - 100);
      const fileLines = source
        .slice(from, from + 40)
        .map((line) => normaliseWhitespace(random() < 0.1 ? `${line}${odd[randomInt(random, 0, odd.length - 1)]}` : line));
      const length = randomInt(random, 1, 8);
      const start = randomInt(random, 0, fileLines.length - length);
      const searchLines = fileLines
        .slice(start, start + length)
        .map((line) => (random() < 0.4 ? line.replace(/[a-z]/, odd[randomInt(random, 0, odd.length - 1)] as string) : line));
      if (random() < 0.3 && searchLines.length > 2) searchLines.splice(1, 1);
      const { search, starts, counts, bounds } = boundsFor(fileLines, searchLines);
      for (let i = 0; i < bounds.length; i++) {
        const block = blockOf(fileLines.slice(starts[i], (starts[i] as number) + (counts[i] as number)).map(codePoints));
        const loosest = Math.max(alignBlocks(search, block).similarity, alignBlocks(search, block, undefined, false).similarity);
        expect(bounds[i]).toBeGreaterThanOrEqual(loosest - 1e-12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('rules out every block of a large file for a search taken from another file', () => {
    const fileLines = typescriptLibLines('_tsc.js').slice(20_000, 35_000).map(normaliseWhitespace);
    const searchLines = typescriptLibLines('typescript.js').slice(90_000, 90_040).map(normaliseWhitespace);
    const { bounds } = boundsFor(fileLines, searchLines);
    // A fuzzy match needs 0.85; blocks within 0.05 of it are compared in full.
    expect(bounds.filter((bound) => bound >= 0.8)).toHaveLength(0);
  });
});
