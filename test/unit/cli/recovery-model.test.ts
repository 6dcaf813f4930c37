import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { RUN_FLAGS, RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { EngineEventSchema } from '../../../src/protocol/events';
import { chunk, type MockOpenAiServer, startMockOpenAi, textReply, toolCallArgs, toolCallStart } from '../model/mock-openai-server';

async function run(argv: string[]) {
  const lines: string[] = [];
  const code = await runTaskCommand(parseArgs(argv, RUN_SWITCHES), (line) => lines.push(line));
  return { code, lines };
}

const readMissing = (n: number) => [
  toolCallStart(0, `call_${n}`, 'read_file'),
  toolCallArgs(0, JSON.stringify({ path: `missing-${n}.txt` })),
  chunk({}, 'tool_calls'),
];

describe('agent run --recovery-model', () => {
  let server: MockOpenAiServer | null = null;
  const savedKey = process.env.PHASEGATE_API_KEY;
  afterEach(async () => {
    await server?.close();
    server = null;
    if (savedKey === undefined) delete process.env.PHASEGATE_API_KEY;
    else process.env.PHASEGATE_API_KEY = savedKey;
  });

  it('is a known flag of run', () => {
    expect(RUN_FLAGS).toContain('recovery-model');
    expect(parseArgs(['--recovery-model', 'gpt-4o'], RUN_SWITCHES).flags.get('recovery-model')).toBe('gpt-4o');
  });

  it('asks the named model, on the same endpoint and key, for the critique; the key stays out of the log', async () => {
    server = await startMockOpenAi([
      { kind: 'stream', chunks: readMissing(1) },
      { kind: 'stream', chunks: readMissing(2) },
      { kind: 'stream', chunks: readMissing(3) },
      { kind: 'stream', chunks: textReply(['Nothing there: ', 'list the folder first.']) },
      { kind: 'stream', chunks: textReply(['Done.']) },
    ]);
    process.env.PHASEGATE_API_KEY = 'sk-cli-recovery-secret';
    const { code, lines } = await run(['--task', 't', '--base-url', server.baseUrl, '--model', 'main-model', '--recovery-model', 'critic-model', '--json']);
    expect(code).toBe(0);
    expect(server.requests.map((request) => (request.body as { model: string }).model)).toEqual([
      'main-model',
      'main-model',
      'main-model',
      'critic-model',
      'main-model',
    ]);
    expect(server.requests.every((request) => request.headers.authorization === 'Bearer sk-cli-recovery-secret')).toBe(true);
    const events = lines.map((line) => EngineEventSchema.parse(JSON.parse(line)));
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
    const { lines } = await run(['--task', 't', '--model', 'scripted:stuck', '--recovery-model', 'critic-model', '--json']);
    const finished = lines.map((line) => JSON.parse(line) as { type: string; model?: unknown }).find((e) => e.type === 'recovery_finished');
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
