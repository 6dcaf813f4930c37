import { describe, expect, it } from 'vitest';
import { createModel } from '../../../src/model/create-model';
import { chunk, type MockReply, textReply, toolCallArgs, toolCallStart } from '../model/mock-openai-server';
import { chainOf, runFault, useFaultHarness } from './harness';

useFaultHarness();

/** A create_file call's arguments, cut off in the middle of its content. */
const CUT_ARGS = '{"path": "notes.txt", "content": "half of it';

const serverError: MockReply = {
  kind: 'error',
  status: 500,
  body: { error: { message: 'The server had an error while processing your request', type: 'server_error' } },
};

describe('fault injection: the model endpoint', () => {
  it('429 with retry-after, then success: the run completes and the log holds the retry notice', async () => {
    const { finished, of, server } = await runFault({
      replies: [
        { kind: 'error', status: 429, headers: { 'retry-after-ms': '30' }, body: { error: { message: 'Rate limit reached for requests', type: 'requests' } } },
        { kind: 'stream', chunks: textReply(['Nothing to change.']) },
      ],
      // Through the settings path the page and the CLI use.
      createModel: (baseUrl) => createModel({ provider: 'custom', baseUrl, model: 'mock-model', apiKey: '', scenario: 'demo' }),
    });
    expect(finished).toMatchObject({ status: 'completed', summary: 'Nothing to change.', iterations: 1 });
    expect(of('model_retry')).toEqual([expect.objectContaining({ attempt: 1, delayMs: 30, reason: 'rate limited, HTTP 429' })]);
    expect(of('model_retry')[0]?.maxAttempts).toBeGreaterThanOrEqual(1);
    expect(server.requests).toHaveLength(2);
  });

  it('500 until the retries are spent: the endpoint is down, so no recovery is asked of it; llm_failure at once', async () => {
    const { events, finished, of, server } = await runFault({ fallback: serverError });
    expect(chainOf(events)).toEqual(['run_finished:failed:llm_failure']);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'llm_failure', cause: 'model_server', retryable: true, iterations: 1 });
    const host = new URL(server.baseUrl).host;
    expect(finished.reason).toBe(
      `The model request failed: ${host} had a server error (HTTP 500): The server had an error while processing your request (gave up after 3 attempts)`,
    );
    expect(finished.suggestions?.length).toBeGreaterThan(0);
    // Three attempts for the first turn; no critique request, no second turn.
    expect(server.requests).toHaveLength(3);
    expect(
      of('model_retry')
        .filter((r) => r.reason === 'server error, HTTP 500')
        .map((r) => `${r.attempt} of ${r.maxAttempts}`),
    ).toEqual(['1 of 2', '2 of 2']);
  });

  it('a request that never answers: the idle timeout gives up and the run ends with timeout', async () => {
    const { events, finished, server } = await runFault({
      fallback: { kind: 'silent' },
      model: { maxRetries: 0, limits: { idleTimeoutMs: 150, totalLimitMs: 5_000 } },
      run: { maxRecoveries: 0 },
    });
    expect(chainOf(events)).toEqual(['run_finished:failed:timeout']);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'timeout', cause: 'model_timeout', retryable: true });
    expect(finished.reason).toBe(
      `The model request failed: ${new URL(server.baseUrl).host} sent nothing for 150 ms, so the request was given up (the limits are in Settings).`,
    );
  });

  it('a silent endpoint with recovery on: a time-out at the transport asks it nothing more; the run ends with timeout', async () => {
    const { events, finished, server } = await runFault({
      fallback: { kind: 'silent' },
      model: { maxRetries: 0, limits: { idleTimeoutMs: 100, totalLimitMs: 5_000 } },
    });
    expect(chainOf(events)).toEqual(['run_finished:failed:timeout']);
    expect(finished.errorCode).toBe('timeout');
    expect(server.requests).toHaveLength(1);
  });

  it('a stream cut in the middle of a tool call is retried like a network error; the partial call never runs', async () => {
    const cut: MockReply = {
      kind: 'stream',
      chunks: [toolCallStart(0, 'call_cut', 'create_file'), toolCallArgs(0, CUT_ARGS)],
      dropAfter: true,
    };
    const { finished, of, server } = await runFault({
      replies: [cut, { kind: 'stream', chunks: textReply(['Done after the retry.']) }],
    });
    expect(finished).toMatchObject({ status: 'completed', summary: 'Done after the retry.' });
    expect(of('tool_call')).toEqual([]);
    expect(of('model_retry')).toEqual([expect.objectContaining({ attempt: 1, maxAttempts: 2, reason: 'network error, stream interrupted' })]);
    // The cut call was announced as it streamed (name, then path), though it never runs.
    expect(of('tool_call_preparing').map(({ index, name, path }) => ({ index, name, path }))).toEqual([
      { index: 0, name: 'create_file', path: undefined },
      { index: 0, name: 'create_file', path: 'notes.txt' },
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('a stream cut mid tool call on every attempt ends with llm_failure and says where it broke', async () => {
    const cut: MockReply = {
      kind: 'stream',
      chunks: [toolCallStart(0, 'call_cut', 'create_file'), toolCallArgs(0, CUT_ARGS)],
      dropAfter: true,
    };
    const { finished, of, server } = await runFault({ fallback: cut, run: { maxRecoveries: 0 } });
    expect(of('tool_call')).toEqual([]);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'llm_failure', cause: 'model_network', retryable: true });
    const host = new URL(server.baseUrl).host;
    expect(finished.reason).toMatch(
      new RegExp(
        `^The model request failed: the connection to ${host} broke while streaming tool call create_file \\(${CUT_ARGS.length} characters of its arguments so far\\): .+ \\(gave up after 3 attempts\\)$`,
      ),
    );
  });

  it('a stream that ends cleanly in the middle of a tool call (no finish_reason, no [DONE]) is not run either', async () => {
    const cut: MockReply = {
      kind: 'stream',
      chunks: [toolCallStart(0, 'call_cut', 'create_file'), toolCallArgs(0, CUT_ARGS)],
      endAfter: true,
    };
    const { finished, of } = await runFault({ replies: [cut, { kind: 'stream', chunks: textReply(['Done.']) }] });
    expect(of('tool_call')).toEqual([]);
    expect(of('model_retry')).toEqual([expect.objectContaining({ attempt: 1, reason: 'network error, stream cut off' })]);
    expect(finished).toMatchObject({ status: 'completed', summary: 'Done.' });
  });

  it('an empty reply twice: one nudge, then llm_failure with cause empty_reply', async () => {
    const empty: MockReply = { kind: 'stream', chunks: [chunk({ role: 'assistant', content: '' }), chunk({}, 'stop')] };
    const { finished, of, server } = await runFault({ replies: [empty, empty] });
    expect(of('notice').map((n) => n.message)).toContain('The model sent an empty reply; nudging it once.');
    expect(of('user_message').map((m) => m.reason)).toEqual(['empty_reply_nudge']);
    expect(finished).toMatchObject({
      status: 'failed',
      errorCode: 'llm_failure',
      cause: 'empty_reply',
      reason: 'The model sent an empty reply twice in a row.',
    });
    expect(server.requests).toHaveLength(2);
  });
});
