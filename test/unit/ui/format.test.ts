import { describe, expect, it } from 'vitest';
import { languageForPath } from '../../../src/ui/editor/language';
import { exitLine, promptLine, toPlainText, toTerminalNewlines } from '../../../src/ui/terminal/format';
import { formatArgs, formatDuration, previewOutput } from '../../../src/ui/timeline/format';

describe('terminal text', () => {
  it('turns lone newlines into CRLF and leaves CRLF alone', () => {
    expect(toTerminalNewlines('a\nb\r\nc\n')).toBe('a\r\nb\r\nc\r\n');
  });

  it('writes a prompt line and an exit line that read plainly without colour', () => {
    expect(toPlainText(promptLine('npm test'))).toBe('$ npm test\n');
    expect(toPlainText(exitLine({ exitCode: 1, timedOut: false, aborted: false }))).toBe('[exit 1]\n');
    expect(toPlainText(exitLine({ exitCode: 137, timedOut: true, aborted: true }))).toBe('[exit 137, timed out, aborted]\n');
  });

  it('strips colour and OSC sequences for the plain log', () => {
    expect(toPlainText('\x1b[31mred\x1b[0m \x1b]0;title\x07ok\r\n')).toBe('red ok\n');
  });
});

describe('timeline formatting', () => {
  it('shows short arguments on one line and long ones indented', () => {
    expect(formatArgs({ path: 'a.sh' }, '')).toBe('{"path":"a.sh"}');
    const long = { path: 'src/slugify.sh', content: 'x'.repeat(100) };
    expect(formatArgs(long, '')).toBe(JSON.stringify(long, null, 2));
  });

  it('shows invalid arguments as the raw text the model sent', () => {
    expect(formatArgs(null, '{"path": ')).toBe('{"path": ');
    expect(formatArgs(null, '')).toBe('(no arguments)');
  });

  it('leaves short output whole and previews long output', () => {
    expect(previewOutput('one\ntwo')).toEqual({ preview: 'one\ntwo', collapsible: false, hiddenLines: 0 });
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(previewOutput(lines, 5)).toEqual({
      preview: 'line 1\nline 2\nline 3\nline 4\nline 5',
      collapsible: true,
      hiddenLines: 15,
    });
    const wide = previewOutput('y'.repeat(1000), 8, 100);
    expect(wide).toEqual({ preview: 'y'.repeat(100), collapsible: true, hiddenLines: 0 });
  });

  it('formats durations', () => {
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(1530)).toBe('1.5 s');
    expect(formatDuration(12_400)).toBe('12 s');
  });
});

describe('editor language', () => {
  it('picks a language from the extension or name', () => {
    expect(languageForPath('src/slugify.sh')).toBe('shell');
    expect(languageForPath('/workspace/src/App.TSX')).toBe('typescript');
    expect(languageForPath('package.json')).toBe('javascript');
    expect(languageForPath('Dockerfile')).toBe('dockerfile');
    expect(languageForPath('.gitignore')).toBe('plaintext');
    expect(languageForPath('notes.unknownext')).toBe('plaintext');
  });
});
