import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxInfo } from '../../../../src/protocol/events';
import { WebContainerSandbox } from '../../../../src/sandbox/webcontainer';
import { keyRefusalReason } from '../../../../src/sandbox/webcontainer-key';
import type { EngineClient } from '../../../../src/ui/engine-client';
import { NO_PYTHON_WARNING, PYTHON_WORKSPACE_REASON } from '../../../../src/ui/sandbox/python-workspace';
import { PROBE_TIMEOUT_MS, probeWebContainerHost } from '../../../../src/ui/sandbox/reachability-probe';
import { WEBCONTAINER_FAILED_KEY } from '../../../../src/ui/sandbox/remembered-failure';
import {
  type ConnectOptions,
  connectSandbox,
  oncePerPage,
  RELOAD_FOR_KEY_REASON,
  type SandboxEnvironment,
  type SandboxStatus,
  sandboxStatusText,
  SWITCHED_REASON,
} from '../../../../src/ui/sandbox-connection';
import { FakeWebContainer } from '../../../fixtures/fake-webcontainer';
import { memoryStore } from '../memory-storage';

function fakeClient(): EngineClient {
  const client: Pick<EngineClient, 'useSandbox'> = {
    useSandbox: async (host, reason): Promise<SandboxInfo> =>
      host === null ? { kind: 'virtual', label: 'Virtual sandbox', reason } : { kind: 'webcontainer', label: 'WebContainer', reason },
  };
  return client as EngineClient;
}

function environment(overrides: Partial<SandboxEnvironment> = {}): SandboxEnvironment & { probes: number; boots: number; calls: string[] } {
  const env = {
    probes: 0,
    boots: 0,
    /** Probes and boots in order. */
    calls: [] as string[],
    crossOriginIsolated: () => true,
    online: () => true,
    storage: memoryStore(),
    now: () => 5000,
    probe: async () => {
      env.probes++;
      env.calls.push('probe');
      return { ok: true as const };
    },
    boot: async () => {
      env.boots++;
      env.calls.push('boot');
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
    // No probe before the boot; the one after the failed boot looks for StackBlitz's 403/404.
    expect(env.calls).toEqual(['boot', 'probe']);
  });

  it('boots an explicit webcontainer preference despite the memory', async () => {
    const storage = memoryStore({ [WEBCONTAINER_FAILED_KEY]: JSON.stringify({ at: 0, reason: 'timed out' }) });
    const env = environment({ storage });
    const { last } = await connect(env, { preference: 'webcontainer' });
    expect(env.calls).toEqual(['boot', 'probe']);
    expect(last).toMatchObject({ check: 'boot' });
  });

  it('switches to the virtual sandbox at once on "Use virtual sandbox now"', async () => {
    const env = environment({ boot: () => new Promise(() => undefined) });
    const { last } = await connect(env, { preference: 'webcontainer', skipBoot: Promise.resolve() });
    expect(last).toMatchObject({ phase: 'ready', check: 'switched', info: { kind: 'virtual', reason: SWITCHED_REASON } });
  });
});

describe('connectSandbox and the WebContainer API key', () => {
  const KEY = 'wc_api_page_0123456789abcdef';

  it('hands the key to the probe and to the boot', async () => {
    const seen: string[] = [];
    const env = environment({
      probe: async (apiKey) => (seen.push(`probe:${apiKey}`), { ok: true }),
      boot: async (_timeout, apiKey) => (seen.push(`boot:${apiKey}`), { ok: false, reason: 'no' }),
    });
    await connect(env, { webcontainerApiKey: KEY });
    expect(seen).toEqual([`probe:${KEY}`, `boot:${KEY}`]);
  });

  it('says this address needs a key when the probe reads a 404, remembers it, and never boots', async () => {
    const env = environment({ probe: () => probeWebContainerHost({ fetch: async () => new Response(null, { status: 404 }) }) });
    const { last } = await connect(env);
    expect(env.boots).toBe(0);
    expect(last).toMatchObject({ phase: 'ready', check: 'probe', offerWebContainer: true, info: { kind: 'virtual', reason: keyRefusalReason(404, false) } });
    expect(sandboxStatusText(last as SandboxStatus)).toBe(
      'Offline sandbox (no network) — StackBlitz answered 404: this address needs a WebContainer API key (Settings → WebContainer API key; see “Hosting” in the README)',
    );
    expect(env.storage?.getItem(WEBCONTAINER_FAILED_KEY)).toContain('this address needs a WebContainer API key');
  });

  it('explains a boot that hung on an explicit WebContainer by the 403 the probe reads afterwards', async () => {
    const calls: string[] = [];
    const env = environment({
      probe: async () => (calls.push('probe'), { ok: false, reason: keyRefusalReason(403, true), keyRefused: 403 }),
      boot: async () => (calls.push('boot'), { ok: false, reason: 'WebContainer did not start within 15 s (it needs network access)' }),
    });
    const { last } = await connect(env, { preference: 'webcontainer', webcontainerApiKey: KEY });
    expect(calls).toEqual(['boot', 'probe']);
    expect(last).toMatchObject({ check: 'boot', info: { kind: 'virtual', reason: keyRefusalReason(403, true) } });
  });

  it('keeps a boot failure as it is when the probe afterwards finds no refusal', async () => {
    const env = environment();
    const { last } = await connect(env, { preference: 'webcontainer' });
    expect(last).toMatchObject({ check: 'boot', info: { reason: 'WebContainer did not start within 4 s (it needs network access)' } });
  });

  it('never shows, stores or hands the worker a reason with the key in it', async () => {
    const handed: string[] = [];
    const client = {
      useSandbox: async (_host: unknown, reason: string): Promise<SandboxInfo> => (handed.push(reason), { kind: 'virtual', label: 'Virtual sandbox', reason }),
    } as unknown as EngineClient;
    const env = environment({ probe: async () => ({ ok: false, reason: `the probe of https://stackblitz.com/headless?client_id=${KEY} failed` }) });
    const statuses: SandboxStatus[] = [];
    await connectSandbox(client, {
      preference: 'auto',
      bootTimeoutMs: 4000,
      webcontainerApiKey: KEY,
      onStatus: (status) => statuses.push(status),
      superseded: () => false,
      environment: env,
    });
    const everything = JSON.stringify({ handed, statuses, stored: env.storage?.getItem(WEBCONTAINER_FAILED_KEY) });
    expect(everything).not.toContain(KEY);
    expect(everything).toContain('client_id=[redacted]');
  });

  it('forgets a remembered failure when the key changed, and probes again', async () => {
    const storage = memoryStore({ [WEBCONTAINER_FAILED_KEY]: JSON.stringify({ at: 0, reason: keyRefusalReason(404, false) }) });
    const env = environment({ storage });
    await connect(env, { webcontainerApiKey: KEY, forgetRemembered: true });
    expect(env.calls).toEqual(['probe', 'boot']);
  });
});

