import { codePoints } from '../../protocol/levenshtein';
import { diffLines } from '../diff';
import { alignBlocks, blockOf } from './block-similarity';
import { type IndentPair, indentWidth, measureShift } from './indentation';
import { isBlank, normaliseWhitespace, splitIndent } from './line-forms';

/**
 * Which search line stands for which line of a fuzzily matched block, for
 * applying the edit as a patch. The fuzzy score's own alignment minimises
 * character edits, so next to a line the search left out it may pair a line
 * with its near twin (`'sin'` with the file's `'sinh'`) rather than with itself.
 * Here lines are paired in tiers, each a longest common subsequence inside the
 * gaps the tier before left: equal text at the same depth (after the search's
 * indentation offset, so a `}` pairs with the brace it closes), then equal text
 * at any depth, then lines alike enough by edit distance.
 */
export function exactFirstPairs(
  searchLines: readonly string[],
  fileLines: readonly string[],
  start: number,
  count: number,
  fuzzyPairs: readonly [number, number][],
): [number, number][] {
  const block = fileLines.slice(start, start + count);
  const shift = measureShift(indentPairsOf(searchLines, fileLines, fuzzyPairs));
  const atDepth = (line: string, offset: number) =>
    isBlank(line) ? '' : `${indentWidth(splitIndent(line).indent, shift.tabWidth) + offset}|${normaliseWhitespace(line)}`;
  const tiers: ((search: readonly string[], file: readonly string[]) => [number, number][])[] = [
    (search, file) =>
      equalPairs(
        search.map((line) => atDepth(line, shift.delta)),
        file.map((line) => atDepth(line, 0)),
      ),
    (search, file) => equalPairs(search.map(normaliseWhitespace), file.map(normaliseWhitespace)),
    (search, file) =>
      alignBlocks(
        blockOf(search.map((line) => codePoints(normaliseWhitespace(line)))),
        blockOf(file.map((line) => codePoints(normaliseWhitespace(line)))),
        undefined,
        false,
      ).pairs,
  ];
  return pairInTiers(searchLines, block, tiers).map(([k, j]) => [k, start + j]);
}

function pairInTiers(
  search: readonly string[],
  file: readonly string[],
  tiers: readonly ((search: readonly string[], file: readonly string[]) => [number, number][])[],
): [number, number][] {
  const [tier, ...looser] = tiers;
  if (!tier || search.length === 0 || file.length === 0) return [];
  const pairs: [number, number][] = [];
  let k = 0;
  let j = 0;
  for (const [pairK, pairJ] of [...tier(search, file), [search.length, file.length] as [number, number]]) {
    for (const [a, b] of pairInTiers(search.slice(k, pairK), file.slice(j, pairJ), looser)) pairs.push([k + a, j + b]);
    if (pairK < search.length) pairs.push([pairK, pairJ]);
    k = pairK + 1;
    j = pairJ + 1;
  }
  return pairs;
}

/** (a index, b index) of the equal keys a shortest edit script keeps. */
function equalPairs(a: readonly string[], b: readonly string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  for (const op of diffLines(a, b)) {
    if (op.kind === 'equal') pairs.push([i++, j++]);
    else if (op.kind === 'delete') i++;
    else j++;
  }
  return pairs;
}

function indentPairsOf(searchLines: readonly string[], fileLines: readonly string[], pairs: readonly [number, number][]): IndentPair[] {
  return pairs
    .filter(([k, j]) => !isBlank(searchLines[k] as string) && !isBlank(fileLines[j] as string))
    .map(([k, j]) => ({ search: splitIndent(searchLines[k] as string).indent, file: splitIndent(fileLines[j] as string).indent }));
}
