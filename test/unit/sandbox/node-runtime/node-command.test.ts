import { describe, expect, it } from 'vitest';
import { parseNodeArgs } from '../../../../src/sandbox/node-runtime/node-args';
import { VIRTUAL_NODE_VERSION } from '../../../../src/sandbox/node-runtime/node-info';
import { VirtualSandbox } from '../../../../src/sandbox/virtual';

function sandbox(files: Record<string, string> = {}): VirtualSandbox {
  return new VirtualSandbox({ files });
}

describe('virtual node: running programs', () => {
  it('runs node -e and node -p, and reports its version', async () => {
    const box = sandbox();
    expect(await box.exec('node -e "console.log(6 * 7)"')).toMatchObject({ exitCode: 0, stdout: '42\n', stderr: '' });
    expect(await box.exec(`node -p "'a' + 'b'"`)).toMatchObject({ exitCode: 0, stdout: 'ab\n' });
    expect(await box.exec(`node -p "({ n: 1, list: [1, 'x'] })"`)).toMatchObject({ exitCode: 0, stdout: "{ n: 1, list: [ 1, 'x' ] }\n" });
    expect(await box.exec('node --version')).toMatchObject({ exitCode: 0, stdout: `${VIRTUAL_NODE_VERSION}\n` });
  });

  it('runs a file with its arguments in process.argv, from the current directory', async () => {
    const box = sandbox({ 'src/show.js': 'console.log(JSON.stringify(process.argv.slice(1)), process.cwd(), __filename, __dirname);' });
    await box.exec('cd src');
    const result = await box.exec('node show.js one "two words"');
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toBe('["/workspace/src/show.js","one","two words"] /workspace/src /workspace/src/show.js /workspace/src\n');
  });

  it('reads stdin, from a pipe and as the program itself', async () => {
    const box = sandbox({
      'upper.js': `let text = ''; process.stdin.on('data', (d) => { text += d; }); process.stdin.on('end', () => console.log(text.toUpperCase().trim()));`,
    });
    expect(await box.exec('printf "hello\\nworld" | node upper.js')).toMatchObject({ exitCode: 0, stdout: 'HELLO\nWORLD\n' });
    expect(await box.exec(`echo "console.log(require('fs').readFileSync(0, 'utf8').length)" | node`)).toMatchObject({ exitCode: 0, stdout: '0\n' });
    expect(await box.exec(`echo abc | node -e "console.log(require('fs').readFileSync(0, 'utf8').trim())"`)).toMatchObject({ stdout: 'abc\n' });
  });

  it('ends with process.exit, process.exitCode, and 1 for an uncaught error', async () => {
    const box = sandbox({
      'exit.js': 'console.log("before"); process.exit(3); console.log("after");',
      'code.js': 'process.exitCode = 4; setTimeout(() => console.log("timer still runs"), 1);',
      'throw.js': 'function explode() {\n  throw new TypeError("bad input");\n}\nexplode();\n',
      'caught.js': 'try { process.exit(5); } catch (e) { console.log("swallowed"); }\nwhile (true) {}',
    });
    expect(await box.exec('node exit.js')).toMatchObject({ exitCode: 3, stdout: 'before\n' });
    expect(await box.exec('node code.js')).toMatchObject({ exitCode: 4, stdout: 'timer still runs\n' });
    const thrown = await box.exec('node throw.js');
    expect(thrown.exitCode).toBe(1);
    expect(thrown.stderr).toMatch(/^TypeError: bad input\n\s+at explode \(\/workspace\/throw\.js:2/);
    // process.exit cannot be caught away: the program ends even inside an endless loop.
    expect(await box.exec('node caught.js', { timeoutMs: 5000 })).toMatchObject({ exitCode: 5, timedOut: false });
  });

  it('reports a rejected top-level await of an ES module as an uncaught error', async () => {
    const box = sandbox({ 'main.mjs': 'await Promise.resolve();\nthrow new Error("async boom");\n' });
    const result = await box.exec('node main.mjs');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Error: async boom');
  });

  it('fails clearly for a missing file and an unknown option', async () => {
    const box = sandbox();
    expect(await box.exec('node nope.js')).toMatchObject({ exitCode: 1, stderr: "node: Cannot find module '/workspace/nope.js'\n" });
    const option = await box.exec('node --inspect x.js');
    expect(option.exitCode).toBe(9);
    expect(option.stderr).toContain('--inspect is not supported');
  });

  it('formats console output the way Node does', async () => {
    const box = sandbox({
      'fmt.js': [
        'console.log("%s is %d years", "Ada", 36, { extra: true });',
        'console.log([1, "two", [3, [4, [5]]]], null, undefined, 10n, Symbol("s"));',
        'console.log({ nested: { deeper: { deepest: { gone: 1 }, empty: {}, none: [] } } });',
        'console.log(new Map([["k", 1]]), new Set([1, 2]), function named() {}, class Foo {});',
        'const self = { name: "loop" }; self.self = self; console.log(self);',
        'console.error("to stderr", { a: 1 }); console.warn("warned");',
        'console.log({ aLongPropertyName: "a long string value", anotherLongName: "another long value", third: 3 });',
      ].join('\n'),
    });
    const result = await box.exec('node fmt.js');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      [
        'Ada is 36 years { extra: true }',
        "[ 1, 'two', [ 3, [ 4, [Array] ] ] ] null undefined 10n Symbol(s)",
        '{ nested: { deeper: { deepest: [Object], empty: {}, none: [] } } }',
        "Map(1) { 'k' => 1 } Set(2) { 1, 2 } [Function: named] [class Foo]",
        "{ name: 'loop', self: [Circular *1] }",
        '{',
        "  aLongPropertyName: 'a long string value',",
        "  anotherLongName: 'another long value',",
        '  third: 3',
        '}',
        '',
      ].join('\n'),
    );
    expect(result.stderr).toBe('to stderr { a: 1 }\nwarned\n');
  });
});

describe('parseNodeArgs', () => {
  it('splits node options from the program and its arguments', () => {
    expect(parseNodeArgs(['app.js', '-e', 'x'])).toEqual({ kind: 'file', file: 'app.js', args: ['-e', 'x'] });
    expect(parseNodeArgs(['--no-warnings', '-p', '1', 'a'])).toEqual({ kind: 'eval', code: '1', print: true, args: ['a'] });
    expect(parseNodeArgs([])).toEqual({ kind: 'stdin', args: [] });
    expect(parseNodeArgs(['-e'])).toMatchObject({ kind: 'error' });
  });

  it('reads --test-reporter spec and --test-concurrency N as options with their value, not paths', () => {
    expect(parseNodeArgs(['--test', '--test-reporter', 'spec', '--test-concurrency', '2', 'test/'])).toEqual({
      kind: 'test',
      paths: ['test/'],
      namePatterns: [],
    });
    expect(parseNodeArgs(['--test', '--test-reporter', 'dot', 'test/'])).toMatchObject({ kind: 'error' });
  });
});
