import { describe, expect, it } from 'vitest';
import { LineEndNormalizer, MarkerSplitter, stripTerminalEscapes } from '../../../src/sandbox/terminal-output';
import { markerSeparator, parseTrailer, shellQuote, wrapCommand } from '../../../src/sandbox/webcontainer-shell';

function feed(splitter: MarkerSplitter, chunks: string[]): string[] {
  return chunks.map((chunk) => splitter.push(chunk));
}

describe('MarkerSplitter', () => {
  it('releases text early and cuts at a marker split across chunks', () => {
    const splitter = new MarkerSplitter('\n#END#');
    const out = feed(splitter, ['hello\nwor', 'ld\n', '#E', 'N', 'D# 0 /x\nPATH=/bin\n']);
    expect(out).toEqual(['hello\nwor', 'ld', '', '', '']);
    expect(splitter.trailer).toBe(' 0 /x\nPATH=/bin\n');
    expect(splitter.push('more')).toBe('');
    expect(splitter.trailer).toBe(' 0 /x\nPATH=/bin\nmore');
  });

  it('gives back held text that was not the marker', () => {
    const splitter = new MarkerSplitter('\n#END#');
    expect(splitter.push('a\n#EN')).toBe('a');
    expect(splitter.push('X')).toBe('\n#ENX');
    expect(splitter.push('b\n#')).toBe('b');
    expect(splitter.end()).toBe('\n#');
    expect(splitter.trailer).toBeNull();
  });
});

describe('LineEndNormalizer', () => {
  it('turns CRLF into LF even when a chunk ends between them', () => {
    const normalizer = new LineEndNormalizer();
    expect(['a\r', '\nb\r\n', 'c\r', 'd'].map((c) => normalizer.push(c)).join('')).toBe('a\nb\nc\rd');
    expect(normalizer.push('e\r')).toBe('e');
    expect(normalizer.end()).toBe('\r');
  });
});

describe('stripTerminalEscapes', () => {
  it('removes colours and OSC sequences', () => {
    expect(stripTerminalEscapes('\x1b[31mred\x1b[0m \x1b]0;title\x07ok\x1b[2K')).toBe('red ok');
  });
});

describe('webcontainer shell wrapper', () => {
  it('quotes the cwd and ends with the marker line and env', () => {
    const script = wrapCommand('echo hi', "/home/it's", 'MARK');
    expect(script.split('\n')).toEqual([
      `cd '/home/it'\\''s' || exit 1`,
      'echo hi',
      '__phasegate_status=$?',
      'echo ""',
      'echo "MARK $__phasegate_status $PWD"',
      'env',
    ]);
    expect(markerSeparator('MARK')).toBe('\nMARK');
    expect(shellQuote('a b')).toBe(`'a b'`);
  });

  it('parses status, directory and environment from the trailer', () => {
    expect(parseTrailer(' 2 /home/my dir\nPATH=/bin\nMULTI=one\ntwo\n?=0\nX=\n')).toEqual({
      exitCode: 2,
      cwd: '/home/my dir',
      env: { PATH: '/bin', MULTI: 'one\ntwo', X: '' },
    });
  });

  it('keeps no environment when the env dump failed, and rejects a garbled trailer', () => {
    expect(parseTrailer(' 0 /w\njsh: command not found: env\n')).toEqual({ exitCode: 0, cwd: '/w', env: null });
    expect(parseTrailer('garbage')).toBeNull();
  });
});
