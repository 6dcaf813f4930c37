import { describe, expect, it } from 'vitest';
import { numberedLines, sliceLines } from '../../../src/code/text-lines';

const source = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');

describe('text lines', () => {
  it('slices 1-based inclusive line ranges', () => {
    expect(sliceLines(source, 2, 3)).toBe('line 2\nline 3');
    expect(sliceLines('a\r\nb\r\n', 1, 2)).toBe('a\nb');
  });

  it('numbers lines right-aligned to the widest number', () => {
    expect(numberedLines(source, 9, 11)).toBe(' 9 | line 9\n10 | line 10\n11 | line 11');
  });
});