describe('connectSandbox and a workspace with Python files', () => {
  it("takes the virtual sandbox on 'auto' and says why, without probing or booting", async () => {
    const env = environment();
    const { last } = await connect(env, { pythonWorkspace: true });
    expect(env.calls).toEqual([]);
    expect(last).toMatchObject({ phase: 'ready', check: 'python', info: { kind: 'virtual', reason: PYTHON_WORKSPACE_REASON } });
    expect(sandboxStatusText(last as SandboxStatus)).toBe('Offline sandbox (no network) — this workspace has Python files, and WebContainer has no Python');
  });

  it('boots WebContainer when the user chose it, and warns that python3 is not there', async () => {
    const env = environment({ boot: async () => ({ ok: true, sandbox: new WebContainerSandbox(new FakeWebContainer()) }) });
    const { last } = await connect(env, { preference: 'webcontainer', pythonWorkspace: true });
    expect(last).toMatchObject({ phase: 'ready', check: 'boot', info: { kind: 'webcontainer' }, warning: NO_PYTHON_WARNING });
    expect(sandboxStatusText(last as SandboxStatus)).toBe(`WebContainer — booted on this page; ${NO_PYTHON_WARNING}`);
    expect(sandboxStatusText(last as SandboxStatus)).toContain('python3 is not available');
  });

  it('gives no warning for a workspace without Python files', async () => {
    const env = environment({ boot: async () => ({ ok: true, sandbox: new WebContainerSandbox(new FakeWebContainer()) }) });
    const { last } = await connect(env, { preference: 'webcontainer', pythonWorkspace: false });
    expect(last).toMatchObject({ phase: 'ready', check: 'boot' });
    expect(last).not.toHaveProperty('warning');
  });
});

describe('oncePerPage', () => {
  it('boots once, and gives a later ask with the same key the same outcome', async () => {
    const starts: string[] = [];
    const boot = oncePerPage(async (_timeout, apiKey) => (starts.push(apiKey), { ok: false, reason: 'timed out' }));
    expect(await boot(4000, 'wc_api_first_000000')).toEqual({ ok: false, reason: 'timed out' });
    expect(await boot(4000, 'wc_api_first_000000')).toEqual({ ok: false, reason: 'timed out' });
    expect(starts).toEqual(['wc_api_first_000000']);
  });

  it('says to reload when a failed boot is asked again with a new key, and never boots twice', async () => {
    const starts: string[] = [];
    const boot = oncePerPage(async (_timeout, apiKey) => (starts.push(apiKey), { ok: false, reason: 'timed out' }));
    await boot(4000, '');
    expect(await boot(4000, 'wc_api_new_key_000000')).toEqual({ ok: false, reason: RELOAD_FOR_KEY_REASON });
    expect(starts).toEqual(['']);
  });

  it('keeps a container that started, whatever key is asked for later', async () => {
    const sandbox = new WebContainerSandbox(new FakeWebContainer());
    const boot = oncePerPage(async () => ({ ok: true, sandbox }));
    await boot(4000, '');
    expect(await boot(4000, 'wc_api_new_key_000000')).toEqual({ ok: true, sandbox });
  });
});

describe('sandboxStatusText', () => {
  it('shows the elapsed whole seconds while starting', () => {
    expect(sandboxStatusText({ phase: 'booting', since: 1000 }, 4999)).toBe('Starting WebContainer… 3 s');
    expect(sandboxStatusText({ phase: 'booting', since: 1000 }, 500)).toBe('Starting WebContainer… 0 s');
  });
});
