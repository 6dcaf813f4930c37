import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import { type OutsideEntry, SandboxUnavailableError } from '../../../src/sandbox/port';
import { exposeSandbox } from '../../../src/sandbox/remote';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';

const BINARY = new Uint8Array([0xff, 0x00, 0x80, 0x0a]);

async function container() {
  const fake = new FakeWebContainer();
  const setup =
    'mkdir -p /tmp/d /home/user && echo small > /home/user/a.txt && echo "a longer file" > /home/user/b.txt && ln -s /home/user/a.txt /tmp/link && ln -s /nowhere /tmp/dangling && ln -s /home /tmp/dirlink';
  expect((await fake.bash.exec(setup)).exitCode).toBe(0);
  await fake.bash.fs.writeFile('/tmp/d/bin', BINARY);
  return fake;
}

const byPath = (entries: OutsideEntry[]) => new Map(entries.map((entry) => [entry.path, entry]));
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

describe("WebContainer's walk outside the workspace (by its Node.js)", () => {
  it('reads everything but the workspace and the pseudo folders, in one spawn', async () => {
    const fake = await container();
    const sandbox = new WebContainerSandbox(fake);
    const entries = byPath(await sandbox.outside.capture());
    expect(fake.spawnCalls.filter((call) => call.command === 'node')).toHaveLength(1);
    expect(entries.get('home')).toEqual({ path: 'home', kind: 'dir' });
    expect([...entries.keys()].filter((path) => path.startsWith('home/workspace') || path.startsWith('proc') || path.startsWith('dev'))).toEqual([]);
    expect(entries.get('home/user/a.txt')).toEqual({
      path: 'home/user/a.txt',
      kind: 'file',
      sha256: sha256('small\n'),
      size: 6,
      content: Buffer.from('small\n').toString('base64'),
    });
    expect(entries.get('tmp/d/bin')).toMatchObject({ sha256: sha256(BINARY), size: 4, content: Buffer.from(BINARY).toString('base64') });
  });

  it('records links by their text, never following them, with the kind of what they lead to', async () => {
    const entries = byPath(await new WebContainerSandbox(await container()).outside.capture());
    expect(entries.get('tmp/link')).toEqual({ path: 'tmp/link', kind: 'file', link: '/home/user/a.txt' });
    expect(entries.get('tmp/dangling')).toEqual({ path: 'tmp/dangling', kind: 'file', link: '/nowhere' });
    expect(entries.get('tmp/dirlink')).toEqual({ path: 'tmp/dirlink', kind: 'dir', link: '/home' });
    expect([...entries.keys()].some((path) => path.startsWith('tmp/dirlink/'))).toBe(false);
  });

  it('keeps content only within the budget: per file, and in all', async () => {
    const fake = await container();
    const entries = byPath(await new WebContainerSandbox(fake, { outsideLimits: { fileBytes: 6, keptBytes: 8 } }).outside.capture());
    expect(entries.get('home/user/b.txt')).toMatchObject({ sha256: sha256('a longer file\n'), size: 14 });
    expect(entries.get('home/user/b.txt')?.content).toBeUndefined();
    const kept = [...entries.values()].filter((entry) => entry.content !== undefined);
    expect(kept.reduce((total, entry) => total + (entry.size ?? 0), 0)).toBeLessThanOrEqual(8);
  });

  it('marks a folder whose listing passes the entry bound, rather than reading part of it', async () => {
    const fake = await container();
    const count = (await new WebContainerSandbox(fake).outside.capture()).length;
    // More names in one folder than the bound leaves room for, wherever the walk meets it.
    await fake.bash.exec(`mkdir /tmp/many && for i in $(seq 1 ${count + 20}); do touch /tmp/many/f$i; done`);
    const entries = byPath(await new WebContainerSandbox(fake, { outsideLimits: { entries: count + 10 } }).outside.capture());
    expect(entries.get('tmp/many')).toEqual({ path: 'tmp/many', kind: 'dir', beyond: true });
    expect([...entries.keys()].some((path) => path.startsWith('tmp/many/'))).toBe(false);
  });

  it('puts back bytes exactly and links as links, and names what it could not put back', async () => {
    const fake = await container();
    const sandbox = new WebContainerSandbox(fake, { outsideLimits: { fileBytes: 6 } });
    const before = byPath(await sandbox.outside.capture());
    await fake.bash.exec(
      'echo x > /tmp/d/bin && rm /tmp/link && echo not-a-link > /tmp/link && echo changed > /home/user/b.txt && mkdir -p /tmp/new/deep && touch /tmp/new/deep/f',
    );
    const restore = ['tmp/d/bin', 'tmp/link', 'home/user/b.txt'].map((path) => before.get(path)!);
    expect(await sandbox.outside.putBack(['tmp/new', 'tmp/new/deep', 'tmp/new/deep/f'], restore)).toEqual(['home/user/b.txt']);
    expect(await fake.bash.fs.readFileBuffer('/tmp/d/bin')).toEqual(BINARY);
    expect(await fake.bash.fs.readlink('/tmp/link')).toBe('/home/user/a.txt');
    expect(await fake.bash.fs.exists('/tmp/new')).toBe(false);
    expect(fake.spawnCalls.filter((call) => call.command === 'node')).toHaveLength(2);
  });

  it('uses the depth limit every walk uses', async () => {
    const fake = await container();
    await new WebContainerSandbox(fake).outside.capture();
    expect(fake.spawnCalls[0]?.args).toContain(String(MAX_PATH_DEPTH));
  });

  it('answers nothing once the container died', async () => {
    const fake = await container();
    const sandbox = new WebContainerSandbox(fake);
    fake.crashOn = 'node server.js';
    await sandbox.exec('node server.js').catch(() => undefined);
    await expect(sandbox.outside.capture()).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(sandbox.outside.putBack([], [])).rejects.toBeInstanceOf(SandboxUnavailableError);
  });

  it('is offered over the page bridge only by a sandbox that has it', async () => {
    expect((await exposeSandbox(new WebContainerSandbox(new FakeWebContainer())).describe()).readsOutside).toBe(true);
    const virtual = exposeSandbox(new VirtualSandbox({ files: {} }));
    expect((await virtual.describe()).readsOutside).toBe(false);
    expect(await virtual.captureOutside()).toMatchObject({ ok: false });
  });
});
