import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/port';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { createFileTool } from '../../../src/tools/create-file';
import { editFileTool } from '../../../src/tools/edit-file';
import { listFilesTool } from '../../../src/tools/list-files';
import { outlineTool } from '../../../src/tools/outline';
import { readFileTool } from '../../../src/tools/read-file';
import { searchCodebaseTool } from '../../../src/tools/search-codebase';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { type Harness, harness } from './helpers';

import './grammars';

/** A workspace with links out of it (a file, a directory) and inside it. */
async function linkedWorkspace(sandboxOverride?: (real: Sandbox) => Sandbox): Promise<Harness> {
  const h = harness({ 'src/app.ts': 'export function app(): string {\n  return "secret-free";\n}\n', 'README.md': 'hello\n' }, sandboxOverride);
  const made = await h.sandbox.exec(
    [
      'mkdir -p /tmp/d',
      'echo "TOP SECRET" > /tmp/secret.txt',
      'echo "export function hidden(): void {} // TOP SECRET" > /tmp/d/hidden.ts',
      'ln -s /tmp/secret.txt slink',
      'ln -s /tmp/d dlink',
      'ln -s src alias',
    ].join(' && '),
  );
  expect(made.exitCode, made.stderr).toBe(0);
  return h;
}

describe('tools and symbolic links out of the workspace', () => {
  it('read_file refuses a link to a file outside and says where it points', async () => {
    const h = await linkedWorkspace();
    const result = await readFileTool.run({ path: 'slink' }, h.ctx);
    expect(result).toEqual({
      ok: false,
      errorKind: 'outside_workspace',
      output: expect.stringContaining('slink is a symbolic link to /tmp/secret.txt, outside the workspace; not read'),
    });
    expect(result.output).not.toContain('TOP SECRET');
    const through = await readFileTool.run({ path: 'dlink/hidden.ts' }, h.ctx);
    expect(through.ok).toBe(false);
    expect(through.output).toContain('/tmp/d/hidden.ts');
    expect(h.events).toEqual([]);
  });

  it('read_file still reads through a link that stays inside', async () => {
    const h = await linkedWorkspace();
    const result = await readFileTool.run({ path: 'alias/app.ts' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).toContain('secret-free');
  });

  it('list_files leaves out links that lead outside and mentions them', async () => {
    const h = await linkedWorkspace();
    const result = await listFilesTool.run({ depth: 3 }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).not.toContain('hidden.ts');
    expect(result.output).toMatch(/slink → \/tmp\/secret\.txt/);
    expect(result.output).toMatch(/dlink → \/tmp\/d/);
    expect(result.output).toMatch(/outside the workspace/);
    expect(result.output).toMatch(/alias\/ → src/);
    const listedOutside = await listFilesTool.run({ path: 'dlink' }, h.ctx);
    expect(listedOutside.ok).toBe(false);
    expect(listedOutside.output).toContain('dlink is a symbolic link to /tmp/d, outside the workspace');
  });

  it('search_codebase does not search behind links that lead outside', async () => {
    const h = await linkedWorkspace();
    const result = await searchCodebaseTool.run({ pattern: 'secret' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(result.output).not.toContain('TOP SECRET');
    expect(result.output).toContain('src/app.ts');
    expect(result.output).toMatch(/2 symbolic links lead outside the workspace and were not searched: dlink → \/tmp\/d, slink → \/tmp\/secret\.txt/);
  });

  it('outline does not parse files behind links that lead outside', async () => {
    const h = await linkedWorkspace();
    const result = await outlineTool.run({ path: '.' }, h.ctx);
    expect(result.output).not.toContain('hidden');
    const direct = await outlineTool.run({ path: 'dlink/hidden.ts' }, h.ctx);
    expect(direct.ok).toBe(false);
    expect(direct.output).toContain('outside the workspace');
  });

  it('create_file refuses to write through a link that leads outside', async () => {
    const h = await linkedWorkspace();
    const result = await createFileTool.run({ path: 'dlink/new.ts', content: 'x\n' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('dlink/new.ts leads through a symbolic link to /tmp/d/new.ts, outside the workspace; not written');
    expect(await h.sandbox.exists('/tmp/d/new.ts')).toBe(false);
    expect(h.events).toEqual([]);
  });

  it('create_file through a link inside the workspace lands in the real folder', async () => {
    const h = await linkedWorkspace();
    const result = await createFileTool.run({ path: 'alias/util.ts', content: 'export const u = 1;\n' }, h.ctx);
    expect(result.ok).toBe(true);
    expect(await h.sandbox.readFile('/workspace/src/util.ts')).toBe('export const u = 1;\n');
  });

  it('create_file fails when the written file does not read back', async () => {
    const h = await linkedWorkspace((real) => {
      const lossy: Sandbox = Object.create(real) as Sandbox;
      lossy.writeFile = async () => {};
      return lossy;
    });
    const result = await createFileTool.run({ path: 'lost.txt', content: 'data\n' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/lost\.txt was not written/);
    expect(h.events).toEqual([]);
  });

  it('edit_file refuses a link that leads outside, even after the file was read there by other means', async () => {
    const h = await linkedWorkspace();
    h.ctx.fileVersions?.remember('/workspace/slink', 'TOP SECRET\n');
    const result = await editFileTool.run({ path: 'slink', search: 'TOP SECRET', replace: 'changed' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('slink is a symbolic link to /tmp/secret.txt, outside the workspace; not edited');
    expect(await h.sandbox.readFile('/tmp/secret.txt')).toBe('TOP SECRET\n');
  });

  it('edit_file fails when the edited file does not read back', async () => {
    const h = await linkedWorkspace((real) => {
      const lossy: Sandbox = Object.create(real) as Sandbox;
      lossy.writeFile = async () => {};
      return lossy;
    });
    await readFileTool.run({ path: 'README.md' }, h.ctx);
    const result = await editFileTool.run({ path: 'README.md', search: 'hello', replace: 'bye' }, h.ctx);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/README\.md was not written/);
    expect(h.events.some((e) => e.type === 'file_changed')).toBe(false);
  });
});

describe('tools and symbolic links on the WebContainer adapter', () => {
  it('refuse links out of the workspace, resolved by the container', async () => {
    const sandbox = new WebContainerSandbox(new FakeWebContainer({ workdir: '/workspace' }));
    await sandbox.mountFiles({ 'src/app.ts': 'export const app = 1;\n' });
    const made = await sandbox.exec('mkdir -p /tmp/d && echo "TOP SECRET" > /tmp/secret.txt && ln -s /tmp/secret.txt slink && ln -s src alias');
    expect(made.exitCode, made.stdout).toBe(0);
    const h = harness({}, () => sandbox);
    const read = await readFileTool.run({ path: 'slink' }, h.ctx);
    expect(read).toEqual({
      ok: false,
      errorKind: 'outside_workspace',
      output: expect.stringContaining('slink is a symbolic link to /tmp/secret.txt, outside the workspace; not read'),
    });
    expect((await readFileTool.run({ path: 'alias/app.ts' }, h.ctx)).ok).toBe(true);
    const search = await searchCodebaseTool.run({ pattern: 'secret|app' }, h.ctx);
    expect(search.output).not.toContain('TOP SECRET');
    expect(search.output).toContain('1 symbolic link leads outside the workspace and was not searched: slink → /tmp/secret.txt');
  });
});
