import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/protocol/events';
import { initialState, openFiles, reduce, reduceAll, selectFile, TERMINAL_MAX_CHARS, type TimelineEntry } from '../../../src/ui/state/reducer';
import { promptLine, toPlainText } from '../../../src/ui/terminal/format';
import { eventLog, runStarted } from './event-log';

const SLUGIFY = 'slugify() {\n  echo "$1" | tr A-Z a-z\n}\n';

/** A run shaped like the scripted demo: stream, write a file, run the tests, finish. */
function demoRun(runId = 'run-1') {
  return eventLog(runId, [
    runStarted('Add a slugify function'),
    { type: 'iteration_started', iteration: 1 },
    { type: 'model_delta', text: 'I will ' },
    { type: 'model_delta', text: 'create the file.' },
    {
      type: 'assistant_message',
      text: 'I will create the file.',
      toolCalls: [{ id: 'c1', name: 'write_file', arguments: '{"path":"src/slugify.sh"}' }],
    },
    { type: 'tool_call', callId: 'c1', name: 'write_file', args: { path: 'src/slugify.sh', content: SLUGIFY }, rawArguments: '{}' },
    { type: 'file_changed', path: 'src/slugify.sh', change: 'created', before: null, after: SLUGIFY, diff: '+slugify' },
    { type: 'tool_result', callId: 'c1', name: 'write_file', ok: true, output: 'Created src/slugify.sh', durationMs: 3 },
    { type: 'iteration_started', iteration: 2 },
    { type: 'assistant_message', text: '', toolCalls: [{ id: 'c2', name: 'run_command', arguments: '{}' }] },
    { type: 'tool_call', callId: 'c2', name: 'run_command', args: { command: 'npm test' }, rawArguments: '{"command":"npm test"}' },
    { type: 'command_started', callId: 'c2', command: 'npm test', cwd: '/workspace' },
    { type: 'command_output', callId: 'c2', stream: 'stdout', chunk: 'tests/greet_test.sh\n  ok   - greets' },
    { type: 'command_output', callId: 'c2', stream: 'stdout', chunk: ' by name\nTest files: 2 passed, 0 failed\n' },
    { type: 'command_finished', callId: 'c2', exitCode: 0, durationMs: 12, timedOut: false, aborted: false },
    { type: 'tool_result', callId: 'c2', name: 'run_command', ok: true, output: 'Test files: 2 passed, 0 failed', durationMs: 12 },
    { type: 'assistant_message', text: 'Done: slugify added and tests pass.', toolCalls: [] },
    { type: 'run_finished', status: 'completed', summary: 'slugify added', iterations: 3 },
  ]);
}

function kinds(timeline: readonly TimelineEntry[]): string[] {
  return timeline.map((entry) => entry.kind);
}

