import { describe, expect, it } from 'vitest';
import { parsePythonArgs } from '../../../../src/sandbox/python/python-args';

describe('parsePythonArgs', () => {
  it('reads a file, -c and -m with the arguments after them', () => {
    expect(parsePythonArgs(['main.py', '-v', 'x'])).toEqual({ kind: 'run', mode: 'file', target: 'main.py', args: ['-v', 'x'] });
    expect(parsePythonArgs(['-c', 'print(1)', '-m', 'y'])).toEqual({ kind: 'run', mode: 'code', target: 'print(1)', args: ['-m', 'y'] });
    expect(parsePythonArgs(['-u', '-m', 'unittest', 'discover', '-v'])).toEqual({ kind: 'run', mode: 'module', target: 'unittest', args: ['discover', '-v'] });
    expect(parsePythonArgs(['-munittest'])).toEqual({ kind: 'run', mode: 'module', target: 'unittest', args: [] });
  });

  it('reads the program from stdin without a file, or with -', () => {
    expect(parsePythonArgs([])).toEqual({ kind: 'run', mode: 'stdin', target: '', args: [] });
    expect(parsePythonArgs(['-', 'a'])).toEqual({ kind: 'run', mode: 'stdin', target: '-', args: ['a'] });
  });

  it('skips the options that change nothing here, with their values', () => {
    expect(parsePythonArgs(['-B', '-W', 'error', '-X', 'dev', '-Wdefault', 'app.py'])).toMatchObject({ mode: 'file', target: 'app.py' });
  });

  it('answers --version and --help, and refuses unknown options and a missing value', () => {
    expect(parsePythonArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parsePythonArgs(['-V'])).toEqual({ kind: 'version' });
    expect(parsePythonArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parsePythonArgs(['--frobnicate'])).toEqual({ kind: 'usage-error', message: 'Unknown option: --frobnicate' });
    expect(parsePythonArgs(['-c'])).toEqual({ kind: 'usage-error', message: 'Argument expected for the -c option' });
  });

  it('sends python3 -m pip to the pip message', () => {
    expect(parsePythonArgs(['-m', 'pip', 'install', 'x'])).toEqual({ kind: 'pip' });
  });
});
