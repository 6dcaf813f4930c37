import { describe, expect, it } from 'vitest';
import { LazyVirtualSandbox } from '../../../src/sandbox/lazy-virtual';
import { VirtualSandbox } from '../../../src/sandbox/virtual';

describe('LazyVirtualSandbox', () => {
  it('describes itself before loading just-bash, exactly like the sandbox it will load', async () => {
    const lazy = new LazyVirtualSandbox({ reason: 'because' });
    const eager = new VirtualSandbox({ reason: 'because' });
    expect(lazy.info).toEqual(eager.info);
    expect(lazy.workdir).toBe(eager.workdir);
  });

  it('delegates every operation to one loaded virtual sandbox, keeping shell state', async () => {
    const lazy = new LazyVirtualSandbox({ files: { 'a.txt': 'hello\n' } });
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(second);
    expect(await lazy.readFile('/workspace/a.txt')).toBe('hello\n');
    await lazy.mkdir('/workspace/dir');
    await lazy.writeFile('/workspace/dir/b.txt', 'b');
    expect(await lazy.exists('/workspace/dir/b.txt')).toBe(true);
    expect((await lazy.listDir('/workspace')).map((e) => e.name).sort()).toEqual(['a.txt', 'dir']);
    await lazy.exec('cd dir');
    expect(await lazy.cwd()).toBe('/workspace/dir');
    const result = await lazy.exec('cat b.txt');
    expect(result.stdout).toBe('b');
    await lazy.exec('ln -s /workspace/dir/b.txt /workspace/link');
    expect(await lazy.realpath('/workspace/link')).toBe('/workspace/dir/b.txt');
    await lazy.remove('/workspace/dir', { recursive: true });
    expect(await lazy.stat('/workspace/dir')).toBeNull();
  });
});
