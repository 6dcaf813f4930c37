import { describe, expect, it } from 'vitest';
import { boundToolCalls, MAX_ARGUMENT_CHARS, MAX_TOOL_CALLS_PER_REPLY } from '../../../src/engine/call-limits';
import type { ToolCall } from '../../../src/protocol/events';
import { EVENT_TEXT_LIMIT_BYTES } from '../../../src/store/bounded-event';
import { chunk, type MockReply, type RecordedRequest, textReply, toolCallArgs, toolCallsReply, toolCallStart } from '../model/mock-openai-server';
import { chainOf, runFault, useFaultHarness } from './harness';

useFaultHarness();

const reply = (calls: ToolCall[]): MockReply => ({ kind: 'stream', chunks: toolCallsReply(calls) });
const done: MockReply = { kind: 'stream', chunks: textReply(['Done.']) };

interface WireMessage {
  role: string;
  content?: string | null;
  tool_calls?: unknown[];
}
const messagesOf = (request: RecordedRequest | undefined) => ((request?.body as { messages?: WireMessage[] } | null)?.messages ?? []) as WireMessage[];

describe('fault injection: broken tool calls become results the model reads', () => {
  it('arguments that are not JSON, an unknown tool and wrong argument types: three results, and the run goes on', async () => {
    const { finished, of, server } = await runFault({
      replies: [
        reply([
          { id: 'call_json', name: 'read_file', arguments: '{"path": "README.md"' },
          { id: 'call_unknown', name: 'delete_everything', arguments: '{}' },
          { id: 'call_types', name: 'read_file', arguments: '{"path": 42, "start_line": "two"}' },
        ]),
        done,
      ],
    });
    const results = of('tool_result');
    expect(results.map((r) => [r.callId, r.ok, r.errorKind])).toEqual([
      ['call_json', false, 'invalid_arguments'],
      ['call_unknown', false, 'unknown_tool'],
      ['call_types', false, 'invalid_arguments'],
    ]);
    expect(results[0]?.output).toMatch(
      /^The arguments for read_file are not valid JSON \(.+\)\. Send a single JSON object with these fields: path \(string, required\)/,
    );
    expect(results[1]?.output).toMatch(/^Unknown tool "delete_everything"\. Available tools: list_files, .*read_file/);
    expect(results[2]?.output).toMatch(/^Invalid arguments for read_file:\n- path: .*expected string/);
    expect(results[2]?.output).toContain('- start_line: ');
    expect(finished).toMatchObject({ status: 'completed', summary: 'Done.' });
    // The model read each of them as its call's result.
    const tools = messagesOf(server.requests[1]).filter((m) => m.role === 'tool');
    expect(tools.map((m) => m.content)).toEqual(results.map((r) => r.output));
  });

  it(`1,000 tool calls in one reply: only the first ${MAX_TOOL_CALLS_PER_REPLY} run, the log says so and the model is told`, async () => {
    const calls = Array.from({ length: 1000 }, (_, i) => ({
      id: `call_${i}`,
      name: 'create_file',
      arguments: JSON.stringify({ path: `notes/n${i}.txt`, content: `${i}\n` }),
    }));
    const { finished, of, server, engine } = await runFault({ replies: [reply(calls), done] });
    expect(of('assistant_message')[0]?.toolCalls).toHaveLength(MAX_TOOL_CALLS_PER_REPLY);
    expect(of('tool_call')).toHaveLength(MAX_TOOL_CALLS_PER_REPLY);
    expect(of('tool_result').every((r) => r.ok)).toBe(true);
    expect(of('notice').map((n) => n.message)).toContain('The model asked for 1000 tool calls in one reply; only the first 50 are run (the limit per reply).');
    const note = of('user_message').find((m) => m.reason === 'call_limit');
    expect(note?.text).toBe(
      'Your last reply asked for 1000 tool calls, but a reply may make at most 50: only the first 50 were run, the other 950 were not. Ask again for the ones you still need, at most 50 per reply.',
    );
    const sandbox = engine.activeSandbox;
    expect(await sandbox.exists(`${sandbox.workdir}/notes/n49.txt`)).toBe(true);
    expect(await sandbox.exists(`${sandbox.workdir}/notes/n50.txt`)).toBe(false);
    expect(finished).toMatchObject({ status: 'completed', summary: 'Done.' });
    // The next request carries the 50 calls, their 50 results and the note: no call without a result.
    const sent = messagesOf(server.requests[1]);
    expect(sent.find((m) => m.role === 'assistant')?.tool_calls).toHaveLength(MAX_TOOL_CALLS_PER_REPLY);
    expect(sent.filter((m) => m.role === 'tool')).toHaveLength(MAX_TOOL_CALLS_PER_REPLY);
    expect(sent.at(-1)).toEqual({ role: 'user', content: note?.text });
  });

  it('a 10 MB argument is refused unread with a short result; no event and no later request carries it', async () => {
    const huge = JSON.stringify({ path: 'big.txt', content: 'x'.repeat(10 * 1024 * 1024) });
    // Streamed as a model sends it: the call's start, then its arguments in many pieces.
    const pieces = Array.from({ length: Math.ceil(huge.length / 65_536) }, (_, i) => toolCallArgs(0, huge.slice(i * 65_536, (i + 1) * 65_536)));
    const { finished, events, of, server, engine } = await runFault({
      replies: [{ kind: 'stream', chunks: [toolCallStart(0, 'call_big', 'create_file'), ...pieces, chunk({}, 'tool_calls')] }, done],
    });
    expect(server.requests).toHaveLength(2);
    const result = of('tool_result')[0];
    expect(result).toMatchObject({ callId: 'call_big', ok: false, errorKind: 'invalid_arguments' });
    expect(result?.output).toBe(
      `Not run: the arguments of this create_file call are ${huge.length.toLocaleString('en-US')} characters long, over the limit of 1,048,576 characters per call, so they were not read. Write large content in parts (create the file with the first part, then add the rest with edit_file), or generate it with a command.`,
    );
    expect(of('notice').map((n) => n.message)).toContain(
      `A create_file call's arguments were ${huge.length.toLocaleString('en-US')} characters long (the limit is 1,048,576); it was refused without being read.`,
    );
    // The log and the model's history keep a short stand-in that says what was left out.
    const call = of('tool_call')[0];
    expect(call?.args).toEqual({ omitted: `${huge.length} characters`, start: huge.slice(0, 200) });
    // Every event fits in the store's inline limit (nothing even goes to a blob).
    for (const event of events) expect(JSON.stringify(event).length).toBeLessThan(EVENT_TEXT_LIMIT_BYTES);
    expect(JSON.stringify(events).length).toBeLessThan(200_000);
    expect(JSON.stringify(server.requests[1]?.body).length).toBeLessThan(100_000);
    expect(await engine.activeSandbox.exists(`${engine.activeSandbox.workdir}/big.txt`)).toBe(false);
    expect(finished).toMatchObject({ status: 'completed', summary: 'Done.' });
  });

  it('arguments up to the limit pass untouched; the limits apply per call and per reply', () => {
    const atLimit: ToolCall = { id: 'a', name: 'create_file', arguments: `"${'y'.repeat(MAX_ARGUMENT_CHARS - 2)}"` };
    const over: ToolCall = { id: 'b', name: 'create_file', arguments: `"${'y'.repeat(MAX_ARGUMENT_CHARS - 1)}"` };
    const bounded = boundToolCalls([atLimit, over]);
    expect(bounded.calls[0]).toBe(atLimit);
    expect(bounded.oversized.get(bounded.calls[1] as ToolCall)).toBe(MAX_ARGUMENT_CHARS + 1);
    expect(bounded.calls[1]?.arguments.length).toBeLessThan(300);
    const many = Array.from({ length: MAX_TOOL_CALLS_PER_REPLY + 1 }, (_, i) => ({ id: `c${i}`, name: 'list_files', arguments: '{}' }));
    expect(boundToolCalls(many)).toMatchObject({ asked: MAX_TOOL_CALLS_PER_REPLY + 1, calls: many.slice(0, MAX_TOOL_CALLS_PER_REPLY) });
  });

  it('a model that loops on one call: a nudge, then recovery, then the run ends with loop_detected', async () => {
    let n = 0;
    const { events, finished, of } = await runFault({
      // The same read every turn; the recovery request (sent without tools) gets a critique.
      fallback: (request) =>
        (request.body as { tools?: unknown[] }).tools
          ? reply([{ id: `call_${++n}`, name: 'read_file', arguments: '{"path": "README.md"}' }])
          : { kind: 'stream', chunks: textReply(['I keep reading the same file; I should edit it instead.']) },
      run: { maxIterations: 20 },
    });
    expect(chainOf(events)).toEqual([
      'loop_detected:nudge',
      'loop_detected:recover',
      'recovery_started:loop_detected',
      'recovery_finished',
      'loop_detected:escalate',
      'run_finished:failed:loop_detected',
    ]);
    expect(of('loop_detected').map((e) => e.count)).toEqual([3, 5, 6]);
    expect(of('user_message').map((m) => m.reason)).toEqual(['loop_nudge', 'recovery']);
    expect(of('recovery_finished')[0]).toMatchObject({ ok: true, critique: 'I keep reading the same file; I should edit it instead.' });
    // Nobody is watching (no human channel), so the run is not held for an answer.
    expect(of('human_asked')).toEqual([]);
    expect(finished).toMatchObject({ status: 'failed', errorCode: 'loop_detected', cause: 'loop_detected', retryable: false, iterations: 6 });
    expect(finished.reason).toMatch(/^The run is stuck in a loop: you have made the same call 6 times/);
  });
});
