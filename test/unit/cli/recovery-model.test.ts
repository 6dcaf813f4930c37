import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { RUN_FLAGS, RUN_SWITCHES } from '../../../src/cli/run-task';
import { textReply } from '../model/mock-openai-server';
import { mockEndpointPerTest, readMissing, restoreApiKeyAfterEach, runCli as run } from './run-cli';

describe('agent run --recovery-model', () => {
  const startServer = mockEndpointPerTest();
  restoreApiKeyAfterEach();

  it('is a known flag of run', () => {
    expect(RUN_FLAGS).toContain('recovery-model');
    expect(parseArgs(['--recovery-model', 'gpt-4o'], RUN_SWITCHES).flags.get('recovery-model')).toBe('gpt-4o');
  });

  it('asks the named model, on the same endpoint and key, for the critique; the key stays out of the log', async () => {
    const server = await startServer([
      { kind: 'stream', chunks: readMissing(1) },
      { kind: 'stream', chunks: readMissing(2) },
      { kind: 'stream', chunks: readMissing(3) },
      { kind: 'stream', chunks: textReply(['Nothing there: ', 'list the folder first.']) },
      { kind: 'stream', chunks: textReply(['Done.']) },
    ]);
    process.env.PHASEGATE_API_KEY = 'sk-cli-recovery-secret';
    const { code, lines, events } = await run([
      '--task',
      't',
      '--base-url',
      server.baseUrl,
      '--model',
      'main-model',
      '--recovery-model',
      'critic-model',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(server.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      'main-model',
      'main-model',
      'main-model',
      'critic-model',
      'main-model',
    ]);
    expect(server.requests.every((request) => request.headers.authorization === 'Bearer sk-cli-recovery-secret')).toBe(true);
    const host = new URL(server.baseUrl).host;
    expect(events.find((e) => e.type === 'recovery_finished')).toMatchObject({
      ok: true,
      critique: 'Nothing there: list the folder first.',
      model: `critic-model @ ${host}`,
    });
    expect(events[0]).toMatchObject({ type: 'run_started', model: { name: 'main-model' } });
    expect(lines.join('\n')).not.toContain('sk-cli-recovery-secret');
  });

  it('goes with a scripted model, which writes the critique itself', async () => {
    const { events } = await run(['--task', 't', '--model', 'scripted:stuck', '--recovery-model', 'critic-model', '--json']);
    const finished = events.find((e) => e.type === 'recovery_finished');
    expect(finished?.model).toBe('Demo (scripted): stuck');
  });

  it.each([
    [['--task', 't', '--recovery-model'], /--recovery-model needs a value/],
    [['--task', 't', '--recovery-model', '  '], /--recovery-model needs a model name/],
    [['--task', 't', '--recovery-model='], /--recovery-model needs a model name/],
  ])('rejects %j with a usage error', async (argv, message) => {
    await expect(run(argv)).rejects.toThrow(UsageError);
    await expect(run(argv)).rejects.toThrow(message);
  });

  it('refuses a name past the schema bound with the reason', async () => {
    await expect(run(['--task', 't', '--recovery-model', 'm'.repeat(201)])).rejects.toThrow(/recoveryModel: the recovery model name is at most 200 characters/);
  });
});
