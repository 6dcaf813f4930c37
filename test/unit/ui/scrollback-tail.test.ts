import { describe, expect, it } from 'vitest';
import { scrollbackTailStart } from '../../../src/ui/terminal/scrollback-tail';

const tail = (text: string, lines: number) => text.slice(scrollbackTailStart(text, lines));

describe('scrollbackTailStart', () => {
  it('keeps the last N lines of CRLF text, the open last line counting as one', () => {
    expect(tail('a\r\nb\r\nc\r\nd', 2)).toBe('c\r\nd');
    expect(tail('a\r\nb\r\nc\r\nd\r\n', 2)).toBe('c\r\nd\r\n');
    expect(tail('a\nb\nc', 1)).toBe('c');
  });

  it('keeps everything when the text has no more lines than asked', () => {
    expect(scrollbackTailStart('a\r\nb', 2)).toBe(0);
    expect(scrollbackTailStart('a\r\nb', 5)).toBe(0);
    expect(scrollbackTailStart('', 3)).toBe(0);
  });

  it('keeps nothing for no lines', () => {
    expect(tail('a\nb', 0)).toBe('');
  });

  it('on a long log, starts exactly N lines before the end', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join('\r\n');
    const kept = tail(text, 5_030).split('\r\n');
    expect(kept).toHaveLength(5_030);
    expect(kept[0]).toBe('line 14970');
    expect(kept.at(-1)).toBe('line 19999');
  });
});
