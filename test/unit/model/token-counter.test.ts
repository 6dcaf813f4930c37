import { readFileSync } from 'node:fs';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countByPiece, loadTokenCounter, piecewise } from '../../../src/model/token-counter';

const AS_TEXT = { disallowedSpecial: new Set<string>() };

const SAMPLES = [
  readFileSync('src/model/token-counter.ts', 'utf8'),
  "I'll say it: don't, won't, WE'RE, they've, he'd, it's.",
  'Numbers 1 12 123 1234 12345678 3.14159 0x1F',
  'tabs\tand  double  spaces   and trailing   \n\n\n  indented\r\nCRLF line\r\n',
  'Unicode: naïve café, Ελληνικά, 日本語のテキスト, emoji 👩‍💻🚀, combining e\u0301',
  'a file may say <|endoftext|> or <|im_start|> as plain text',
  `${'x'.repeat(5000)} then ${'ab '.repeat(3000)}`,
  readFileSync('node_modules/typescript/lib/typescript.js', 'utf8').slice(0, 60_000),
  '',
];

describe('the real token counter', () => {
  it.each([
    ['o200k', o200k],
    ['cl100k', cl100k],
  ] as const)('counts every sample as the %s tokenizer does (in the same pieces), twice alike', async (encoding, library) => {
    const counter = await loadTokenCounter(encoding);
    const expected = piecewise((text) => library(text, AS_TEXT));
    for (const sample of SAMPLES) {
      expect(counter.count(sample)).toBe(expected(sample));
      expect(counter.count(sample)).toBe(expected(sample));
    }
  });
});

describe('countByPiece', () => {
  it('counts each distinct piece once, and sums every occurrence', () => {
    const asked: string[] = [];
    const count = countByPiece(/\S+|\s+/gu, (piece) => {
      asked.push(piece);
      return piece.length;
    });
    expect(count('ab ab  cd')).toBe(9);
    expect(count('cd ab')).toBe(5);
    expect(asked).toEqual(['ab', ' ', '  ', 'cd']);
  });
});
