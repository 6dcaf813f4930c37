import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { budgetsFromArgs, contextSettingsFromArgs } from '../../../src/cli/context-flags';
import { RUN_FLAGS, RUN_SWITCHES } from '../../../src/cli/run-task';
import { textReply } from '../model/mock-openai-server';
import { mockEndpointPerTest, runCli as run } from './run-cli';

const args = (argv: string[]) => parseArgs(argv, RUN_SWITCHES);

function usageError(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('no usage error');
}

describe('agent run: counting, sampling and budget flags', () => {
  const startServer = mockEndpointPerTest();

  it('are known flags of run', () => {
    for (const flag of ['context-window', 'tokenizer', 'temperature', 'max-output-tokens', 'summary-model', 'summary-base-url', 'max-tokens', 'max-cost'])
      expect(RUN_FLAGS).toContain(flag);
  });

  it('read into model settings and budgets', () => {
    const parsed = args([
      '--context-window',
      '64000',
      '--tokenizer',
      'cl100k',
      '--temperature',
      '0.7',
      '--max-output-tokens',
      '4096',
      '--summary-model',
      ' small ',
      '--summary-base-url',
      'http://localhost:11434/v1',
      '--max-tokens',
      '200000',
      '--max-cost',
      '0.5',
    ]);
    expect(contextSettingsFromArgs(parsed)).toEqual({
      contextWindow: 64_000,
      tokenizer: 'cl100k',
      temperature: 0.7,
      maxOutputTokens: 4_096,
      summaryModel: 'small',
      summaryBaseUrl: 'http://localhost:11434/v1',
    });
    expect(budgetsFromArgs(parsed)).toEqual({ maxTokensPerRun: 200_000, maxCostPerRun: 0.5 });
    expect(contextSettingsFromArgs(args([]))).toEqual({});
    expect(budgetsFromArgs(args([]))).toEqual({ maxTokensPerRun: null, maxCostPerRun: null });
    expect(contextSettingsFromArgs(args(['--context-window', '0']))).toEqual({ contextWindow: 0 });
  });

  it.each([
    [['--context-window', '500'], "--context-window must be a whole number of tokens from 1000 to 10000000 (or 0: the model's known window)"],
    [['--context-window', '32k'], "--context-window must be a whole number of tokens from 1000 to 10000000 (or 0: the model's known window)"],
    [['--context-window', ''], "--context-window must be a whole number of tokens from 1000 to 10000000 (or 0: the model's known window)"],
    [['--tokenizer', 'p50k'], '--tokenizer must be o200k or cl100k'],
    [['--temperature', '3'], '--temperature must be a number from 0 to 2'],
    [['--temperature', '-1'], '--temperature must be a number from 0 to 2'],
    [['--temperature', 'warm'], '--temperature must be a number from 0 to 2'],
    [['--max-output-tokens', '0'], '--max-output-tokens must be a whole number from 1 to 1000000'],
    [['--max-output-tokens', '1.5'], '--max-output-tokens must be a whole number from 1 to 1000000'],
    [['--summary-model', '  '], '--summary-model needs a model name'],
    [['--summary-base-url', 'http://localhost:1234/v1'], '--summary-base-url URL goes with --summary-model NAME (the model on that endpoint)'],
  ])('refuse %j as a usage error', (argv, message) => {
    expect(usageError(() => contextSettingsFromArgs(args(argv)))).toBe(message);
  });

  it.each([
    [['--max-tokens', '0'], '--max-tokens must be a whole number of tokens, at least 1'],
    [['--max-tokens', '1e6'], '--max-tokens must be a whole number of tokens, at least 1'],
    [['--max-cost', '0'], '--max-cost must be an amount in US dollars from 0.0001 to 100000'],
    [['--max-cost', '$1'], '--max-cost must be an amount in US dollars from 0.0001 to 100000'],
  ])('refuse budget %j as a usage error', (argv, message) => {
    expect(usageError(() => budgetsFromArgs(args(argv)))).toBe(message);
  });

  it('a run refuses a bad value before it starts', async () => {
    await expect(run(['--task', 't', '--temperature', '9'])).rejects.toThrow(UsageError);
  });

  it('--max-tokens ends a scripted run with budget_exceeded and the figures', async () => {
    const { code, events } = await run(['--task', 't', '--max-tokens', '100', '--json']);
    expect(code).toBe(1);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'run_finished', status: 'failed', errorCode: 'budget_exceeded', cause: 'max_tokens' });
    expect(last?.type === 'run_finished' && last.reason).toMatch(/used 0 of 100 tokens; the next request needs ~/);
  });

  it('a scripted run records usage events in --json against --context-window, and prints none in text mode', async () => {
    const json = await run(['--task', 't', '--context-window', '50000', '--json']);
    const usage = json.events.filter((event) => event.type === 'usage');
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((event) => event.contextWindow === 50_000 && event.estimated)).toBe(true);
    const text = await run(['--task', 't']);
    expect(text.code).toBe(0);
    expect(text.lines.join('\n')).not.toMatch(/usage|tokens/i);
  });

  it('sends --temperature and --max-output-tokens to the endpoint, and counts against --context-window', async () => {
    const server = await startServer([{ kind: 'stream', chunks: textReply(['Done.']) }]);
    const { code, events } = await run([
      '--task',
      't',
      '--base-url',
      server.baseUrl,
      '--model',
      'local-model',
      '--temperature',
      '0.4',
      '--max-output-tokens',
      '2048',
      '--context-window',
      '8192',
      '--tokenizer',
      'cl100k',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(server.requests[0]?.body).toMatchObject({ model: 'local-model', temperature: 0.4, max_tokens: 2_048, stream_options: { include_usage: true } });
    const usage = events.filter((event) => event.type === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ contextWindow: 8_192, estimated: true });
  });
});
