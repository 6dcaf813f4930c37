import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { type EngineEvent, EngineEventSchema } from '../../../src/protocol/events';
import {
  chunk,
  type MockOpenAiOptions,
  type MockOpenAiServer,
  type MockReply,
  startMockOpenAi,
  textReply,
  toolCallArgs,
  toolCallsReply,
  toolCallStart,
} from '../model/mock-openai-server';

/** What `agent run` printed, its exit code and, with --json, the printed lines as events. */
export interface CliRun {
  code: number;
  lines: string[];
  events: EngineEvent[];
}

/**
 * Runs `agent run ARGV` in-process as the CLI does, collecting what it prints. With `stdin`, that text
 * is the run's piped standard input, and what it prompts on standard error is kept in `prompts`.
 */
export async function runCli(argv: string[], options: { stdin?: string } = {}): Promise<CliRun & { prompts: string }> {
  const lines: string[] = [];
  let prompts = '';
  const io =
    options.stdin === undefined
      ? undefined
      : {
          input: Readable.from([options.stdin]),
          output: new Writable({
            write(chunk: Buffer, _encoding, done) {
              prompts += chunk.toString();
              done();
            },
          }),
          interactive: false,
        };
  const code = await runTaskCommand(parseArgs(argv, RUN_SWITCHES), (line) => lines.push(line), undefined, io);
  const events = argv.includes('--json') ? lines.map((line): EngineEvent => EngineEventSchema.parse(JSON.parse(line))) : [];
  return { code, lines, events, prompts };
}

/** A model reply that makes one tool call with these arguments. */
export const callReply = (id: string, name: string, args: unknown): MockReply => ({
  kind: 'stream',
  chunks: toolCallsReply([{ id, name, arguments: JSON.stringify(args) }]),
});

/** A model reply of text alone: a final answer. */
export const answerReply = (text: string): MockReply => ({ kind: 'stream', chunks: textReply([text]) });

/** The chunks of a reply that reads `missing-N.txt`, which is not there: a tool call that fails. `after` ends the stream (a usage chunk). */
export const readMissing = (n: number, ...after: object[]): object[] => [
  toolCallStart(0, `call_${n}`, 'read_file'),
  toolCallArgs(0, JSON.stringify({ path: `missing-${n}.txt` })),
  chunk({}, 'tool_calls'),
  ...after,
];

/** Registers, in the describe block it is called in, the closing of every mock endpoint a test starts; returns the starter. */
export function mockEndpointPerTest(): (replies: MockReply[], options?: MockOpenAiOptions) => Promise<MockOpenAiServer> {
  const open: MockOpenAiServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (replies, options) => {
    const server = await startMockOpenAi(replies, options);
    open.push(server);
    return server;
  };
}

/** Puts PHASEGATE_API_KEY back as it was after each test of the describe block it is called in. */
export function restoreApiKeyAfterEach(): void {
  const saved = process.env.PHASEGATE_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.PHASEGATE_API_KEY;
    else process.env.PHASEGATE_API_KEY = saved;
  });
}

/** Registers the removal of every workspace folder a test writes; returns the writer (files by relative path → the folder). */
export function workspacePerTest(): (files: Record<string, string>) => Promise<string> {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async (files) => {
    const dir = await mkdtemp(join(tmpdir(), 'phasegate-project-'));
    dirs.push(dir);
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    return dir;
  };
}
