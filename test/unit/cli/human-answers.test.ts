import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args';
import { CliAnswers, readAnswersFile } from '../../../src/cli/human-answers';
import { CLARIFY_QUESTION } from '../../../src/model/scenarios/clarify';
import { runCli as run } from './run-cli';

async function answersFile(text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'answers-')), 'answers.jsonl');
  await writeFile(path, text);
  return path;
}

const question = { callId: 'c1', question: 'Which port?', kind: 'question' as const, options: ['3000', '8080'] };

describe('agent run: the agent asks the human', () => {
  it('answers from --answers FILE, in order', async () => {
    const path = await answersFile('{"answer": "Full stop"}\n\n');
    const { code, events } = await run(['--task', 't', '--model', 'scripted:clarify', '--answers', path, '--json']);
    expect(code).toBe(0);
    expect(events.filter((e) => e.type === 'human_answered')).toMatchObject([{ answer: 'Full stop', via: 'answers_file' }]);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });

  it('with no terminal and no answers, ends with needs_human and the question', async () => {
    const { code, events } = await run(['--task', 't', '--model', 'scripted:clarify', '--json']);
    expect(code).toBe(1);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'needs_human' });
    expect(end?.type === 'run_finished' ? end.reason : '').toContain(CLARIFY_QUESTION);
  });

  it.each([
    ['not json\n', /line 1 of .* is not JSON/],
    ['{"answer": "a"}\n{"reply": "b"}\n', /line 2 of .*answer/],
    ['{"answer": 3}\n', /line 1 of /],
  ])('refuses an answers file with %j as a usage error', async (text, message) => {
    const path = await answersFile(text);
    const attempt = run(['--task', 't', '--model', 'scripted:clarify', '--answers', path]);
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(run(['--task', 't', '--model', 'scripted:clarify', '--answers', path])).rejects.toThrow(message);
  });

  it('refuses an answers file it cannot read', async () => {
    await expect(readAnswersFile('/nonexistent/answers.jsonl')).rejects.toThrow(/cannot read/);
  });
});

describe('CliAnswers', () => {
  const terminal = () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    return { input, output, written: () => written };
  };

  it('takes the file first, then asks at the terminal (stderr), where a number picks an option', async () => {
    const t = terminal();
    const answers = new CliAnswers(['from the file'], { input: t.input, output: t.output });
    expect(answers.interactive).toBe(true);
    expect(await answers.ask(question, new AbortController().signal)).toEqual({ answer: 'from the file', via: 'answers_file' });
    const pending = answers.ask(question, new AbortController().signal);
    t.input.write('2\n');
    expect(await pending).toEqual({ answer: '8080', via: 'terminal' });
    expect(t.written()).toContain('The agent asks: Which port?');
    expect(t.written()).toContain('2) 8080');
    const typed = answers.ask(question, new AbortController().signal);
    t.input.write('  use 5173  \n');
    expect(await typed).toEqual({ answer: 'use 5173', via: 'terminal' });
  });

  it('answers null when the terminal input ends, and rejects when the run stops', async () => {
    const t = terminal();
    const answers = new CliAnswers([], { input: t.input, output: t.output });
    const ended = answers.ask(question, new AbortController().signal);
    t.input.end();
    expect(await ended).toBeNull();
    const t2 = terminal();
    const controller = new AbortController();
    const stopped = new CliAnswers([], { input: t2.input, output: t2.output }).ask(question, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(stopped).rejects.toThrow('stopped');
  });

  it('without a terminal nobody answers once the file runs out, and it does not count as watched', async () => {
    const answers = new CliAnswers(['one'], null);
    expect(answers.interactive).toBe(false);
    expect(await answers.ask(question, new AbortController().signal)).toMatchObject({ answer: 'one' });
    expect(await answers.ask(question, new AbortController().signal)).toBeNull();
  });
});
