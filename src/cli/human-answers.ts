import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { z } from 'zod';
import { messageOf } from '../protocol/error-message';
import { HUMAN_QUESTION_LIMITS } from '../protocol/events';
import { describeFirstIssue } from '../protocol/zod-issue';
import type { HumanAnswer, HumanChannel, HumanQuestion } from '../tools/tool';
import { UsageError } from './args';
import { terminalSafe } from './terminal-safe';

const AnswerLineSchema = z.strictObject({ answer: z.string().max(HUMAN_QUESTION_LIMITS.answer) });

/** `--answers FILE`: JSONL, one `{"answer": "..."}` per question, in order; blank lines are skipped. */
export async function readAnswersFile(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--answers: cannot read ${path}: ${messageOf(error)}`);
  }
  const answers: string[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new UsageError(`--answers: line ${index + 1} of ${path} is not JSON (expected {"answer": "..."})`);
    }
    const parsed = AnswerLineSchema.safeParse(value);
    if (!parsed.success) throw new UsageError(`--answers: line ${index + 1} of ${path}: ${describeFirstIssue(parsed.error, 'line')}`);
    answers.push(parsed.data.answer);
  }
  return answers;
}

export interface Terminal {
  input: Readable;
  /** Where the question goes: standard error, so standard output stays the run's output. */
  output: Writable;
}

/**
 * Who answers the agent in the CLI: the answers file first, in order; then the terminal, when
 * there is one (the question on stderr, the answer a line of stdin; a number picks an option);
 * else nobody, and the run ends with needs_human.
 */
export class CliAnswers implements HumanChannel {
  readonly interactive: boolean;
  private next = 0;

  constructor(
    private readonly answers: readonly string[],
    private readonly terminal: Terminal | null,
  ) {
    this.interactive = terminal !== null;
  }

  async ask(question: HumanQuestion, signal: AbortSignal): Promise<HumanAnswer | null> {
    const fromFile = this.answers[this.next];
    if (fromFile !== undefined) {
      this.next++;
      return { answer: fromFile, via: 'answers_file' };
    }
    if (!this.terminal) return null;
    const line = await promptLine(this.terminal, renderQuestion(question), signal);
    return line === null ? null : { answer: pickOption(line, question.options ?? []), via: 'terminal' };
  }
}

function renderQuestion(question: HumanQuestion): string {
  const head = question.kind === 'blocker' ? 'The agent is blocked and needs you' : 'The agent asks';
  const options = (question.options ?? []).map((option, i) => `\n  ${i + 1}) ${terminalSafe(option)}`).join('');
  const hint = question.options?.length ? ' (a number picks an option)' : '';
  return `\n? ${head}: ${terminalSafe(question.question)}${options}\nAnswer${hint}: `;
}

/** "2" picks the second option; anything else is the answer as typed. */
function pickOption(line: string, options: readonly string[]): string {
  const n = /^\s*(\d+)\s*$/.exec(line);
  const option = n ? options[Number(n[1]) - 1] : undefined;
  return option ?? line.trim();
}

/** One line from the terminal; null when input ends first. Rejects when the run stops. */
export function promptLine(terminal: Terminal, prompt: string, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const rl = createInterface({ input: terminal.input, output: terminal.output, terminal: false });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      rl.close();
      outcome();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    rl.once('line', (line) => finish(() => resolve(line)));
    rl.once('close', () => finish(() => resolve(null)));
    terminal.output.write(prompt);
  });
}
