import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';
import { LOAD_TIMEOUT_MS, loadPython, sentPaths, sharedPython } from './python-runtime-helpers';

const { runtime, requests } = sharedPython();
const sandbox = (files: Record<string, string> = {}) => new VirtualSandbox({ files, python: runtime });

beforeAll(() => loadPython(runtime), LOAD_TIMEOUT_MS);
afterAll(() => runtime.dispose());

describe('files between the sandbox and Python', () => {
  it('writes back what Python creates, changes and deletes', async () => {
    const sb = sandbox({ 'keep.txt': 'old\n', 'gone.txt': 'bye\n', 'olddir/x.txt': 'x' });
    const script = [
      'import os, shutil',
      "os.makedirs('out/deep', exist_ok=True)",
      "open('out/deep/new.txt', 'w').write('made by python\\n')",
      "open('keep.txt', 'a').write('appended\\n')",
      "os.remove('gone.txt')",
      "shutil.rmtree('olddir')",
      "os.mkdir('empty')",
      "open('blob.bin', 'wb').write(bytes(range(256)))",
    ].join('\n');
    await sb.writeFile('/workspace/script.py', script);
    expect((await sb.exec('python3 script.py')).exitCode).toBe(0);
    expect(await sb.readFile('/workspace/out/deep/new.txt')).toBe('made by python\n');
    expect(await sb.readFile('/workspace/keep.txt')).toBe('old\nappended\n');
    expect(await sb.exists('/workspace/gone.txt')).toBe(false);
    expect(await sb.exists('/workspace/olddir')).toBe(false);
    expect(await sb.stat('/workspace/empty')).toEqual({ type: 'dir', size: expect.any(Number) });
    const base64 = await sb.exec('base64 -w0 blob.bin');
    expect(base64.stdout.trim()).toBe(Buffer.from([...Array(256).keys()]).toString('base64'));
  });

  it('shows Python what the sandbox changed since its last run, and nothing it removed', async () => {
    const sb = sandbox({ 'data.txt': 'one' });
    const read = 'python3 -c "import os; print(sorted(os.listdir()), open(\'data.txt\').read())"';
    expect((await sb.exec(read)).stdout).toBe("['data.txt'] one\n");
    await sb.writeFile('/workspace/data.txt', 'two');
    await sb.exec('echo extra > more.txt && mkdir -p sub && echo z > sub/z.txt');
    expect((await sb.exec(read)).stdout).toBe("['data.txt', 'more.txt', 'sub'] two\n");
    await sb.exec('rm -r more.txt sub');
    expect((await sb.exec(read)).stdout).toBe("['data.txt'] two\n");
  });

  it('sees a same-size rewrite made in the same millisecond as the last sync', async () => {
    const sb = sandbox({ 'n.txt': '1' });
    const read = `python3 -c "print(open('n.txt').read())"`;
    for (const value of ['2', '3', '4']) {
      await sb.exec(`echo -n ${value} > n.txt`);
      expect((await sb.exec(read)).stdout).toBe(`${value}\n`);
    }
  });

  it('sends only the files that changed since the last run', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`src/m${i}.py`, `X = ${i}\n`]));
    const sb = sandbox(files);
    await sb.exec('python3 -c pass');
    expect(sentPaths(requests.at(-1))).toHaveLength(30);
    await sb.exec('python3 -c pass');
    expect(sentPaths(requests.at(-1))).toEqual([]);
    await sb.writeFile('/workspace/src/m7.py', 'X = 700\n');
    const result = await sb.exec('python3 -c "import sys; sys.path.insert(0, \'src\'); import m7; print(m7.X)"');
    expect(result.stdout).toBe('700\n');
    expect(sentPaths(requests.at(-1))).toEqual(['/workspace/src/m7.py']);
  });

  it('keeps bytecode caches out of the workspace', async () => {
    const sb = sandbox({ 'lib/util.py': 'VALUE = 1\n', 'main.py': 'import sys\nsys.dont_write_bytecode = False\nfrom lib import util\nprint(util.VALUE)\n' });
    expect((await sb.exec('python3 main.py')).stdout).toBe('1\n');
    expect((await sb.exec('find . -name "__pycache__" -o -name "*.pyc"')).stdout).toBe('');
  });

  it('keeps two sandboxes that share one Python apart', async () => {
    const first = sandbox({ 'who.txt': 'first' });
    const second = sandbox({ 'who.txt': 'second' });
    const who = `python3 -c "print(open('who.txt').read())"`;
    expect((await first.exec(who)).stdout).toBe('first\n');
    expect((await second.exec(who)).stdout).toBe('second\n');
    expect((await first.exec(who)).stdout).toBe('first\n');
  });
});