describe('reduce', () => {
  it('starts idle with nothing to show', () => {
    expect(initialState.status).toBe('idle');
    expect(initialState.timeline).toEqual([]);
    expect(openFiles(initialState)).toEqual([]);
  });

  it('turns a demo run into timeline, files and terminal', () => {
    const state = reduceAll(initialState, demoRun());

    expect(state.status).toBe('completed');
    expect(state.run?.iteration).toBe(2);
    expect(kinds(state.timeline)).toEqual(['task', 'assistant', 'tool', 'file', 'tool', 'assistant', 'end']);

    const [task, firstText, write, , command, finalText, end] = state.timeline;
    expect(task).toMatchObject({ kind: 'task', task: 'Add a slugify function' });
    expect(firstText).toMatchObject({ kind: 'assistant', text: 'I will create the file.', streaming: false });
    expect(write).toMatchObject({
      kind: 'tool',
      name: 'write_file',
      args: { path: 'src/slugify.sh', content: SLUGIFY },
      result: { ok: true, output: 'Created src/slugify.sh' },
    });
    expect(command).toMatchObject({ kind: 'tool', name: 'run_command', result: { ok: true } });
    expect(finalText).toMatchObject({ kind: 'assistant', text: 'Done: slugify added and tests pass.' });
    expect(end).toMatchObject({ kind: 'end', status: 'completed', summary: 'slugify added', iterations: 3 });

    expect(state.activeFile).toBe('src/slugify.sh');
    expect(openFiles(state)).toEqual([expect.objectContaining({ path: 'src/slugify.sh', origin: 'created', content: SLUGIFY, before: null })]);

    const plain = toPlainText(state.terminal.text);
    expect(plain).toBe('$ npm test\ntests/greet_test.sh\n  ok   - greets by name\nTest files: 2 passed, 0 failed\n[exit 0]\n');
    expect(state.terminal.text).not.toMatch(/[^\r]\n/);
  });

  it('shows streamed text as it arrives, before the final message', () => {
    const events = demoRun();
    const streaming = reduceAll(initialState, events.slice(0, 4));
    expect(streaming.status).toBe('running');
    expect(streaming.timeline.at(-1)).toMatchObject({ kind: 'assistant', text: 'I will create the file.', streaming: true });

    const partial = reduceAll(initialState, events.slice(0, 3));
    expect(partial.timeline.at(-1)).toMatchObject({ kind: 'assistant', text: 'I will ', streaming: true });
  });

  it('replaces streamed text with the final message, and drops an empty one', () => {
    const events = eventLog('r', [runStarted('t'), { type: 'model_delta', text: 'thinking…' }, { type: 'assistant_message', text: '', toolCalls: [] }]);
    const state = reduceAll(initialState, events);
    expect(kinds(state.timeline)).toEqual(['task']);
  });

  it('stops streaming when the run ends mid-message', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'model_delta', text: 'half a sent' },
      { type: 'run_finished', status: 'cancelled', reason: 'Stopped by the user', iterations: 1 },
    ]);
    const state = reduceAll(initialState, events);
    expect(state.status).toBe('cancelled');
    expect(state.timeline[1]).toMatchObject({ kind: 'assistant', text: 'half a sent', streaming: false });
    expect(state.timeline[2]).toMatchObject({ kind: 'end', status: 'cancelled', reason: 'Stopped by the user' });
  });

  it('records failures with their reason and code', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'notice', level: 'warning', message: 'Rate limited, retrying in 2 s' },
      { type: 'run_finished', status: 'failed', reason: 'Model refused the key', errorCode: 'llm_failure', iterations: 1 },
    ]);
    const state = reduceAll(initialState, events);
    expect(state.status).toBe('failed');
    expect(state.timeline[1]).toEqual({ kind: 'notice', id: 'r:1', level: 'warning', message: 'Rate limited, retrying in 2 s' });
    expect(state.timeline[2]).toMatchObject({ errorCode: 'llm_failure', reason: 'Model refused the key' });
  });

  it('diffs an edit of a new file against its first version', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'file_changed', path: 'new.sh', change: 'created', before: null, after: 'v1\n', diff: '' },
      { type: 'file_changed', path: 'new.sh', change: 'edited', before: 'v1\n', after: 'v2\n', diff: '' },
    ]);
    expect(reduceAll(initialState, events).files['new.sh']).toMatchObject({ origin: 'edited', before: 'v1\n', content: 'v2\n' });
  });

  it('does not repeat a summary that only echoes the final message', () => {
    const end = (summary: string) =>
      reduceAll(
        initialState,
        eventLog('r', [
          runStarted('t'),
          { type: 'assistant_message', text: 'All done.', toolCalls: [] },
          { type: 'run_finished', status: 'completed', summary, iterations: 1 },
        ]),
      ).timeline.at(-1);
    expect(end('All done.')).toMatchObject({ kind: 'end', summary: null });
    expect(end('Added slugify.')).toMatchObject({ kind: 'end', summary: 'Added slugify.' });
  });

  it('keeps invalid tool arguments as raw text', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'tool_call', callId: 'x', name: 'read_file', args: null, rawArguments: '{"path": ' },
      { type: 'tool_result', callId: 'x', name: 'read_file', ok: false, output: 'Arguments are not valid JSON', durationMs: 0 },
    ]);
    const tool = reduceAll(initialState, events).timeline[1];
    expect(tool).toMatchObject({ kind: 'tool', args: null, rawArguments: '{"path": ', result: { ok: false } });
  });

  it('opens read files read-only at the read range and diffs edits against the first before', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'file_read', path: 'src/greet.sh', content: 'a\nb\nc\n', truncated: false, startLine: 2, endLine: 3 },
      { type: 'file_changed', path: 'src/greet.sh', change: 'edited', before: 'a\nb\nc\n', after: 'a\nB\nc\n', diff: '' },
      { type: 'file_changed', path: 'src/greet.sh', change: 'edited', before: 'a\nB\nc\n', after: 'A\nB\nc\n', diff: '' },
      { type: 'file_read', path: 'README.md', content: '# hi\n', truncated: true },
    ]);
    const state = reduceAll(initialState, events);
    expect(state.fileOrder).toEqual(['src/greet.sh', 'README.md']);
    expect(state.activeFile).toBe('README.md');
    expect(state.files['src/greet.sh']).toMatchObject({ origin: 'edited', before: 'a\nb\nc\n', content: 'A\nB\nc\n', version: 3 });
    expect(state.files['README.md']).toMatchObject({ origin: 'read', truncated: true, reveal: null });

    const afterRead = reduceAll(initialState, events.slice(0, 2));
    expect(afterRead.files['src/greet.sh']).toMatchObject({ origin: 'read', reveal: { startLine: 2, endLine: 3 } });
  });

  it('lets the viewer pick a tab until the next file event', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'file_read', path: 'a.sh', content: 'a', truncated: false },
      { type: 'file_read', path: 'b.sh', content: 'b', truncated: false },
      { type: 'file_read', path: 'c.sh', content: 'c', truncated: false },
    ]);
    const before = reduceAll(initialState, events.slice(0, 3));
    const picked = selectFile(before, 'a.sh');
    expect(picked.activeFile).toBe('a.sh');
    expect(selectFile(before, 'missing.sh')).toBe(before);
    expect(reduce(picked, events[3]!).activeFile).toBe('c.sh');
  });

  it('marks timed-out and aborted commands and ends partial lines first', () => {
    const events = eventLog('r', [
      runStarted('t'),
      { type: 'command_started', callId: 'c', command: 'sleep 60', cwd: '/workspace' },
      { type: 'command_output', callId: 'c', stream: 'stderr', chunk: 'waiting' },
      { type: 'command_finished', callId: 'c', exitCode: 130, durationMs: 5, timedOut: false, aborted: true },
      { type: 'command_started', callId: 'd', command: 'yes', cwd: '/workspace' },
      { type: 'command_finished', callId: 'd', exitCode: 124, durationMs: 5, timedOut: true, aborted: false },
    ]);
    const plain = toPlainText(reduceAll(initialState, events).terminal.text);
    expect(plain).toBe('$ sleep 60\nwaiting\n[exit 130, aborted]\n$ yes\n[exit 124, timed out]\n');
  });

  it('starts a fresh timeline for a run of another session but keeps files and terminal', () => {
    const first = reduceAll(initialState, demoRun('run-1'));
    const second = reduceAll(first, eventLog('run-2', [runStarted('Second task')]));
    expect(second.status).toBe('running');
    expect(second.run?.id).toBe('run-2');
    expect(second.sessionId).toBe('run-2');
    expect(kinds(second.timeline)).toEqual(['task']);
    expect(second.timeline[0]).toMatchObject({ run: 1, playedTask: null });
    expect(second.fileOrder).toEqual(['src/slugify.sh']);
    expect(second.terminal).toBe(first.terminal);
  });

  it('goes on in the same timeline and terminal, under a divider, for a later run of the same session', () => {
    const first = reduceAll(initialState, demoRun('run-1'));
    const second = reduceAll(first, eventLog('run-2', [{ ...runStarted('Second\ntask \x1b[31mred'), sessionId: 'run-1' }]));
    expect(second.sessionId).toBe('run-1');
    expect(second.runs).toBe(2);
    expect(second.timeline.slice(0, first.timeline.length)).toEqual(first.timeline);
    expect(second.timeline.at(-1)).toMatchObject({ kind: 'task', task: 'Second\ntask \x1b[31mred', run: 2 });
    const added = second.terminal.text.slice(first.terminal.text.length);
    expect(toPlainText(added)).toContain('── Run 2: Second task [31mred ──');
    expect(added).not.toContain('\x1b[31m');
    const third = reduceAll(second, eventLog('run-3', [{ ...runStarted('Third'), sessionId: 'run-1' }]));
    expect(third.timeline.filter((entry) => entry.kind === 'task').map((entry) => entry.kind === 'task' && entry.run)).toEqual([1, 2, 3]);
  });

  it('keeps the recorded task a demo played instead of the typed one', () => {
    const state = reduceAll(initialState, eventLog('r', [{ ...runStarted('My own task'), playedTask: 'Add a slugify function' }]));
    expect(state.timeline[0]).toMatchObject({ kind: 'task', task: 'My own task', playedTask: 'Add a slugify function' });
  });

  it('ignores events of another run and events before any run', () => {
    const stray = eventLog('old', [{ type: 'notice', level: 'info', message: 'late' }]);
    expect(reduce(initialState, stray[0]!)).toBe(initialState);

    const running = reduceAll(initialState, eventLog('new', [runStarted('t')]));
    expect(reduce(running, stray[0]!)).toBe(running);
  });

  it('trims old terminal text but keeps counting what was written', () => {
    const big = 'x'.repeat(300_000);
    const payloads: EventPayload[] = [runStarted('t'), { type: 'command_started', callId: 'c', command: 'cat big', cwd: '/' }];
    for (let i = 0; i < 4; i++) payloads.push({ type: 'command_output', callId: 'c', stream: 'stdout', chunk: big });
    const state = reduceAll(initialState, eventLog('r', payloads));
    const written = promptLine('cat big').length + 4 * big.length;
    expect(state.terminal.text.length).toBeLessThanOrEqual(TERMINAL_MAX_CHARS);
    expect(state.terminal.dropped + state.terminal.text.length).toBe(written);
  });
});
