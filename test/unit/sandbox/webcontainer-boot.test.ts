import { afterEach, describe, expect, it, vi } from 'vitest';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { bootWebContainerSandbox } from '../../../src/sandbox/webcontainer-boot';
import { controllableBoot, FakeWebContainer } from '../../fixtures/fake-webcontainer';

const ready = { crossOriginIsolated: true, online: true } as const;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('bootWebContainerSandbox', () => {
  it('refuses without cross-origin isolation, before booting', async () => {
    const boot = controllableBoot();
    const result = await bootWebContainerSandbox({ ...ready, crossOriginIsolated: false, boot: boot.boot });
    expect(result).toEqual({ ok: false, reason: 'WebContainer needs cross-origin isolation' });
    expect(boot.calls()).toBe(0);
  });

  it('refuses offline, before booting', async () => {
    const boot = controllableBoot();
    const result = await bootWebContainerSandbox({ ...ready, online: false, boot: boot.boot });
    expect(result).toEqual({ ok: false, reason: 'WebContainer needs network access' });
    expect(boot.calls()).toBe(0);
  });

  it('reads isolation and connectivity from the global scope by default', async () => {
    const boot = controllableBoot();
    vi.stubGlobal('crossOriginIsolated', false);
    expect(await bootWebContainerSandbox({ boot: boot.boot })).toMatchObject({ reason: 'WebContainer needs cross-origin isolation' });
    vi.stubGlobal('crossOriginIsolated', true);
    vi.stubGlobal('navigator', { onLine: false });
    expect(await bootWebContainerSandbox({ boot: boot.boot })).toMatchObject({ reason: 'WebContainer needs network access' });
    expect(boot.calls()).toBe(0);
  });

  it('gives up on a boot that never settles, naming the real timeout', async () => {
    const boot = controllableBoot();
    const started = Date.now();
    const result = await bootWebContainerSandbox({ ...ready, boot: boot.boot, timeoutMs: 50 });
    expect(result).toEqual({ ok: false, reason: 'WebContainer did not start within 0.05 s (it needs network access)' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('clamps the timeout to 15 s', async () => {
    vi.useFakeTimers();
    const boot = controllableBoot();
    const pending = bootWebContainerSandbox({ ...ready, boot: boot.boot, timeoutMs: 60_000 });
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, reason: 'WebContainer did not start within 15 s (it needs network access)' });
  });

  it('tears down a boot that settles after the timeout', async () => {
    const boot = controllableBoot();
    const result = await bootWebContainerSandbox({ ...ready, boot: boot.boot, timeoutMs: 20 });
    expect(result.ok).toBe(false);
    const late = new FakeWebContainer();
    boot.resolve(late);
    await vi.waitFor(() => expect(late.tornDown).toBe(true));
  });

  it('reports a boot that throws', async () => {
    const boot = controllableBoot();
    boot.reject(new Error('Unable to create more instances'));
    const result = await bootWebContainerSandbox({ ...ready, boot: boot.boot });
    expect(result).toEqual({ ok: false, reason: 'WebContainer failed to start: Unable to create more instances' });
  });

  it('mounts the files and returns a working sandbox', async () => {
    const container = new FakeWebContainer();
    const result = await bootWebContainerSandbox({ ...ready, boot: async () => container, files: STARTER_PROJECT });
    if (!result.ok) throw new Error(result.reason);
    expect(result.sandbox.info.kind).toBe('webcontainer');
    expect(result.sandbox.workdir).toBe(container.workdir);
    expect(await result.sandbox.readFile(`${container.workdir}/package.json`)).toBe(STARTER_PROJECT['package.json']);
    expect((await result.sandbox.exec('cat src/greet.sh')).stdout).toBe(STARTER_PROJECT['src/greet.sh']);
    expect(container.tornDown).toBe(false);
  });
});
