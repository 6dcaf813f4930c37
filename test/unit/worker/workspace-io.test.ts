import { afterAll, describe, expect, it } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { MemoryStore } from '../../../src/store/memory-store';
import {
  checkWorkspaceFiles,
  currentWorkspace,
  refuseWhileReplacing,
  replaceWorkspace,
  REPLACING_WORKSPACE,
  sessionChanges,
} from '../../../src/worker/workspace-io';
import { workspaceFiles as bytesOf } from '../../../src/workspace/files';
import { workspacePatch } from '../../../src/workspace/patch';
import { recordedRun, workspaceFiles } from '../store/recorded-run';
import { committedRepo, git, readTree, removeRepo } from '../workspace/git-tree';

const repos: string[] = [];
afterAll(() => repos.forEach(removeRepo));

const OUTSIDE = { 'node_modules/left/index.js': 'module.exports = 1;\n', '.git/HEAD': 'ref: refs/heads/main\n' };

describe('checkWorkspaceFiles', () => {
  it('takes texts under workspace paths', () => {
    expect(checkWorkspaceFiles({ 'a.txt': 'a', 'src/b.ts': '' })).toEqual({ 'a.txt': 'a', 'src/b.ts': '' });
  });

  it.each([
    ['not an object', 'text', 'not a map'],
    ['an array', ['a'], 'not a map'],
    ['an absolute path', { '/etc/passwd': 'x' }, 'not a workspace path'],
    ['a path that climbs', { '../up.txt': 'x' }, 'not a workspace path'],
    ['a dot segment', { 'a/./b': 'x' }, 'not a workspace path'],
    ['node_modules', { 'node_modules/x.js': 'x' }, 'node_modules and .git are not loaded'],
    ['.git', { '.git/config': 'x' }, 'node_modules and .git are not loaded'],
    ['bytes instead of text', { 'a.bin': new Uint8Array([1]) }, 'not text'],
    ['a file that is also a folder', { a: 'x', 'a/b': 'y' }, 'a is both a file and a folder'],
  ])('refuses %s', (_, value, message) => {
    expect(() => checkWorkspaceFiles(value)).toThrow(message);
  });

  it('refuses more than the caps allow', () => {
    const many = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`f${i}.txt`, '']));
    expect(() => checkWorkspaceFiles(many)).toThrow('20,001 files; the limit is 20,000');
    expect(() => checkWorkspaceFiles({ 'big.txt': 'x'.repeat(50 * 1024 * 1024 + 1) })).toThrow('50.1 MB of files; the limit is 50 MB');
  });
});

describe('replaceWorkspace and currentWorkspace', () => {
  it('makes the files the workspace, leaving node_modules and .git alone', async () => {
    const sandbox = new VirtualSandbox({ files: { ...STARTER_PROJECT, ...OUTSIDE } });
    const next = { 'README.md': '# other\n', 'lib/deep/x.py': 'print(1)\n', 'tests/kept_test.sh': 'echo\n' };
    await replaceWorkspace(sandbox, next);
    expect(await currentWorkspace(sandbox)).toEqual(next);
    expect(await workspaceFiles(sandbox)).toEqual({ ...next, ...OUTSIDE });
    // Folders only the old workspace had are gone, not left empty.
    expect(await sandbox.exists(`${sandbox.workdir}/src`)).toBe(false);
  });

  it('turns a folder into a file and a file into a folder', async () => {
    const sandbox = new VirtualSandbox({ files: { 'a/inner.txt': 'in\n', b: 'file\n' } });
    await replaceWorkspace(sandbox, { a: 'now a file\n', 'b/inner.txt': 'now a folder\n' });
    expect(await workspaceFiles(sandbox)).toEqual({ a: 'now a file\n', 'b/inner.txt': 'now a folder\n' });
  });

  it('writes only what changed', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    const writes: string[] = [];
    const write = sandbox.writeFile.bind(sandbox);
    sandbox.writeFile = async (path, content) => {
      writes.push(path);
      await write(path, content);
    };
    await replaceWorkspace(sandbox, { ...STARTER_PROJECT, 'README.md': 'changed\n' });
    expect(writes).toEqual([`${sandbox.workdir}/README.md`]);
  });
});

describe('no run while the workspace is being replaced', () => {
  /** A sandbox whose writes wait until `release` is called. */
  function heldSandbox() {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const write = sandbox.writeFile.bind(sandbox);
    let started = () => {};
    const writing = new Promise<void>((resolve) => (started = resolve));
    sandbox.writeFile = async (path, content) => {
      started();
      await held;
      await write(path, content);
    };
    return { sandbox, release: () => release(), writing };
  }

  it('refuses a run, and another replacement, from the first write until the last', async () => {
    expect(() => refuseWhileReplacing()).not.toThrow();
    const { sandbox, release, writing } = heldSandbox();
    const replacing = replaceWorkspace(sandbox, { 'a.txt': 'a\n', 'b/c.txt': 'c\n' });
    // Refused from the start, before the tree is even read, not only once a write is under way.
    expect(() => refuseWhileReplacing()).toThrow(REPLACING_WORKSPACE);
    await writing;
    expect(() => refuseWhileReplacing()).toThrow(REPLACING_WORKSPACE);
    await expect(replaceWorkspace(sandbox, { 'other.txt': 'x' })).rejects.toThrow('still being loaded');
    release();
    await replacing;
    expect(() => refuseWhileReplacing()).not.toThrow();
    expect(await currentWorkspace(sandbox)).toEqual({ 'a.txt': 'a\n', 'b/c.txt': 'c\n' });
  });

  it('lets runs start again after a replacement that failed', async () => {
    const sandbox = new VirtualSandbox({ files: STARTER_PROJECT });
    sandbox.writeFile = async () => {
      throw new Error('disk full');
    };
    await expect(replaceWorkspace(sandbox, { 'a.txt': 'a\n' })).rejects.toThrow('disk full');
    expect(() => refuseWhileReplacing()).not.toThrow();
  });
});

describe('sessionChanges', () => {
  it("gives a stored run's first and last workspace, and their patch applies with git", async () => {
    const run = await recordedRun('demo', 'react');
    expect(run.status).toBe('completed');
    const { before, after } = await sessionChanges(run.store, run.sessionId);
    expect(before).toEqual(STARTER_PROJECT);
    expect(after).toEqual(await currentWorkspace(run.sandbox));
    expect(after).not.toEqual(before);

    const patch = workspacePatch(bytesOf(before), bytesOf(after));
    const dir = committedRepo(bytesOf(before));
    repos.push(dir);
    git(dir, ['apply', '-'], patch);
    expect(readTree(dir)).toEqual(bytesOf(after));
  });

  it('says so when the session is not stored or has no snapshot', async () => {
    const store = new MemoryStore();
    await expect(sessionChanges(store, 'missing')).rejects.toThrow('no longer stored');
    const recorded = (await recordedRun('demo', 'react')).store;
    const [session] = await recorded.listSessions();
    if (!session) throw new Error('no session');
    const events = (await recorded.loadEvents(session.id)).filter((event) => event.type !== 'workspace_snapshot');
    await store.append({ meta: session, events, blobs: [] });
    await expect(sessionChanges(store, session.id)).rejects.toThrow('no workspace snapshot');
  });
});
