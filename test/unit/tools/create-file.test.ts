import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { createFileTool } from '../../../src/tools/create-file';
import { harness } from './helpers';

import './grammars';

describe('create_file', () => {
  it('creates a file with missing parent directories and emits file_changed', async () => {
    const h = harness(STARTER_PROJECT);
    const content = 'farewell() {\n  echo "Bye"\n}\n';
    const result = await createFileTool.run({ path: 'src/lib/farewell.sh', content }, h.ctx);
    expect(result).toEqual({ ok: true, output: 'Created src/lib/farewell.sh (3 lines, 28 B).' });
    expect(await h.sandbox.readFile('/workspace/src/lib/farewell.sh')).toBe(content);
    expect(h.events).toEqual([
      {
        type: 'file_changed',
        path: 'src/lib/farewell.sh',
        change: 'created',
        before: null,
        after: content,
        diff: '--- /dev/null\n+++ b/src/lib/farewell.sh\n@@ -0,0 +1,3 @@\n+farewell() {\n+  echo "Bye"\n+}\n',
      },
    ]);
  });

  it('refuses to overwrite and points to edit_file', async () => {
    const h = harness(STARTER_PROJECT);
    const first = await createFileTool.run({ path: 'notes.txt', content: 'one\n' }, h.ctx);
    expect(first.ok).toBe(true);
    const second = await createFileTool.run({ path: 'notes.txt', content: 'two\n' }, h.ctx);
    expect(second.ok).toBe(false);
    expect(second.output).toMatch(/already exists/);
    expect(second.output).toMatch(/edit_file/);
    expect(await h.sandbox.readFile('/workspace/notes.txt')).toBe('one\n');
    expect(h.events).toHaveLength(1);
  });

  it('refuses directories, files in place of a parent, and paths outside the workspace', async () => {
    const h = harness(STARTER_PROJECT);
    const dir = await createFileTool.run({ path: 'src', content: 'x' }, h.ctx);
    expect(dir.ok).toBe(false);
    expect(dir.output).toMatch(/directory/);
    const underFile = await createFileTool.run({ path: 'README.md/child.txt', content: 'x' }, h.ctx);
    expect(underFile.ok).toBe(false);
    expect(underFile.output).toMatch(/README\.md is a file/);
    const outside = await createFileTool.run({ path: '../evil.sh', content: 'x' }, h.ctx);
    expect(outside.ok).toBe(false);
    expect(await h.sandbox.exists('/evil.sh')).toBe(false);
    expect(h.events).toEqual([]);
  });
});
