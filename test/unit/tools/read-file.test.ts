import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { FILE_READ_EVENT_MAX_BYTES, readFileTool } from '../../../src/tools/read-file';
import { harness, numberedText } from './helpers';

describe('read_file', () => {
  it('returns a small file with a header and line numbers, and emits file_read', async () => {
    const h = harness(STARTER_PROJECT);
    const result = await readFileTool.run({ path: 'src/greet.sh' }, h.ctx);
    expect(result.ok).toBe(true);
    const content = STARTER_PROJECT['src/greet.sh'] as string;
    const lines = content.trimEnd().split('\n');
    expect(result.output.split('\n')[0]).toBe(`src/greet.sh (lines 1–${lines.length} of ${lines.length})`);
    expect(result.output).toContain(`    1 | ${lines[0]}`);
    expect(result.output).toContain(`    2 | ${lines[1]}`);
    expect(h.events).toEqual([{ type: 'file_read', path: 'src/greet.sh', content, truncated: false }]);
  });

  it('accepts absolute paths inside the workspace and refuses ones outside', async () => {
    const h = harness({ 'a.txt': 'hello\n' });
    expect((await readFileTool.run({ path: '/workspace/a.txt' }, h.ctx)).ok).toBe(true);
    const outside = await readFileTool.run({ path: '/etc/passwd' }, h.ctx);
    expect(outside.ok).toBe(false);
    expect(outside.output).toMatch(/outside the workspace/);
    const escape = await readFileTool.run({ path: '../a.txt' }, h.ctx);
    expect(escape.ok).toBe(false);
    expect(escape.output).toMatch(/climbs above/);
  });

  it('shows the head and tail of a long file and asks for a range', async () => {
    const h = harness({ 'big.txt': numberedText(1200) });
    const result = await readFileTool.run({ path: 'big.txt' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[0]).toBe('big.txt (lines 1–200 and 1,101–1,200 of 1,200)');
    expect(result.output).toContain('  200 | line 200\n');
    expect(result.output).not.toContain('| line 201\n');
    expect(result.output).not.toContain('| line 1100\n');
    expect(result.output).toContain(' 1101 | line 1101');
    expect(result.output).toContain(' 1200 | line 1200');
    expect(result.output).toMatch(/900 lines not shown \(201–1100\)/);
    expect(result.output).toMatch(/start_line and end_line/);
    // The viewer still gets the whole file.
    expect(h.events).toEqual([{ type: 'file_read', path: 'big.txt', content: numberedText(1200), truncated: false }]);
  });

  it('reads a file of exactly 500 lines in full', async () => {
    const h = harness({ 'f.txt': numberedText(500) });
    const result = await readFileTool.run({ path: 'f.txt' }, h.ctx);
    expect(result.output.split('\n')[0]).toBe('f.txt (lines 1–500 of 500)');
    expect(result.output).toContain('  250 | line 250');
  });

  it('reads a range, inclusive and 1-based', async () => {
    const h = harness({ 'big.txt': numberedText(1200) });
    const result = await readFileTool.run({ path: 'big.txt', start_line: 600, end_line: 602 }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toBe('big.txt (lines 600–602 of 1,200)\n  600 | line 600\n  601 | line 601\n  602 | line 602');
    expect(h.events[0]).toMatchObject({ type: 'file_read', startLine: 600, endLine: 602 });
  });

  it('reads from start_line to the end, or from the start to end_line', async () => {
    const h = harness({ 'f.txt': numberedText(10) });
    const tail = await readFileTool.run({ path: 'f.txt', start_line: 9 }, h.ctx);
    expect(tail.output).toBe('f.txt (lines 9–10 of 10)\n    9 | line 9\n   10 | line 10');
    const head = await readFileTool.run({ path: 'f.txt', end_line: 2 }, h.ctx);
    expect(head.output).toBe('f.txt (lines 1–2 of 10)\n    1 | line 1\n    2 | line 2');
  });

  it('clips a range that runs past the end, with a note', async () => {
    const h = harness({ 'f.txt': numberedText(10) });
    const result = await readFileTool.run({ path: 'f.txt', start_line: 8, end_line: 50 }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output.split('\n')[0]).toBe('f.txt (lines 8–10 of 10)');
    expect(result.output).toMatch(/ends at line 10, so the range was clipped to 8–10/);
    expect(h.events[0]).toMatchObject({ startLine: 8, endLine: 10 });
  });

  it('rejects inverted ranges and ranges past the end', async () => {
    const h = harness({ 'f.txt': numberedText(10) });
    const inverted = await readFileTool.run({ path: 'f.txt', start_line: 5, end_line: 3 }, h.ctx);
    expect(inverted.ok).toBe(false);
    expect(inverted.output).toMatch(/start_line \(5\) is after end_line \(3\)/);
    const past = await readFileTool.run({ path: 'f.txt', start_line: 11 }, h.ctx);
    expect(past.ok).toBe(false);
    expect(past.output).toMatch(/only 10 lines/);
    expect(h.events).toEqual([]);
  });

  it('caps a very long range', async () => {
    const h = harness({ 'big.txt': numberedText(3000) });
    const result = await readFileTool.run({ path: 'big.txt', start_line: 1, end_line: 3000 }, h.ctx);
    expect(result.output.split('\n')[0]).toBe('big.txt (lines 1–1000 of 3,000)');
    expect(result.output).toMatch(/continue with start_line 1001/);
  });

  it('explains missing files and directories', async () => {
    const h = harness(STARTER_PROJECT);
    const missing = await readFileTool.run({ path: 'src/nope.sh' }, h.ctx);
    expect(missing.ok).toBe(false);
    expect(missing.output).toMatch(/File not found: src\/nope\.sh/);
    expect(missing.output).toMatch(/list_files/);
    const dir = await readFileTool.run({ path: 'src' }, h.ctx);
    expect(dir.ok).toBe(false);
    expect(dir.output).toMatch(/src is a directory/);
    expect(h.events).toEqual([]);
  });

  it('handles empty and binary files', async () => {
    const h = harness({ 'empty.txt': '', 'blob.bin': 'PK\0\0data' });
    const empty = await readFileTool.run({ path: 'empty.txt' }, h.ctx);
    expect(empty).toEqual({ ok: true, output: 'empty.txt (empty file)' });
    const binary = await readFileTool.run({ path: 'blob.bin' }, h.ctx);
    expect(binary.ok).toBe(false);
    expect(binary.output).toMatch(/binary/);
  });

  it('caps the content carried by the file_read event', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const content = line.repeat(3000); // 300,000 bytes
    const h = harness({ 'huge.txt': content });
    await readFileTool.run({ path: 'huge.txt', start_line: 1, end_line: 5 }, h.ctx);
    const event = h.events[0];
    expect(event?.type).toBe('file_read');
    if (event?.type !== 'file_read') return;
    expect(event.truncated).toBe(true);
    expect(event.content.length).toBe(FILE_READ_EVENT_MAX_BYTES);
    expect(content.startsWith(event.content)).toBe(true);
  });
});
