import { describe, expect, it } from 'vitest';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import { createFileTool } from '../../../src/tools/create-file';
import { editFileTool } from '../../../src/tools/edit-file';
import { readFileTool } from '../../../src/tools/read-file';
import { harness } from './helpers';

const chain = (count: number) => Array.from({ length: count }, (_, i) => `d${i}`).join('/');

describe('file tools refuse paths deeper than MAX_PATH_DEPTH', () => {
  it('create_file at 2,000 folders is refused at once and creates nothing', async () => {
    const h = harness();
    const started = Date.now();
    const result = await createFileTool.run({ path: `${chain(2000)}/f.txt`, content: 'x\n' }, h.ctx);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ errorKind: 'invalid_arguments' });
    expect(result.output).toContain(`${MAX_PATH_DEPTH}`);
    expect(await h.sandbox.exists('/workspace/d0')).toBe(false);
  });

  it('create_file writes at the limit and refuses one level past it', async () => {
    const h = harness();
    expect((await createFileTool.run({ path: `${chain(MAX_PATH_DEPTH - 1)}/f.txt`, content: 'x\n' }, h.ctx)).ok).toBe(true);
    const past = await createFileTool.run({ path: `${chain(MAX_PATH_DEPTH)}/f.txt`, content: 'x\n' }, h.ctx);
    expect(past).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
  });

  it('counts the folders a symbolic link leads through', async () => {
    const h = harness();
    await h.sandbox.exec(`mkdir -p ${chain(MAX_PATH_DEPTH - 1)} && ln -s ${chain(MAX_PATH_DEPTH - 1)} deep`);
    const result = await createFileTool.run({ path: 'deep/x/f.txt', content: 'x\n' }, h.ctx);
    expect(result).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
    expect(await h.sandbox.exists(`/workspace/${chain(MAX_PATH_DEPTH - 1)}/x`)).toBe(false);
  });

  it('edit_file and read_file refuse such a path with the same message', async () => {
    const h = harness();
    const path = `${chain(MAX_PATH_DEPTH + 1)}.txt`;
    const edit = await editFileTool.run({ path, search: 'a', replace: 'b' }, h.ctx);
    const read = await readFileTool.run({ path }, h.ctx);
    expect(edit).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
    expect(read).toMatchObject({ ok: false, errorKind: 'invalid_arguments' });
    expect(edit.output).toContain('folders');
  });
});
