import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/port';
import { exposeSandbox, RemoteSandbox, type SandboxHost } from '../../../src/sandbox/remote';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { WebContainerSandbox } from '../../../src/sandbox/webcontainer';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';
import { codeOf } from './sandbox-error-code';

const openPorts: MessagePort[] = [];
afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

const FILES = { 'a.txt': 'alpha', 'src/b.txt': 'bravo' };

const LINKS = [
  'mkdir -p /tmp/d && echo secret > /tmp/secret.txt && echo x > /tmp/d/x.txt',
  'ln -s /tmp/secret.txt slink',
  'ln -s /tmp/d dlink',
  'ln -s src alias',
  'ln -s ../nowhere dangling',
  'ln -s loop2 loop1 && ln -s loop1 loop2',
].join(' && ');

const adapters: Record<string, () => Promise<Sandbox>> = {
  virtual: async () => new VirtualSandbox({ files: FILES }),
  webcontainer: async () => {
    const sandbox = new WebContainerSandbox(new FakeWebContainer({ workdir: '/workspace' }));
    await sandbox.mountFiles(FILES);
    return sandbox;
  },
  remote: async () => {
    const { port1, port2 } = new MessageChannel();
    openPorts.push(port1, port2);
    Comlink.expose(exposeSandbox(new VirtualSandbox({ files: FILES })), port1);
    return RemoteSandbox.connect(Comlink.wrap<SandboxHost>(port2));
  },
};

describe.each(Object.keys(adapters))('%s sandbox: symbolic links', (name) => {
  async function linked(): Promise<Sandbox> {
    const sandbox = await (adapters[name] as () => Promise<Sandbox>)();
    const made = await sandbox.exec(LINKS);
    expect(made.exitCode, made.stdout + made.stderr).toBe(0);
    return sandbox;
  }

  it('realpath leaves plain paths as they are, normalised', async () => {
    const sandbox = await linked();
    expect(await sandbox.realpath('/workspace')).toBe('/workspace');
    expect(await sandbox.realpath('/workspace/src/../a.txt')).toBe('/workspace/a.txt');
  });

  it('realpath follows links, in the last component and on the way', async () => {
    const sandbox = await linked();
    expect(await sandbox.realpath('/workspace/slink')).toBe('/tmp/secret.txt');
    expect(await sandbox.realpath('/workspace/dlink/x.txt')).toBe('/tmp/d/x.txt');
    expect(await sandbox.realpath('/workspace/alias/b.txt')).toBe('/workspace/src/b.txt');
  });

  it('realpath resolves where a missing path would be: through links, and the rest as written', async () => {
    const sandbox = await linked();
    expect(await sandbox.realpath('/workspace/dlink/new/file.txt')).toBe('/tmp/d/new/file.txt');
    expect(await sandbox.realpath('/workspace/dangling')).toBe('/nowhere');
    expect(await sandbox.realpath('/workspace/none/x')).toBe('/workspace/none/x');
  });

  it('realpath refuses a link loop with ELOOP', async () => {
    const sandbox = await linked();
    expect(await codeOf(sandbox.realpath('/workspace/loop1'))).toBe('ELOOP');
  });

  it('listDir marks symbolic links', async () => {
    const sandbox = await linked();
    const entries = await sandbox.listDir('/workspace');
    const links = entries.filter((entry) => entry.symlink).map((entry) => entry.name);
    expect(links.sort()).toEqual(['alias', 'dangling', 'dlink', 'loop1', 'loop2', 'slink']);
    expect(entries.find((entry) => entry.name === 'a.txt')?.symlink).toBeFalsy();
    expect(entries.find((entry) => entry.name === 'src')?.symlink).toBeFalsy();
  });

  it('writes through a linked directory land in its target', async () => {
    const sandbox = await linked();
    await sandbox.writeFile('/workspace/alias/new.txt', 'new');
    expect(await sandbox.readFile('/workspace/src/new.txt')).toBe('new');
    await sandbox.mkdir('/workspace/alias/sub/deeper', { recursive: true });
    expect(await sandbox.stat('/workspace/src/sub/deeper')).toMatchObject({ type: 'dir' });
  });
});
