import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxInfo } from '../../../../src/protocol/events';
import type { EngineClient } from '../../../../src/ui/engine-client';
import { PROBE_TIMEOUT_MS, probeWebContainerHost } from '../../../../src/ui/sandbox/reachability-probe';
import { WEBCONTAINER_FAILED_KEY } from '../../../../src/ui/sandbox/remembered-failure';
import {
  type ConnectOptions,
  connectSandbox,
  type SandboxEnvironment,
  type SandboxStatus,
  sandboxStatusText,
  SWITCHED_REASON,
} from '../../../../src/ui/sandbox-connection';
import { memoryStore } from '../memory-storage';

function fakeClient(): EngineClient {
  const client: Pick<EngineClient, 'useSandbox'> = {
    useSandbox: async (host, reason): Promise<SandboxInfo> =>
      host === null ? { kind: 'virtual', label: 'Virtual sandbox', reason } : { kind: 'webcontainer', label: 'WebContainer', reason },
  };
  return client as EngineClient;
}

function environment(overrides: Partial<SandboxEnvironment> = {}): SandboxEnvironment & { probes: number; boots: number } {
  const env = {
    probes: 0,
    boots: 0,
    crossOriginIsolated: () => true,
    online: () => true,
    storage: memoryStore(),
    now: () => 5000,
    probe: async () => {
      env.probes++;
      return { ok: true as const };
    },
    boot: async () => {
      env.boots++;
      return { ok: false as const, reason: 'WebContainer did not start within 4 s (it needs network access)' };
    },
    ...overrides,
  };
  return env;
}

async function connect(env: SandboxEnvironment, options: Partial<ConnectOptions> = {}) {
  const statuses: SandboxStatus[] = [];
  const info = await connectSandbox(fakeClient(), {
    preference: 'auto',
    bootTimeoutMs: 4000,
    onStatus: (status) => statuses.push(status),
    superseded: () => false,
    environment: env,
    ...options,
  });
  return { info, statuses, last: statuses.at(-1) };
}

describe('connectSandbox', () => {
  it('falls back at once, without probing, when the browser is offline', async () => {
    const env = environment({ online: () => false });
    const { last } = await connect(env);
    expect(env.probes).toBe(0);
    expect(last).toMatchObject({ phase: 'ready', check: 'online', info: { reason: 'the browser is offline (navigator.onLine is false)' } });
  });

  it('falls back when the probe fails, offers WebContainer, and remembers the failure', async () => {
    const env = environment({ probe: async () => ({ ok: false, reason: 'the reachability probe of stackblitz.com failed (Failed to fetch)' }) });
    const { statuses, last } = await connect(env);
    expect(statuses[0]).toEqual({ phase: 'booting', since: 5000 });
    expect(last).toMatchObject({ phase: 'ready', check: 'probe', offerWebContainer: true });
    expect(env.boots).toBe(0);
    expect(JSON.parse(env.storage?.getItem(WEBCONTAINER_FAILED_KEY) ?? '')).toEqual({
      at: 5000,
      reason: 'the reachability probe of stackblitz.com failed (Failed to fetch)',
    });
  });

  describe('a browser that says it is online while every request is refused', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('settles on the virtual sandbox through the real probe when the request is refused, and never boots', async () => {
      const env = environment({ online: () => true, probe: () => probeWebContainerHost({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) }) });
      const { last } = await connect(env);
      expect(env.boots).toBe(0);
      expect(last).toEqual({
        phase: 'ready',
        check: 'probe',
        offerWebContainer: true,
        info: { kind: 'virtual', label: 'Virtual sandbox', reason: 'the reachability probe of stackblitz.com failed (Failed to fetch)' },
      });
    });

    it('settles on the virtual sandbox when the probe gets no answer, after the probe limit, inside the 3.5 s target', async () => {
      vi.useFakeTimers();
      const silent = (): Promise<Response> => new Promise<Response>(() => undefined);
      const env = environment({ online: () => true, probe: () => probeWebContainerHost({ fetch: silent }) });
      let settled = false;
      const pending = connect(env).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      const { last } = await pending;
      expect(PROBE_TIMEOUT_MS).toBeLessThan(3500);
      expect(env.boots).toBe(0);
      expect(last).toMatchObject({
        phase: 'ready',
        check: 'probe',
        info: { kind: 'virtual', reason: 'the reachability probe of stackblitz.com got no answer within 3 s' },
      });
    });
  });

  it('boots after a good probe and reports the boot failure', async () => {
    const env = environment();
    const { last } = await connect(env);
    expect([env.probes, env.boots]).toEqual([1, 1]);
    expect(last).toMatchObject({ phase: 'ready', check: 'boot', offerWebContainer: false, info: { kind: 'virtual' } });
  });

  it('starts on the virtual sandbox after a remembered failure; "Try WebContainer" forgets it and boots without probing', async () => {
    const storage = memoryStore({ [WEBCONTAINER_FAILED_KEY]: JSON.stringify({ at: 0, reason: 'timed out' }) });
    const first = await connect(environment({ storage }));
    expect(first.last).toMatchObject({ phase: 'ready', check: 'remembered', offerWebContainer: true });
    expect(first.statuses.some((status) => status.phase === 'booting')).toBe(false);

    const env = environment({ storage });
    await connect(env, { forceBoot: true });
    expect([env.probes, env.boots]).toEqual([0, 1]);
  });

  it('boots an explicit webcontainer preference despite the memory', async () => {
    const storage = memoryStore({ [WEBCONTAINER_FAILED_KEY]: JSON.stringify({ at: 0, reason: 'timed out' }) });
    const env = environment({ storage });
    const { last } = await connect(env, { preference: 'webcontainer' });
    expect([env.probes, env.boots]).toEqual([0, 1]);
    expect(last).toMatchObject({ check: 'boot' });
  });

  it('switches to the virtual sandbox at once on "Use virtual sandbox now"', async () => {
    const env = environment({ boot: () => new Promise(() => undefined) });
    const { last } = await connect(env, { preference: 'webcontainer', skipBoot: Promise.resolve() });
    expect(last).toMatchObject({ phase: 'ready', check: 'switched', info: { kind: 'virtual', reason: SWITCHED_REASON } });
  });
});

describe('sandboxStatusText', () => {
  it('shows the elapsed whole seconds while starting', () => {
    expect(sandboxStatusText({ phase: 'booting', since: 1000 }, 4999)).toBe('Starting WebContainer… 3 s');
    expect(sandboxStatusText({ phase: 'booting', since: 1000 }, 500)).toBe('Starting WebContainer… 0 s');
  });
});
