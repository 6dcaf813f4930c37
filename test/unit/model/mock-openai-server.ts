import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible endpoint: POST /v1/chat/completions
 * answered with `text/event-stream` chunks in OpenAI's format, CORS preflight
 * handled, every request recorded. Each POST takes the next reply from the queue;
 * once it is empty, the fallback answers (by default a 500 saying nothing is queued).
 * Every answer carries CORS and Cross-Origin-Resource-Policy headers, so a
 * cross-origin-isolated page (COEP require-corp) may call it too.
 */
export type MockReply =
  | {
      kind: 'stream';
      /** Chunk objects (sent as JSON) or raw strings (sent verbatim after "data: "). */
      chunks: (object | string)[];
      /** Pause between chunks. */
      delayMs?: number;
      /** Keep the connection open after the last chunk instead of sending [DONE]. */
      hang?: boolean;
      /** Drop the connection after the chunks instead of sending [DONE]. */
      dropAfter?: boolean;
      /** End the response cleanly after the chunks, without [DONE] (a proxy that closes early). */
      endAfter?: boolean;
    }
  | { kind: 'error'; status: number; body: unknown; headers?: Record<string, string> }
  /** Close the socket without answering. */
  | { kind: 'destroy' }
  /** Never answer: no status, no headers, the connection stays open. */
  | { kind: 'silent' };

/** What answers once the queue is empty: one reply for every request, or one chosen per request. */
export type MockFallback = MockReply | ((request: RecordedRequest) => MockReply);

export interface MockOpenAiOptions {
  fallback?: MockFallback;
  /** GET /v1/models: these ids as OpenAI lists them, or this reply (an error, silence); absent: 404, as on servers without the route. */
  models?: string[] | MockReply;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface MockOpenAiServer {
  /** e.g. "http://127.0.0.1:PORT/v1" */
  baseUrl: string;
  requests: RecordedRequest[];
  preflights: RecordedRequest[];
  /** GET /v1/models requests (with `models` set). */
  modelRequests: RecordedRequest[];
  /** Adds replies to the end of the queue. */
  enqueue(...replies: MockReply[]): void;
  /** Changes what answers once the queue is empty (e.g. from failing to healthy). */
  setFallback(fallback: MockFallback): void;
  close(): Promise<void>;
}

const NOTHING_QUEUED: MockReply = { kind: 'error', status: 500, body: { error: { message: 'mock server has no reply queued' } } };

export async function startMockOpenAi(replies: MockReply[], options: MockOpenAiOptions = {}): Promise<MockOpenAiServer> {
  const queue = [...replies];
  const requests: RecordedRequest[] = [];
  const preflights: RecordedRequest[] = [];
  const modelRequests: RecordedRequest[] = [];
  let fallback: MockFallback = options.fallback ?? NOTHING_QUEUED;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const record: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      const origin = req.headers.origin ?? '*';
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      // A page may read only these of the response headers (retry-after is not CORS-safelisted).
      res.setHeader('Access-Control-Expose-Headers', 'retry-after, retry-after-ms');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (req.method === 'OPTIONS') {
        preflights.push(record);
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          // "*" does not cover Authorization, so echo what the browser asks for.
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
      if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/v1/models' && options.models !== undefined) {
        modelRequests.push(record);
        if (Array.isArray(options.models)) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ object: 'list', data: options.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'mock' })) }));
        } else void answer(options.models, res);
        return;
      }
      if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/v1/chat/completions') {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      requests.push(record);
      const reply = queue.shift() ?? (typeof fallback === 'function' ? fallback(record) : fallback);
      void answer(reply, res);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    preflights,
    modelRequests,
    enqueue: (...more) => queue.push(...more),
    setFallback: (next) => {
      fallback = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(reply: MockReply, res: ServerResponse): Promise<void> {
  if (reply.kind === 'destroy') {
    res.socket?.destroy();
    return;
  }
  if (reply.kind === 'silent') return;
  if (reply.kind === 'error') {
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.flushHeaders();
  for (const chunk of reply.chunks) {
    if (res.destroyed) return;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.write(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
  }
  if (reply.hang) return;
  if (reply.endAfter) {
    res.end();
    return;
  }
  if (reply.dropAfter) {
    // Give the written chunks time to leave before the socket dies.
    await new Promise((r) => setTimeout(r, 20));
    res.socket?.destroy();
    return;
  }
  res.end('data: [DONE]\n\n');
}

/** Builders for chunks exactly as OpenAI streams them. */
const CREATED = 1_700_000_000;

export function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created: CREATED,
    model: 'mock-model',
    system_fingerprint: 'fp_mock',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** The usual shape of a text reply: a role chunk, content pieces, a stop chunk. */
export function textReply(pieces: string[]): Record<string, unknown>[] {
  return [chunk({ role: 'assistant', content: '', refusal: null }), ...pieces.map((content) => chunk({ content })), chunk({}, 'stop')];
}

/** First piece of a streamed tool call: id, type and name, empty arguments. */
export function toolCallStart(index: number, id: string, name: string): Record<string, unknown> {
  return chunk({
    ...(index === 0 ? { role: 'assistant', content: null } : {}),
    tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }],
  });
}

export function toolCallArgs(index: number, piece: string): Record<string, unknown> {
  return chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
}

/** A whole reply of tool calls, each streamed as OpenAI does: its start, then its arguments in one piece. */
export function toolCallsReply(calls: { id: string; name: string; arguments: string }[]): Record<string, unknown>[] {
  return [...calls.flatMap((call, index) => [toolCallStart(index, call.id, call.name), toolCallArgs(index, call.arguments)]), chunk({}, 'tool_calls')];
}
