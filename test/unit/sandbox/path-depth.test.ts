import { describe, expect, it } from 'vitest';
import { captureTree } from '../../../src/engine/workspace-tree';
import { MAX_PATH_DEPTH } from '../../../src/protocol/path-depth';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

/** "d0/d1/…" with `count` folders. */
const chain = (count: number, name = 'd') => Array.from({ length: count }, (_, i) => `${name}${i}`).join('/');

describe('the virtual sandbox keeps every path within MAX_PATH_DEPTH of the workspace root', () => {
  it('lets mkdir -p and a redirection reach the limit, and refuses one folder more without creating anything', async () => {
    const sandbox = new VirtualSandbox();
    expect((await sandbox.exec(`mkdir -p ${chain(MAX_PATH_DEPTH)}`)).exitCode).toBe(0);
    expect((await sandbox.exec(`echo x > ${chain(MAX_PATH_DEPTH - 1)}/f`)).exitCode).toBe(0);

    const mkdir = await sandbox.exec(`mkdir -p ${chain(MAX_PATH_DEPTH + 1)}`);
    expect(mkdir.exitCode).not.toBe(0);
    expect(mkdir.stderr).toContain('deeper than');
    const redirect = await sandbox.exec(`echo x > ${chain(MAX_PATH_DEPTH)}/f`);
    expect(redirect.exitCode).not.toBe(0);
    expect(await sandbox.exists(`/workspace/${chain(MAX_PATH_DEPTH)}/f`)).toBe(false);
    expect(await sandbox.exists(`/workspace/${chain(MAX_PATH_DEPTH + 1)}`)).toBe(false);
  });

  it('refuses a copy, a move or an archive that would land deeper, and a link that leads there', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec(`mkdir -p src/${chain(MAX_PATH_DEPTH - 2)} && echo x > src/${chain(MAX_PATH_DEPTH - 2)}/f && mkdir -p ${chain(4, 'e')}`);
    const deepest = (to: string) => `/workspace/${to}/src/${chain(MAX_PATH_DEPTH - 2)}`;
    expect((await sandbox.exec(`cp -r src ${chain(4, 'e')}/`)).exitCode).not.toBe(0);
    expect(await sandbox.exists(deepest(chain(4, 'e')))).toBe(false);
    expect((await sandbox.exec(`mv src ${chain(4, 'e')}/`)).exitCode).not.toBe(0);
    expect(await sandbox.exists(deepest(chain(4, 'e')))).toBe(false);
    expect(await sandbox.exists(`/workspace/src/${chain(MAX_PATH_DEPTH - 2)}/f`)).toBe(true);
    await sandbox.exec(`tar -cf t.tar src`);
    await sandbox.exec('tar -xf /workspace/t.tar', { cwd: `/workspace/${chain(4, 'e')}` });
    expect(await sandbox.exists(deepest(chain(4, 'e')))).toBe(false);

    await sandbox.exec(`ln -s src/${chain(MAX_PATH_DEPTH - 2)} l`);
    expect((await sandbox.exec('mkdir l/x')).exitCode).toBe(0);
    expect((await sandbox.exec('mkdir l/x/y')).exitCode).not.toBe(0);
    expect((await sandbox.exec('echo x > l/x/g')).exitCode).not.toBe(0);
    expect((await sandbox.exec('ln -s /workspace l/x/z')).exitCode).not.toBe(0);
    expect((await sandbox.exec(`find src/${chain(MAX_PATH_DEPTH - 2)}/x`)).stdout.trim().split('\n')).toEqual([`src/${chain(MAX_PATH_DEPTH - 2)}/x`]);
  });

  it('refuses the same through the file API, outside the workspace as well', async () => {
    const sandbox = new VirtualSandbox();
    await expect(sandbox.mkdir(`/workspace/${chain(MAX_PATH_DEPTH + 1)}`, { recursive: true })).rejects.toThrow(/deeper than/);
    await expect(sandbox.writeFile(`/workspace/${chain(MAX_PATH_DEPTH)}/f`, 'x')).rejects.toThrow(/deeper than/);
    expect(await sandbox.exists('/workspace/d0')).toBe(false);
    expect((await sandbox.exec(`mkdir -p /tmp/${chain(MAX_PATH_DEPTH)}`)).exitCode).not.toBe(0);
    expect(await sandbox.exists('/tmp/d0')).toBe(false);
  });

  it('so the gate sees the deepest file a command can write', async () => {
    const sandbox = new VirtualSandbox();
    await sandbox.exec(`mkdir -p ${chain(MAX_PATH_DEPTH - 1)} && echo x > ${chain(MAX_PATH_DEPTH - 1)}/f`);
    const tree = await captureTree(sandbox, sandbox.workdir, () => false);
    expect(tree.get(`${chain(MAX_PATH_DEPTH - 1)}/f`)).toEqual({ kind: 'file', content: 'x\n' });
  });
});
