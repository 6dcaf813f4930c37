import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/port';
import { runCommandTool } from '../../../src/tools/run-command';
import { harness } from './helpers';

describe('run_command', () => {
  it('gives the exit code first, then stdout and stderr, and narrates the command in order', async () => {
    const h = harness({ 'a.txt': 'x' });
    const result = await runCommandTool.run({ command: 'echo out; echo err >&2; exit 3' }, h.ctx);
    expect(result).toEqual({ ok: false, errorKind: 'command_failed', output: 'exit code 3\n--- stdout ---\nout\n--- stderr ---\nerr' });
    expect(h.events.map((e) => e.type)).toEqual(['command_started', 'command_output', 'command_output', 'command_finished']);
    expect(h.events[0]).toEqual({ type: 'command_started', callId: 'call-1', command: 'echo out; echo err >&2; exit 3', cwd: '/workspace' });
    expect(h.events[1]).toEqual({ type: 'command_output', callId: 'call-1', stream: 'stdout', chunk: 'out\n' });
    expect(h.events[2]).toEqual({ type: 'command_output', callId: 'call-1', stream: 'stderr', chunk: 'err\n' });
    expect(h.events[3]).toMatchObject({ type: 'command_finished', callId: 'call-1', exitCode: 3, timedOut: false, aborted: false });
  });

  it('succeeds on exit code 0 and marks empty streams', async () => {
    const h = harness({ 'a.txt': 'hello\n' });
    const result = await runCommandTool.run({ command: 'cat a.txt' }, h.ctx);
    expect(result).toEqual({ ok: true, output: 'exit code 0\n--- stdout ---\nhello\n--- stderr ---\n(empty)' });
  });

  it('truncates long output to head and tail for the model but streams all of it to the viewer', async () => {
    const line = (ch: string) => `${ch.repeat(99)}\n`;
    const big = `${line('h').repeat(20)}${line('m').repeat(60)}${line('t').repeat(20)}`;
    const h = harness({ 'big.txt': big });
    const result = await runCommandTool.run({ command: 'cat big.txt' }, h.ctx);
    const body = big.slice(0, -1);
    expect(result.output).toBe(
      `exit code 0\n--- stdout ---\n${body.slice(0, 2000)}\n[… 5,999 characters omitted …]\n${body.slice(-2000)}\n--- stderr ---\n(empty)`,
    );
    const chunks = h.events.flatMap((e) => (e.type === 'command_output' ? [e.chunk] : []));
    expect(chunks.join('')).toBe(big);
  });

  it('cuts very long lines, strips colours and summarises binary output for the model only', async () => {
    const h = harness({
      'long.txt': `${'x'.repeat(2500)}\nshort\n`,
      'colour.txt': '\u001b[1;31mred\u001b[0m plain\n',
      'blob.bin': 'ELF\u0000\u0001\u0002\u0003',
    });
    const long = await runCommandTool.run({ command: 'cat long.txt' }, h.ctx);
    expect(long.output).toContain(`--- stdout ---\n${'x'.repeat(2000)} [… 500 more characters]\nshort\n--- stderr ---`);
    const colour = await runCommandTool.run({ command: 'cat colour.txt' }, h.ctx);
    expect(colour.output).toContain('--- stdout ---\nred plain\n');
    const blob = await runCommandTool.run({ command: 'cat blob.bin' }, h.ctx);
    expect(blob.output).toContain('--- stdout ---\n[binary output, 7 bytes, not shown]\n');
    const chunks = h.events.flatMap((e) => (e.type === 'command_output' ? [e.chunk] : []));
    expect(chunks).toContain('\u001b[1;31mred\u001b[0m plain\n');
  });

  it('stops a command at its timeout and says so', async () => {
    const h = harness();
    const started = Date.now();
    const result = await runCommandTool.run({ command: 'sleep 5; echo late', timeout_seconds: 0.3 }, h.ctx);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toMatch(/^exit code 124 — timed out after 0\.3 seconds/);
    expect(result.output).not.toContain('late');
    expect(h.events[h.events.length - 1]).toMatchObject({ type: 'command_finished', timedOut: true, aborted: false, exitCode: 124 });
  });

  it('reports an abort from the run', async () => {
    const h = harness();
    setTimeout(() => h.controller.abort(), 100);
    const result = await runCommandTool.run({ command: 'sleep 5' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output.split('\n')[0]).toMatch(/aborted because the run was stopped/);
    expect(h.events[h.events.length - 1]).toMatchObject({ type: 'command_finished', aborted: true, timedOut: false });
  });

  it('does not start a command when the run is already cancelled', async () => {
    const h = harness();
    h.controller.abort();
    const result = await runCommandTool.run({ command: 'echo hi > made.txt' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/cancelled before the command started/);
    expect(h.events).toEqual([]);
    expect(await h.sandbox.exists('/workspace/made.txt')).toBe(false);
  });

  it('does not start a command when the run is cancelled while it is being prepared', async () => {
    let controller: AbortController | undefined = undefined;
    const h = harness({}, (real) => {
      const racing: Sandbox = Object.create(real) as Sandbox;
      racing.cwd = async () => {
        controller?.abort(); // Stop pressed while the tool asks for the cwd
        return real.cwd();
      };
      return racing;
    });
    controller = h.controller;
    const started = Date.now();
    const result = await runCommandTool.run({ command: 'sleep 5; echo hi > made.txt' }, h.ctx);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/cancelled before the command started/);
    expect(h.events).toEqual([]);
    expect(await h.sandbox.exists('/workspace/made.txt')).toBe(false);
  });

  it("reports the shell's current directory, which persists across commands", async () => {
    const h = harness({ 'src/a.txt': 'x' });
    await runCommandTool.run({ command: 'cd src' }, h.ctx);
    const result = await runCommandTool.run({ command: 'pwd' }, h.ctx);
    expect(result.output).toContain('/workspace/src');
    expect(h.events.filter((e) => e.type === 'command_started').map((e) => (e.type === 'command_started' ? e.cwd : ''))).toEqual([
      '/workspace',
      '/workspace/src',
    ]);
  });

  it('turns a sandbox failure into a result and still closes the command for the viewer', async () => {
    const h = harness({}, (real) => {
      const broken: Sandbox = Object.create(real) as Sandbox;
      broken.exec = () => Promise.reject(new Error('the sandbox went away'));
      return broken;
    });
    const result = await runCommandTool.run({ command: 'ls' }, h.ctx);
    expect(result).toEqual({ ok: false, errorKind: 'sandbox_error', output: 'The sandbox could not run the command: the sandbox went away' });
    expect(h.events.map((e) => e.type)).toEqual(['command_started', 'command_output', 'command_finished']);
    expect(h.events[2]).toMatchObject({ exitCode: -1 });
  });

  it('rejects an empty command and a timeout over 300 seconds', async () => {
    const h = harness();
    expect((await runCommandTool.run({ command: '  ' }, h.ctx)).ok).toBe(false);
    expect(runCommandTool.schema.safeParse({ command: 'ls', timeout_seconds: 300 }).success).toBe(true);
    expect(runCommandTool.schema.safeParse({ command: 'ls', timeout_seconds: 301 }).success).toBe(false);
    expect(runCommandTool.schema.safeParse({ command: 'ls', timeout_seconds: 0 }).success).toBe(false);
  });
});
