import { describe, expect, it } from 'vitest';
import { applyEditCommand } from '../../../src/cli/apply-edit';
import { parseArgs, UsageError } from '../../../src/cli/args';

async function* linesOf(lines: readonly string[]): AsyncIterable<string> {
  for (const line of lines) yield line;
}

async function run(argv: string[], input: string[]) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await applyEditCommand(
    parseArgs(argv, new Set(['jsonl'])),
    linesOf(input),
    (line) => out.push(line),
    (line) => errors.push(line),
  );
  return { code, errors, answers: out.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('apply-edit --jsonl', () => {
  it('answers every line in order with ok, result, strategy and error', async () => {
    const input = [
      { original: 'a\nb\nc\n', search: 'b\n', replace: 'B\n' },
      { original: 'x\nx\n', search: 'x\n', replace: 'y\n' },
      { original: 'crlf\r\nline\r\n', search: 'line', replace: 'LINE' },
      { original: '    def f():\n        pass\n', search: 'def f():\n    pass\n', replace: 'def f():\n    return 1\n' },
    ].map((edit) => JSON.stringify(edit));
    const { code, answers, errors } = await run(['--jsonl'], input);
    expect(code).toBe(0);
    expect(errors).toEqual([]);
    expect(answers).toHaveLength(4);
    expect(answers[0]).toEqual({ ok: true, result: 'a\nB\nc\n', strategy: 'exact', error: null });
    expect(answers[1]).toMatchObject({ ok: false, result: null, strategy: null });
    expect(answers[1]?.error).toMatch(/matches 2 places/);
    expect(answers[2]).toEqual({ ok: true, result: 'crlf\r\nLINE\r\n', strategy: 'exact', error: null });
    expect(answers[3]).toEqual({ ok: true, result: '    def f():\n        return 1\n', strategy: 'indentation', error: null });
  });

  it('turns a bad line into an error answer and carries on', async () => {
    const { code, answers, errors } = await run(
      ['--jsonl'],
      [
        'not json',
        JSON.stringify({ original: 'a\n', search: 1, replace: 'b' }),
        JSON.stringify([1, 2]),
        '   ',
        JSON.stringify({ original: 'a\n', search: 'a', replace: 'b' }),
      ],
    );
    expect(code).toBe(1);
    expect(answers).toHaveLength(4);
    expect(errors).toEqual([
      expect.stringMatching(/^error: input line 1: not JSON/),
      expect.stringMatching(/^error: input line 2: expected .*search: .*string/),
      expect.stringMatching(/^error: input line 3: expected /),
      'error: 3 input lines were not valid; each got an error answer',
    ]);
    for (const answer of answers.slice(0, 3)) {
      expect(answer).toMatchObject({ ok: false, result: null, strategy: null });
      expect(answer.error).toMatch(/^invalid input line: /);
    }
    expect(answers[0]?.error).toMatch(/not JSON/);
    expect(answers[1]?.error).toMatch(/search: .*string/);
    expect(answers[3]).toEqual({ ok: true, result: 'b\n', strategy: 'exact', error: null });
  });

  it('needs --jsonl and rejects unknown options', async () => {
    await expect(run([], [])).rejects.toThrow(UsageError);
    await expect(run(['--jsonl', '--fuzzy=yes'], [])).rejects.toThrow(/unknown option --fuzzy/);
    await expect(run(['--jsonl', 'file.txt'], [])).rejects.toThrow(/no arguments/);
  });
});
