/**
 * Upper bounds on how similar each block of file lines can be to the search, from counts alone.
 * A block's alignment cost (block-similarity.ts) is at least the edit distance between the two
 * texts, each line followed by its newline, and that distance is at least:
 * - the larger of surplus and shortage in their character counts (one edit moves at most one
 *   count up and one down);
 * - half of that in their counts of adjacent character pairs, each line read with a newline
 *   before and after it (one edit removes at most two pairs and adds at most two).
 * Unrelated blocks of code share most of their characters but far fewer pairs, so the second
 * bound rules out most of a large file that the first lets through.
 */

export interface WindowBounds {
  starts: Int32Array;
  counts: Int32Array;
  bounds: Float64Array;
}

const NEWLINE = 10;

/**
 * Units of text as small integers, flat: line j's units are `units[lineStarts[j] .. lineStarts[j + 1])`,
 * one per code point and one for its newline. `wanted` counts the search's units.
 */
interface Units {
  units: Uint16Array;
  lineStarts: Int32Array;
  alphabetSize: number;
  wanted: Int32Array;
}

/** Character units, with the search's own units laid out the same way (to count its pairs). */
interface CharacterUnits extends Units {
  searchUnits: Uint16Array;
  searchLineStarts: Int32Array;
}

/**
 * The bound of every block of `sizes` lines (in that order, each size by start), with `search` the
 * search lines' code points and `searchTotal` their length with newlines.
 */
export function windowBounds(
  fileLines: readonly string[],
  search: readonly (readonly number[])[],
  searchTotal: number,
  sizes: readonly number[],
): WindowBounds {
  const characters = characterUnits(fileLines, search);
  const pairs = pairUnits(characters);
  const total = sizes.reduce((sum, size) => sum + fileLines.length - size + 1, 0);
  const starts = new Int32Array(total);
  const counts = new Int32Array(total);
  const bounds = new Float64Array(total);
  const characterDifference = new Int32Array(total);
  const pairDifference = new Int32Array(total);
  const lengths = new Int32Array(total);
  slide(characters, sizes, fileLines.length, characterDifference, lengths);
  slide(pairs, sizes, fileLines.length, pairDifference, null);
  let slot = 0;
  for (const size of sizes) {
    for (let start = 0; start + size <= fileLines.length; start++, slot++) {
      starts[slot] = start;
      counts[slot] = size;
      const distance = Math.max(characterDifference[slot] as number, Math.ceil((pairDifference[slot] as number) / 2));
      bounds[slot] = 1 - distance / Math.max(lengths[slot] as number, searchTotal);
    }
  }
  return { starts, counts, bounds };
}

/**
 * For each block, by size then start: max(surplus, shortage) of its unit counts against the
 * search's, and (when `lengths` is given) how many units it has. Windows slide a line at a time.
 */
function slide(text: Units, sizes: readonly number[], lineCount: number, differences: Int32Array, lengths: Int32Array | null): void {
  const { units, lineStarts, alphabetSize, wanted } = text;
  let slot = 0;
  for (const size of sizes) {
    // excess[c] = block count - wanted count; surplus and shortage follow it one unit at a time.
    const excess = new Int32Array(alphabetSize);
    let shortage = 0;
    for (let c = 0; c < alphabetSize; c++) {
      excess[c] = -(wanted[c] as number);
      shortage += wanted[c] as number;
    }
    let surplus = 0;
    let length = 0;
    for (let start = 1 - size; start + size <= lineCount; start++) {
      // The line start + size - 1 comes in, the line start - 1 goes out.
      const incoming = start + size - 1;
      for (let p = lineStarts[incoming] as number, end = lineStarts[incoming + 1] as number; p < end; p++) {
        const c = units[p] as number;
        const before = excess[c] as number;
        if (before >= 0) surplus++;
        else shortage--;
        excess[c] = before + 1;
        length++;
      }
      if (start > 0) {
        for (let p = lineStarts[start - 1] as number, end = lineStarts[start] as number; p < end; p++) {
          const c = units[p] as number;
          const before = excess[c] as number;
          if (before > 0) surplus--;
          else shortage++;
          excess[c] = before - 1;
          length--;
        }
      }
      if (start < 0) continue;
      differences[slot] = Math.max(surplus, shortage);
      if (lengths) lengths[slot] = length;
      slot++;
    }
  }
}

