import { describe, expect, it } from 'vitest';
import {
  capUtf8,
  cleanOutput,
  countLines,
  cutLine,
  formatBytes,
  formatCount,
  lineNumberAt,
  looksBinary,
  looksLikeBinaryOutput,
  numberLines,
  OUTPUT_LINE_MAX_CHARS,
  splitLines,
  stripAnsi,
  truncateMiddle,
} from '../../../src/tools/output';

describe('truncateMiddle', () => {
  it('leaves text up to 4,000 characters alone', () => {
    const text = 'x'.repeat(4000);
    expect(truncateMiddle(text)).toBe(text);
  });

  it('keeps the first and last 2,000 characters and says how many were omitted', () => {
    const text = `${'a'.repeat(2000)}${'m'.repeat(1234)}${'z'.repeat(2000)}`;
    const out = truncateMiddle(text);
    const [head, marker, tail, ...rest] = out.split('\n');
    expect(rest).toEqual([]);
    expect(head).toBe('a'.repeat(2000));
    expect(marker).toBe('[… 1,234 characters omitted …]');
    expect(tail).toBe('z'.repeat(2000));
  });
});

describe('lines', () => {
  it('splits without a phantom last line', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a')).toEqual(['a']);
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('\n\n')).toEqual(['', '']);
    expect(countLines('a\nb\nc')).toBe(3);
  });

  it('numbers lines right-aligned', () => {
    expect(numberLines(['x', 'y'], 9)).toBe('    9 | x\n   10 | y');
  });

  it('finds the line of an offset', () => {
    const text = 'one\ntwo\nthree';
    expect(lineNumberAt(text, 0)).toBe(1);
    expect(lineNumberAt(text, text.indexOf('two'))).toBe(2);
    expect(lineNumberAt(text, text.indexOf('three'))).toBe(3);
  });

  it('cuts long lines with a count', () => {
    expect(cutLine('abcdef', 10)).toBe('abcdef');
    expect(cutLine('abcdef', 4)).toBe('abcd [… 2 more characters]');
  });
});

describe('formatting', () => {
  it('formats counts and sizes', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatBytes(231)).toBe('231 B');
    expect(formatBytes(4608)).toBe('4.5 KiB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MiB');
  });

  it('detects binary text and strips ANSI colours', () => {
    expect(looksBinary('abc\0def')).toBe(true);
    expect(looksBinary('plain text')).toBe(false);
    expect(stripAnsi('\u001b[32m✓\u001b[39m passed')).toBe('✓ passed');
  });

  it('caps UTF-8 size without splitting a character', () => {
    expect(capUtf8('short', 100)).toEqual({ text: 'short', truncated: false });
    const capped = capUtf8('ééééé', 5); // 2 bytes each
    expect(capped).toEqual({ text: 'éé', truncated: true });
    expect(capUtf8('abc'.repeat(10), 7)).toEqual({ text: 'abcabca', truncated: true });
  });
});

describe('output hygiene', () => {
  it('strips colour, cursor, OSC and charset escapes', () => {
    expect(stripAnsi('\u001b[1;32mok\u001b[0m \u001b[2K\u001b[1Gdone \u001b]0;title\u0007x \u001b(Bplain')).toBe('ok done x plain');
  });

  it.each([
    ['plain text', 'hello\nworld\n', false],
    ['tabs, escapes and CRLF', '\tcol\r\n\u001b[31mred\u001b[0m\f', false],
    ['a NUL', 'text\u0000more', true],
    ['many control characters', 'ab\u0001\u0002\u0003\u0004cd', true],
    ['replacement characters from invalid UTF-8', `${'\ufffd'.repeat(5)}abc`, true],
    ['a few replacement characters in long text', `${'a'.repeat(100)}\ufffd`, false],
    ['empty output', '', false],
  ])('%s looks binary: %s', (_label, text, binary) => {
    expect(looksLikeBinaryOutput(text)).toBe(binary);
  });

  it('cleans output for the model', () => {
    expect(cleanOutput('\u001b[32mPASS\u001b[0m test\n')).toBe('PASS test\n');
    expect(cleanOutput('progress 10%\rprogress 50%\rprogress 100%\ndone\r\n')).toBe('progress 100%\ndone\n');
    expect(cleanOutput(`${'y'.repeat(OUTPUT_LINE_MAX_CHARS + 10)}\nok`)).toBe(`${'y'.repeat(OUTPUT_LINE_MAX_CHARS)} [… 10 more characters]\nok`);
    expect(cleanOutput('\u0000\u0001\u0002\u0003é')).toBe('[binary output, 6 bytes, not shown]');
  });
});
