import { afterEach, describe, expect, it } from 'vitest';
import { OpenAiModel, type OpenAiModelOptions } from '../../../src/model/openai';
import { type ChatMessage, ModelError, type ModelRequest, type ToolCallStartInfo, type ToolSpec } from '../../../src/model/port';
import type { RetryFacts } from '../../../src/protocol/retry-text';
import { chunk, type MockOpenAiServer, type MockReply, startMockOpenAi, textReply, toolCallArgs, toolCallStart } from './mock-openai-server';

const KEY = 'sk-test-SECRET-4f9a8b7c6d5e';

let server: MockOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(replies: MockReply[], options: Partial<OpenAiModelOptions> = {}) {
  server = await startMockOpenAi(replies);
  const model = new OpenAiModel({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    model: 'mock-model',
    retryBaseDelayMs: 5,
    ...options,
  });
  return { server, model };
}

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return { messages: [{ role: 'user', content: 'hi' }], tools: [], ...overrides };
}

async function modelError(promise: Promise<unknown>): Promise<ModelError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe('OpenAiModel against a local OpenAI-compatible server', () => {
  it('streams text, reporting each delta', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: textReply(['Hel', 'lo, ', 'world', '!']) }]);
    const deltas: string[] = [];
    const reply = await model.complete(request({ onTextDelta: (t) => deltas.push(t) }));
    expect(deltas).toEqual(['Hel', 'lo, ', 'world', '!']);
    expect(reply).toEqual({ text: 'Hello, world!', toolCalls: [], finishReason: 'stop' });
  });

  it('assembles one tool call whose arguments arrive in many pieces', async () => {
    const args = '{"path": "src/greet.sh", "start_line": 2}';
    const pieces = ['{"pa', 'th": "src/', 'greet.sh", ', '"start_', 'line": 2}'];
    expect(pieces.join('')).toBe(args);
    const { model } = await setup([
      {
        kind: 'stream',
        chunks: [toolCallStart(0, 'call_abc', 'read_file'), ...pieces.map((p) => toolCallArgs(0, p)), chunk({}, 'tool_calls')],
      },
    ]);
    const reply = await model.complete(request());
    expect(reply.text).toBe('');
    expect(reply.finishReason).toBe('tool_calls');
    expect(reply.toolCalls).toEqual([{ id: 'call_abc', name: 'read_file', arguments: args }]);
  });

  it('keeps two parallel tool calls apart when their pieces interleave', async () => {
    const { model } = await setup([
      {
        kind: 'stream',
        chunks: [
          chunk({ role: 'assistant', content: 'Reading both. ' }),
          toolCallStart(0, 'call_one', 'read_file'),
          toolCallArgs(0, '{"path": '),
          toolCallStart(1, 'call_two', 'list_files'),
          toolCallArgs(1, '{"path": "sr'),
          toolCallArgs(0, '"README.md"}'),
          toolCallArgs(1, 'c", "depth": 1}'),
          chunk({}, 'tool_calls'),
        ],
      },
    ]);
    const reply = await model.complete(request());
    expect(reply.text).toBe('Reading both. ');
    expect(reply.toolCalls).toEqual([
      { id: 'call_one', name: 'read_file', arguments: '{"path": "README.md"}' },
      { id: 'call_two', name: 'list_files', arguments: '{"path": "src", "depth": 1}' },
    ]);
  });

  it('tells onToolCallStart each call as soon as its name is known, and again once its path can be read', async () => {
    const { model } = await setup([
      {
        kind: 'stream',
        chunks: [
          toolCallStart(0, 'call_one', 'edit_file'),
          toolCallArgs(0, '{"path": "src/a'),
          toolCallArgs(0, 'pp.ts", "old_text": "x"'),
          toolCallArgs(0, ', "path_note": "y"}'),
          toolCallStart(1, 'call_two', 'run_tests'),
          toolCallArgs(1, '{}'),
          toolCallStart(2, 'call_three', 'read_file'),
          toolCallArgs(2, '{"path": "a\\"b.ts"}'),
          chunk({}, 'tool_calls'),
        ],
      },
    ]);
    const started: ToolCallStartInfo[] = [];
    const reply = await model.complete(request({ onToolCallStart: (info) => started.push(info) }));
    expect(reply.toolCalls.map((call) => call.name)).toEqual(['edit_file', 'run_tests', 'read_file']);
    expect(started).toEqual([
      { index: 0, name: 'edit_file' },
      { index: 0, name: 'edit_file', path: 'src/app.ts' },
      { index: 1, name: 'run_tests' },
      { index: 2, name: 'read_file' },
      { index: 2, name: 'read_file', path: 'a"b.ts' },
    ]);
  });

  it('announces a call whose name comes in the same chunk as all its arguments once, with its path', async () => {
    const { model } = await setup([
      {
        kind: 'stream',
        chunks: [
          chunk({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'read_file', arguments: '{"path":"x.md"}' } }] }),
          chunk({}, 'tool_calls'),
        ],
      },
    ]);
    const started: ToolCallStartInfo[] = [];
    await model.complete(request({ onToolCallStart: (info) => started.push(info) }));
    expect(started).toEqual([{ index: 0, name: 'read_file', path: 'x.md' }]);
  });

  it('returns an empty reply for a stream with neither text nor tool calls', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: [chunk({ role: 'assistant', content: '' }), chunk({}, 'stop')] }]);
    expect(await model.complete(request())).toEqual({ text: '', toolCalls: [], finishReason: 'stop' });
  });

  it('sends messages, prior tool calls, tool results and tools in the OpenAI shape', async () => {
    const { model, server } = await setup([{ kind: 'stream', chunks: textReply(['ok']) }]);
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'user', content: 'Read the README.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"README.md"}' }] },
      { role: 'tool', toolCallId: 'call_1', name: 'read_file', content: '# sample-utils' },
      { role: 'assistant', content: 'It is a bash project.', toolCalls: [] },
    ];
    const tools: ToolSpec[] = [
      {
        name: 'read_file',
        description: 'Reads a file.',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ];
    await model.complete({ messages, tools });
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0];
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toEqual({
      model: 'mock-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: 'Read the README.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"README.md"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '# sample-utils' },
        { role: 'assistant', content: 'It is a bash project.' },
      ],
      tools: [{ type: 'function', function: tools[0] }],
    });
  });

  it('leaves out tools when there are none', async () => {
    const { model, server } = await setup([{ kind: 'stream', chunks: textReply(['ok']) }]);
    await model.complete(request());
    expect(server.requests[0]?.body).not.toHaveProperty('tools');
  });

  it('sends a placeholder key when none is configured (local servers)', async () => {
    const { model, server } = await setup([{ kind: 'stream', chunks: textReply(['ok']) }], { apiKey: '' });
    expect((await model.complete(request())).text).toBe('ok');
    expect(server.requests[0]?.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('waits for retry-after on 429, reports the retry, then succeeds', async () => {
    const { model, server } = await setup([
      { kind: 'error', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached', type: 'requests' } } },
      { kind: 'stream', chunks: textReply(['after the wait']) },
    ]);
    const retries: RetryFacts[] = [];
    const started = Date.now();
    const reply = await model.complete(request({ onRetry: (r) => retries.push(r) }));
    expect(reply.text).toBe('after the wait');
    expect(retries).toEqual([{ attempt: 1, maxAttempts: 3, delayMs: 1000, reason: 'rate limited, HTTP 429' }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('caps a long retry-after at retryMaxDelayMs', async () => {
    const { model } = await setup(
      [
        { kind: 'error', status: 429, headers: { 'retry-after-ms': '600000' }, body: { error: { message: 'slow down' } } },
        { kind: 'stream', chunks: textReply(['ok']) },
      ],
      { retryMaxDelayMs: 40 },
    );
    const delays: number[] = [];
    await model.complete(request({ onRetry: (r) => delays.push(r.delayMs) }));
    expect(delays).toEqual([40]);
  });

  it('retries a 500 with backoff and then succeeds', async () => {
    const { model, server } = await setup([
      { kind: 'error', status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } },
      { kind: 'stream', chunks: textReply(['recovered']) },
    ]);
    const retries: RetryFacts[] = [];
    const reply = await model.complete(request({ onRetry: (r) => retries.push(r) }));
    expect(reply.text).toBe('recovered');
    expect(retries).toHaveLength(1);
    expect(retries[0]?.reason).toBe('server error, HTTP 500');
    // base 5 ms with ±25% jitter
    expect(retries[0]?.delayMs).toBeGreaterThanOrEqual(3);
    expect(retries[0]?.delayMs).toBeLessThanOrEqual(7);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on persistent 5xx after maxRetries extra attempts', async () => {
    const failure: MockReply = { kind: 'error', status: 503, body: { error: { message: 'overloaded' } } };
    const { model, server } = await setup([failure, failure, failure], { maxRetries: 2 });
    const attempts: number[] = [];
    const err = await modelError(model.complete(request({ onRetry: (r) => attempts.push(r.attempt) })));
    expect(err.code).toBe('server');
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('overloaded');
    expect(attempts).toEqual([1, 2]);
    expect(server.requests).toHaveLength(3);
  });

  it('maps 401 to an auth error without retrying, and never reveals the key', async () => {
    const { model, server } = await setup([
      {
        kind: 'error',
        status: 401,
        // Real servers echo (part of) the key back.
        body: { error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error', code: 'invalid_api_key' } },
      },
    ]);
    let retried = false;
    const err = await modelError(model.complete(request({ onRetry: () => (retried = true) })));
    expect(err.code).toBe('auth');
    expect(err.retryable).toBe(false);
    expect(retried).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(err.message).toContain('401');
    for (const text of [err.message, String(err), err.stack ?? '', JSON.stringify(err)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('SECRET');
    }
  });

  it('maps other 4xx replies to bad_response without retrying', async () => {
    const { model, server } = await setup([{ kind: 'error', status: 404, body: { error: { message: "The model 'nope' does not exist" } } }]);
    const err = await modelError(model.complete(request()));
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain("The model 'nope' does not exist");
    expect(server.requests).toHaveLength(1);
  });

  it('aborts mid-stream quickly with an aborted error', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: textReply(['first ', 'words']).slice(0, 2), hang: true }]);
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = model.complete(
      request({
        signal: controller.signal,
        onTextDelta: (t) => {
          deltas.push(t);
          setTimeout(() => controller.abort(), 10);
        },
      }),
    );
    const started = Date.now();
    const err = await modelError(pending);
    expect(err.code).toBe('aborted');
    expect(deltas).toEqual(['first ']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a silent stream after the idle timeout and retries it as a timeout', async () => {
    const { model, server } = await setup(
      [
        { kind: 'stream', chunks: [], hang: true },
        { kind: 'stream', chunks: [], hang: true },
      ],
      { maxRetries: 1, limits: { idleTimeoutMs: 150 } },
    );
    const retries: string[] = [];
    const err = await modelError(model.complete(request({ onRetry: (r) => retries.push(r.reason) })));
    expect(err.code).toBe('timeout');
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('sent nothing for');
    expect(err.message).toContain('gave up after 2 attempts');
    expect(retries).toEqual(['timed out']);
    expect(server.requests).toHaveLength(2);
  });

  it('a silent stream that recovers on the retry gives the reply', async () => {
    const { model, server } = await setup(
      [
        { kind: 'stream', chunks: [], hang: true },
        { kind: 'stream', chunks: textReply(['back']) },
      ],
      { limits: { idleTimeoutMs: 150 } },
    );
    const reply = await model.complete(request());
    expect(reply.text).toBe('back');
    expect(server.requests).toHaveLength(2);
  });

  it('stops a reply that keeps streaming past the total limit, without replaying shown text', async () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    const { model, server } = await setup([{ kind: 'stream', chunks: textReply(words), delayMs: 20 }], {
      limits: { idleTimeoutMs: 5_000, totalLimitMs: 300 },
    });
    const deltas: string[] = [];
    const err = await modelError(model.complete(request({ onTextDelta: (t) => deltas.push(t) })));
    expect(err.code).toBe('timeout');
    expect(err.message).toContain('took longer than');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(words.length);
    expect(server.requests).toHaveLength(1);
  });

  it('aborts while waiting to retry', async () => {
    const { model, server } = await setup(
      [
        { kind: 'error', status: 429, headers: { 'retry-after': '30' }, body: { error: { message: 'wait' } } },
        { kind: 'stream', chunks: textReply(['never']) },
      ],
      { retryMaxDelayMs: 60_000 },
    );
    const controller = new AbortController();
    const started = Date.now();
    const err = await modelError(model.complete(request({ signal: controller.signal, onRetry: () => setTimeout(() => controller.abort(), 10) })));
    expect(err.code).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('fails fast when the signal is already aborted', async () => {
    const { model, server } = await setup([{ kind: 'stream', chunks: textReply(['never']) }]);
    const err = await modelError(model.complete(request({ signal: AbortSignal.abort() })));
    expect(err.code).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a network error after retrying when the server closes the connection', async () => {
    const { model, server } = await setup([{ kind: 'destroy' }, { kind: 'destroy' }, { kind: 'destroy' }, { kind: 'destroy' }], { maxRetries: 3 });
    const retries: { attempt: number; reason: string }[] = [];
    const err = await modelError(model.complete(request({ onRetry: (r) => retries.push(r) })));
    expect(err.code).toBe('network');
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('gave up after 4 attempts');
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(retries.every((r) => r.reason.startsWith('network error'))).toBe(true);
    expect(server.requests).toHaveLength(4);
  });

  it('does not replay a stream that broke after text was shown', async () => {
    const { model, server } = await setup([
      { kind: 'stream', chunks: textReply(['partial ']).slice(0, 2), dropAfter: true },
      { kind: 'stream', chunks: textReply(['second try']) },
    ]);
    const deltas: string[] = [];
    const err = await modelError(model.complete(request({ onTextDelta: (t) => deltas.push(t) })));
    expect(err.code).toBe('network');
    expect(deltas).toEqual(['partial ']);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a chunk that is not JSON as bad_response', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: [chunk({ content: 'fine' }), '{"choices": [oops'] }]);
    const err = await modelError(model.complete(request()));
    expect(err.code).toBe('bad_response');
  });

  it('rejects a chunk of the wrong shape as bad_response', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: [{ choices: [{ index: 0, delta: { content: 42 } }] }] }]);
    const err = await modelError(model.complete(request()));
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('choices.0.delta.content');
  });

  it('treats an error object inside the stream as a server error', async () => {
    const { model } = await setup([{ kind: 'stream', chunks: [{ error: { message: 'model crashed', type: 'server_error' } }] }], { maxRetries: 0 });
    const err = await modelError(model.complete(request()));
    expect(err.code).toBe('server');
    expect(err.message).toContain('model crashed');
  });

  it('answers the CORS preflight a browser sends before the SDK request', async () => {
    const { server } = await setup([]);
    const res = await fetch(`${server.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-stainless-os',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-stainless-os');
    expect(server.preflights).toHaveLength(1);
  });

  it('describes itself as "<model> @ <host>"', async () => {
    const { model, server } = await setup([]);
    expect(model.info).toEqual({ kind: 'openai', name: 'mock-model', label: `mock-model @ ${new URL(server.baseUrl).host}` });
    expect(new OpenAiModel({ baseUrl: 'http://x/v1', apiKey: '', model: 'm', label: 'Mine' }).info.label).toBe('Mine');
  });
});