/**
 * Characters as units: one per character of the search (newline first), one shared by every other
 * character. Past 65,535 of them the rest share the last: merging units only loosens the bound.
 */
function characterUnits(fileLines: readonly string[], search: readonly (readonly number[])[]): CharacterUnits {
  const alphabet = new Map<number, number>([[NEWLINE, 0]]);
  for (const line of search) for (const point of line) if (!alphabet.has(point) && alphabet.size < 0xffff) alphabet.set(point, alphabet.size);
  const other = alphabet.size;
  const unitOf = (point: number) => alphabet.get(point) ?? other;
  const table = new Uint16Array(0x10000).fill(other);
  for (const [point, unit] of alphabet) if (point < 0x10000) table[point] = unit;

  let capacity = fileLines.length;
  for (const line of fileLines) capacity += line.length;
  const units = new Uint16Array(capacity);
  const lineStarts = new Int32Array(fileLines.length + 1);
  let p = 0;
  for (let j = 0; j < fileLines.length; j++) {
    lineStarts[j] = p;
    const line = fileLines[j] as string;
    for (let i = 0; i < line.length; i++) {
      const point = line.codePointAt(i) as number;
      if (point > 0xffff) {
        units[p++] = unitOf(point);
        i++;
      } else {
        units[p++] = table[point] as number;
      }
    }
    units[p++] = 0;
  }
  lineStarts[fileLines.length] = p;

  const searchUnits = new Uint16Array(search.reduce((sum, line) => sum + line.length + 1, 0));
  const searchLineStarts = new Int32Array(search.length + 1);
  const wanted = new Int32Array(other + 1);
  let q = 0;
  for (const [k, line] of search.entries()) {
    searchLineStarts[k] = q;
    for (const point of line) searchUnits[q++] = unitOf(point);
    searchUnits[q++] = 0;
  }
  searchLineStarts[search.length] = q;
  for (const unit of searchUnits) wanted[unit] = (wanted[unit] as number) + 1;
  return { units: units.subarray(0, p), lineStarts, alphabetSize: other + 1, wanted, searchUnits, searchLineStarts };
}

/**
 * Adjacent character pairs as units, from the character units: line j's pairs are those of its
 * characters with a newline before and after, one per character unit, so the layout is the same.
 * A pair with a character the search lacks, or one the search does not have, is the shared unit.
 */
function pairUnits(characters: CharacterUnits): Units {
  const width = characters.alphabetSize;
  const otherCharacter = width - 1;
  const alphabet = new Map<number, number>();
  const pairsOf = (source: Uint16Array, lineStarts: ArrayLike<number>, lineCount: number, learn: boolean): Uint16Array => {
    const out = new Uint16Array(source.length);
    for (let j = 0; j < lineCount; j++) {
      let previous = 0; // the newline before the line
      for (let p = lineStarts[j] as number, end = lineStarts[j + 1] as number; p < end; p++) {
        const current = source[p] as number;
        let unit = -1;
        if (previous !== otherCharacter && current !== otherCharacter) {
          const key = previous * width + current;
          unit = alphabet.get(key) ?? -1;
          if (unit === -1 && learn && alphabet.size < 0xffff) {
            unit = alphabet.size;
            alphabet.set(key, unit);
          }
        }
        out[p] = unit === -1 ? 0xffff : unit;
        previous = current;
      }
    }
    return out;
  };
  const searchPairs = pairsOf(characters.searchUnits, characters.searchLineStarts, characters.searchLineStarts.length - 1, true);
  const filePairs = pairsOf(characters.units, characters.lineStarts, characters.lineStarts.length - 1, false);
  const other = alphabet.size;
  const wanted = new Int32Array(other + 1);
  for (let p = 0; p < filePairs.length; p++) if (filePairs[p] === 0xffff) filePairs[p] = other;
  for (const unit of searchPairs) {
    const index = unit === 0xffff ? other : unit;
    wanted[index] = (wanted[index] as number) + 1;
  }
  return { units: filePairs, lineStarts: characters.lineStarts, alphabetSize: other + 1, wanted };
}
