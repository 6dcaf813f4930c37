import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Runs the CLI with many input lines and closes its stdout after the first chunk of output, as
 * `… | head -1` does; resolves with the exit code and everything it wrote on stderr.
 */
function runClosingStdoutEarly(args: string[], input: string): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/main.ts', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => {}); // the child may stop reading once it has ended
    child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('stdout closed early (… | head -1)', () => {
  it('ends quietly with code 0: no EPIPE stack trace on stderr', async () => {
    const input = `${JSON.stringify({ cmd: 'ls -la' })}\n`.repeat(2_000);
    const result = await runClosingStdoutEarly(['check-command', '--phase', 'planning', '--jsonl'], input);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});
