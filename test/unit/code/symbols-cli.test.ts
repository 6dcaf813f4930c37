import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { symbolsCommand } from '../../../src/cli/symbols';
import { fixturePath } from './support';

async function* linesOf(lines: string[]): AsyncIterable<string> {
  for (const line of lines) yield line;
}

async function run(argv: string[], input: string[] = []): Promise<{ code: number; out: string[]; errors: string[] }> {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await symbolsCommand(
    parseArgs(argv, new Set(['jsonl', 'json'])),
    linesOf(input),
    (line) => out.push(line),
    (line) => errors.push(line),
  );
  return { code, out, errors };
}

describe('symbols --jsonl', () => {
  it('answers every input line in order: files read from disk, inline content, and errors as data', async () => {
    const py = fixturePath('sample.sh');
    const input = [
      JSON.stringify({ path: py }),
      JSON.stringify({ path: 'inline.ts', content: 'export class A {\n  m() {}\n}\n' }),
      '',
      'not json',
      JSON.stringify({ path: 'notes.txt', content: 'hello' }),
      JSON.stringify({ path: '/definitely/missing.py' }),
      JSON.stringify({ content: 'x' }),
    ];
    const { code, out, errors } = await run(['--jsonl'], input);
    // Two lines are malformed (4: not JSON, 7: no path): named on stderr by their input line; a
    // file that cannot be read or parsed is an answer, not an input error.
    expect(code).toBe(1);
    expect(errors).toEqual([
      expect.stringMatching(/^error: input line 4: not JSON/),
      expect.stringMatching(/^error: input line 7: expected \{"path".*path: /),
      'error: 2 input lines were not valid; each got an error answer',
    ]);
    const answers = out.map((line) => JSON.parse(line) as { path: string | null; symbols: unknown[]; error?: string });
    expect(answers.map((a) => a.path)).toEqual([py, 'inline.ts', null, 'notes.txt', '/definitely/missing.py', null]);
    expect(answers[0]?.symbols).toEqual([
      { name: 'log', qualifiedName: 'log', kind: 'function', startLine: 5, endLine: 8 },
      { name: 'clean', qualifiedName: 'clean', kind: 'function', startLine: 10, endLine: 12 },
      { name: 'build', qualifiedName: 'build', kind: 'function', startLine: 16, endLine: 20 },
      { name: 'helper', qualifiedName: 'build.helper', kind: 'function', startLine: 18, endLine: 18 },
      { name: 'main', qualifiedName: 'main', kind: 'function', startLine: 22, endLine: 22 },
    ]);
    expect(answers[1]).toEqual({
      path: 'inline.ts',
      symbols: [
        { name: 'A', qualifiedName: 'A', kind: 'class', startLine: 1, endLine: 3 },
        { name: 'm', qualifiedName: 'A.m', kind: 'method', startLine: 2, endLine: 2 },
      ],
    });
    expect(answers[2]?.error).toMatch(/not JSON/);
    expect(answers[3]).toEqual({ path: 'notes.txt', symbols: [], error: expect.stringMatching(/unknown language/) });
    expect(answers[4]).toEqual({ path: '/definitely/missing.py', symbols: [], error: expect.stringMatching(/cannot read the file: ENOENT/) });
    expect(answers[5]?.error).toMatch(/expected \{"path"/);
    for (const a of answers.slice(2)) expect(a.symbols).toEqual([]);
  });

  it('refuses a FILE argument together with --jsonl', async () => {
    await expect(run(['--jsonl', 'x.ts'])).rejects.toBeInstanceOf(UsageError);
  });
});

describe('symbols FILE', () => {
  it('prints one line per symbol: kind qualifiedName lines a–b', async () => {
    const { code, out } = await run([fixturePath('sample.go')]);
    expect(code).toBe(0);
    expect(out.slice(0, 3)).toEqual(['struct Stack lines 9–13', 'method Stack.Push lines 15–18', 'method Stack.Len lines 20–23']);
    expect(out).toHaveLength(11);
  });

  it('prints the slice with line numbers for --symbol', async () => {
    const { out } = await run([fixturePath('sample.go'), '--symbol', 'Stack.Push']);
    expect(out).toEqual([
      'method Stack.Push lines 15–18',
      ['15 | // Push adds v on top.', '16 | func (s *Stack[T]) Push(v T) {', '17 | \ts.items = append(s.items, v)', '18 | }'].join('\n'),
    ]);
  });

  it('prints every candidate of an ambiguous name', async () => {
    const { out } = await run([fixturePath('sample.c'), '--symbol', 'label']);
    expect(out.filter((line) => line.startsWith('function label'))).toEqual(['function label lines 5–5', 'function label lines 30–32']);
  });

  it('gives JSON with --json, the slice text included for --symbol', async () => {
    const listed = JSON.parse((await run([fixturePath('sample.rb'), '--json'])).out.join('')) as { language: string; symbols: { name: string }[] };
    expect(listed.language).toBe('ruby');
    expect(listed.symbols.map((s) => s.name)).toEqual(['Billing', 'Refund', 'main']);
    const one = JSON.parse((await run([fixturePath('sample.rb'), '--json', '--symbol', 'Invoice.zero'])).out.join('')) as {
      match: string;
      matches: { qualifiedName: string; text: string }[];
    };
    expect(one.match).toBe('suffix');
    expect(one.matches).toEqual([expect.objectContaining({ qualifiedName: 'Billing.Invoice.zero', text: '      def zero\n        new(0)\n      end' })]);
  });

  it('suggests close names when the symbol is not found', async () => {
    await expect(run([fixturePath('sample.go'), '--symbol', 'Stack.Pusj'])).rejects.toThrow(/no symbol "Stack.Pusj".*closest: Stack.Push/);
  });

  it('rejects unknown file types and unknown flags', async () => {
    await expect(run(['README.md'])).rejects.toThrow(/no parser for this file type/);
    await expect(run([fixturePath('sample.go'), '--nope'])).rejects.toBeInstanceOf(UsageError);
  });
});
