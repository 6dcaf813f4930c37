import { describe, expect, it } from 'vitest';
import { OpenAiModel } from '../../../src/model/openai';
import { STREAM_PIECE_BYTES, withSmallPieces } from '../../../src/model/small-chunks';
import { toolCallsReply } from './mock-openai-server';

/** A fetch whose response body arrives as one piece, as a fast local server's often does. */
function onePieceFetch(text: string): typeof fetch {
  const bytes = new TextEncoder().encode(text);
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
      { status: 201, statusText: 'Created', headers: { 'content-type': 'text/event-stream', 'x-mark': 'kept' } },
    );
}

describe('a streamed reply read in small pieces', () => {
  it('keeps the bytes, the status and the headers, and hands the body on in pieces of at most 16 KB', async () => {
    const text = 'x'.repeat(STREAM_PIECE_BYTES * 3 + 5);
    const response = await withSmallPieces(() => onePieceFetch(text))('http://localhost/');
    expect([response.status, response.statusText, response.headers.get('x-mark')]).toEqual([201, 'Created', 'kept']);
    const reader = response.body?.getReader();
    const sizes: number[] = [];
    let read = '';
    const decoder = new TextDecoder();
    for (let piece = await reader?.read(); piece && !piece.done; piece = await reader?.read()) {
      sizes.push(piece.value.length);
      read += decoder.decode(piece.value, { stream: true });
    }
    expect(sizes).toEqual([STREAM_PIECE_BYTES, STREAM_PIECE_BYTES, STREAM_PIECE_BYTES, 5]);
    expect(read).toBe(text);
  });

  it('reads a reply of 10,000 tool calls that arrived in one 6 MB piece in seconds, not minutes', async () => {
    const calls = Array.from({ length: 10_000 }, (_, i) => ({ id: `call_${i}`, name: 'read_file', arguments: JSON.stringify({ path: `f${i}.txt` }) }));
    const sse = `${toolCallsReply(calls)
      .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      .join('')}data: [DONE]\n\n`;
    const model = new OpenAiModel({ baseUrl: 'http://localhost/v1', apiKey: '', model: 'mock-model', fetch: onePieceFetch(sse) });
    const started: unknown[] = [];
    const begun = performance.now();
    const reply = await model.complete({ messages: [{ role: 'user', content: 'go' }], tools: [], onToolCallStart: (info) => started.push(info) });
    // Quadratic copying took about a minute here; linear reading takes one or two seconds.
    expect(performance.now() - begun).toBeLessThan(15_000);
    expect(reply.toolCalls).toHaveLength(10_000);
    expect(reply.toolCalls.at(-1)).toEqual({ id: 'call_9999', name: 'read_file', arguments: '{"path":"f9999.txt"}' });
    expect(started).toHaveLength(20_000);
  }, 60_000);
});
