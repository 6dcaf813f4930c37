/** Helpers for tests that cut random blocks out of real source files (Node only). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** mulberry32: a small seeded PRNG, so every run picks the same samples. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (random: () => number, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Lines of a file under node_modules/typescript/lib. */
export function typescriptLibLines(name: string): string[] {
  return readFileSync(`${ROOT}node_modules/typescript/lib/${name}`, 'utf8').split('\n');
}

/** Start offsets of every occurrence of `needle`, overlapping ones included. */
export function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

/** Occurrences of `needle` that start a line (how the engine counts a search ending with a newline). */
export function countLineStartOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) if (at === 0 || haystack[at - 1] === '\n') count++;
  return count;
}

/** Blocks of `lines` equal to `block` line for line once each line is trimmed at both ends. */
export function countLooseWindows(lines: readonly string[], block: readonly string[]): number {
  const trimmed = lines.map((line) => line.trim());
  const wanted = block.map((line) => line.trim());
  let count = 0;
  for (let start = 0; start + wanted.length <= trimmed.length; start++) {
    if (wanted.every((line, k) => trimmed[start + k] === line)) count++;
  }
  return count;
}

export const indentOf = (line: string): string => /^[ \t]*/.exec(line)?.[0] ?? '';
export const isBlankLine = (line: string): boolean => line.trim() === '';
