import { describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { explorerPaths, explorerRead, type ExplorerSources, LISTED_PATHS_LIMIT, READ_CHARS_LIMIT } from '../../../src/worker/workspace-files';
import { recordedRun } from '../store/recorded-run';

const OUTSIDE = { 'node_modules/left/index.js': 'module.exports = 1;\n', '.git/HEAD': 'ref: refs/heads/main\n' };

function sources(sandbox: VirtualSandbox, secrets: string[] = []): ExplorerSources {
  return { sandbox, store: () => Promise.reject(new Error('no store here')), secrets };
}

describe('the explorer reading the sandbox', () => {
  it('lists every workspace file, sorted, without node_modules and .git', async () => {
    const sandbox = new VirtualSandbox({ files: { ...STARTER_PROJECT, ...OUTSIDE, 'a/b/c/deep.txt': 'x' } });
    const listing = await explorerPaths(sources(sandbox), null);
    expect(listing).toEqual({ paths: [...Object.keys(STARTER_PROJECT), 'a/b/c/deep.txt'].sort(), truncated: false, known: true });
  });

  it('lists at most the limit and says it left files out', async () => {
    const files = Object.fromEntries(Array.from({ length: LISTED_PATHS_LIMIT + 5 }, (_, i) => [`f/${i}.txt`, '']));
    const listing = await explorerPaths(sources(new VirtualSandbox({ files })), null);
    expect(listing.paths).toHaveLength(LISTED_PATHS_LIMIT);
    expect(listing.truncated).toBe(true);
  });

  it('reads one file, keys redacted, shortened past the limit', async () => {
    const sandbox = new VirtualSandbox({ files: { 'config.env': 'KEY=sk-secret-123\n', 'big.txt': 'x'.repeat(READ_CHARS_LIMIT + 10) } });
    expect(await explorerRead(sources(sandbox, ['sk-secret-123']), 'config.env', null)).toEqual({
      path: 'config.env',
      content: 'KEY=[redacted]\n',
      truncated: false,
    });
    const big = await explorerRead(sources(sandbox), 'big.txt', null);
    expect(big.content).toHaveLength(READ_CHARS_LIMIT);
    expect(big.truncated).toBe(true);
  });

  it.each([
    ['a path that climbs', '../etc/passwd', 'not a workspace path'],
    ['an absolute path', '/etc/passwd', 'not a workspace path'],
    ['not a string', 42, 'not a workspace path'],
    ['node_modules', 'node_modules/left/index.js', 'not shown'],
    ['.git', '.git/HEAD', 'not shown'],
  ])('refuses %s', async (_, path, message) => {
    const sandbox = new VirtualSandbox({ files: { ...STARTER_PROJECT, ...OUTSIDE } });
    await expect(explorerRead(sources(sandbox), path, null)).rejects.toThrow(message);
  });

  it('refuses a point that is not one', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    await expect(explorerPaths(sources(sandbox), { sessionId: 'x', count: -1 })).rejects.toThrow('not a workspace point');
    await expect(explorerPaths(sources(sandbox), 'everything')).rejects.toThrow('not a workspace point');
  });
});

describe('the explorer reading a stored session at a replay position', () => {
  it("lists and reads the files of the last snapshot by then, not the sandbox's", async () => {
    const run = await recordedRun('demo', 'react');
    const at = (count: number) => ({ sessionId: run.sessionId, count });
    const stored: ExplorerSources = { sandbox: new VirtualSandbox({ files: { 'other.txt': 'x' } }), store: async () => run.store, secrets: [] };
    const end = run.events.length;
    const atEnd = await explorerPaths(stored, at(end));
    expect(atEnd.paths).toContain('src/slugify.sh');
    expect(atEnd.paths).not.toContain('other.txt');
    // Before any snapshot: the first one, the files as the run found them.
    expect((await explorerPaths(stored, at(0))).paths).toEqual(Object.keys(STARTER_PROJECT).sort());
    expect((await explorerRead(stored, 'package.json', at(0))).content).toBe(STARTER_PROJECT['package.json']);
    await expect(explorerRead(stored, 'src/slugify.sh', at(0))).rejects.toThrow('not in the workspace at this point');
    expect((await explorerRead(stored, 'src/slugify.sh', at(end))).content).toBe(await run.sandbox.readFile(`${run.sandbox.workdir}/src/slugify.sh`));
    await expect(explorerPaths(stored, { sessionId: 'gone', count: 1 })).rejects.toThrow('no longer stored');
  });
});
