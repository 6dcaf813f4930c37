import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { createFileTool } from '../../../src/tools/create-file';
import { editFileTool } from '../../../src/tools/edit-file';
import { FileVersions } from '../../../src/tools/file-versions';
import { readFileTool } from '../../../src/tools/read-file';
import { runCommandTool } from '../../../src/tools/run-command';
import { harness } from './helpers';

function setup() {
  const h = harness(STARTER_PROJECT);
  const ctx = { ...h.ctx, fileVersions: new FileVersions() };
  return { ...h, ctx };
}

const greetEdit = { path: 'src/greet.sh', search: 'Hello', replace: 'Hi' };

describe('read before edit', () => {
  it('refuses to edit a file the agent has not read in this run, and leaves it unchanged', async () => {
    const { ctx } = setup();
    const result = await editFileTool.run(greetEdit, ctx);
    expect(result).toEqual({ ok: false, errorKind: 'unread', output: expect.stringContaining('Read src/greet.sh with read_file before editing it') });
    expect(await ctx.sandbox.readFile('/workspace/src/greet.sh')).toBe(STARTER_PROJECT['src/greet.sh']);
  });

  it('allows the edit after a read (a range counts), and again after its own edit', async () => {
    const { ctx } = setup();
    await readFileTool.run({ path: 'src/greet.sh', start_line: 1, end_line: 2 }, ctx);
    expect((await editFileTool.run(greetEdit, ctx)).ok).toBe(true);
    expect((await editFileTool.run({ path: 'src/greet.sh', search: 'Hi', replace: 'Hey' }, ctx)).ok).toBe(true);
  });

  it('counts a created file as read', async () => {
    const { ctx } = setup();
    await createFileTool.run({ path: 'src/new.sh', content: 'a\n' }, ctx);
    expect((await editFileTool.run({ path: 'src/new.sh', search: 'a', replace: 'b' }, ctx)).ok).toBe(true);
  });

  it('refuses when the file changed since it was read, for example through a command', async () => {
    const { ctx } = setup();
    await readFileTool.run({ path: 'src/greet.sh' }, ctx);
    await runCommandTool.run({ command: "sed -i 's/friendly/warm/' src/greet.sh" }, ctx);
    const result = await editFileTool.run(greetEdit, ctx);
    expect(result).toEqual({ ok: false, errorKind: 'stale_read', output: expect.stringContaining('src/greet.sh changed since you last read it') });
    await readFileTool.run({ path: 'src/greet.sh' }, ctx);
    expect((await editFileTool.run(greetEdit, ctx)).ok).toBe(true);
  });
});
