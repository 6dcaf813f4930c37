import { describe, expect, it, vi } from 'vitest';
import { isolationStep, registerServiceWorker, type RegistrationEnvironment, RELOAD_FLAG } from '../../../src/ui/service-worker-registration';

describe('when the page reloads for isolation', () => {
  const base = { isolated: false, controlled: false, active: false, reloadedBefore: false };

  it('does nothing when the page is already isolated (the host sends the headers)', () => {
    expect(isolationStep({ ...base, isolated: true })).toBe('none');
    expect(isolationStep({ ...base, isolated: true, active: true })).toBe('none');
  });

  it('waits for the new worker to take control on a first visit, then reloads', () => {
    expect(isolationStep(base)).toBe('reload-when-controlled');
  });

  it('reloads at once when a worker is active but this load bypassed it', () => {
    expect(isolationStep({ ...base, active: true })).toBe('reload');
  });

  it('never reloads twice, and never when the worker served the page and isolation still failed', () => {
    expect(isolationStep({ ...base, reloadedBefore: true })).toBe('none');
    expect(isolationStep({ ...base, active: true, reloadedBefore: true })).toBe('none');
    expect(isolationStep({ ...base, controlled: true, active: true })).toBe('none');
  });
});

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registered: Array<{ url: string; scope: string | undefined }> = [];
  constructor(
    private readonly registration: { active: object | null },
    private readonly fail = false,
  ) {
    super();
  }
  async register(url: string, options?: { scope?: string }): Promise<unknown> {
    if (this.fail) throw new Error('blocked');
    this.registered.push({ url, scope: options?.scope });
    return this.registration;
  }
}

function environment(container: FakeContainer | undefined, overrides: Partial<RegistrationEnvironment> = {}) {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  const reload = vi.fn();
  const env: RegistrationEnvironment = {
    dev: false,
    container: container as unknown as ServiceWorkerContainer,
    isolated: false,
    storage,
    reload,
    loaded: Promise.resolve(),
    scriptUrl: '/sw.js',
    scope: '/',
    ...overrides,
  };
  return { env, values, reload };
}

describe('registering the worker', () => {
  it('registers /sw.js for the whole site', async () => {
    const container = new FakeContainer({ active: null });
    await registerServiceWorker(environment(container, { isolated: true }).env);
    expect(container.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
  });

  it('does not register in dev or without service worker support', async () => {
    const container = new FakeContainer({ active: null });
    await registerServiceWorker(environment(container, { dev: true }).env);
    expect(container.registered).toEqual([]);
    await expect(registerServiceWorker(environment(undefined).env)).resolves.toBeUndefined();
  });

  it('reloads once when the worker takes control of a page that is not isolated', async () => {
    const container = new FakeContainer({ active: null });
    const { env, values, reload } = environment(container);
    await registerServiceWorker(env);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(values.has(RELOAD_FLAG)).toBe(true);

    // After the reload the page is still not isolated: it carries on, no second reload.
    const again = new FakeContainer({ active: {} });
    again.controller = {};
    const second = environment(again, { storage: env.storage, reload });
    await registerServiceWorker(second.env);
    again.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clears the flag once a page load is isolated, and never reloads an isolated page', async () => {
    const container = new FakeContainer({ active: {} });
    const { env, values, reload } = environment(container, { isolated: true });
    values.set(RELOAD_FLAG, '1');
    await registerServiceWorker(env);
    container.dispatchEvent(new Event('controllerchange'));
    expect(values.has(RELOAD_FLAG)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload without sessionStorage, and survives a failed registration', async () => {
    const noStorage = environment(new FakeContainer({ active: {} }), { storage: undefined });
    await registerServiceWorker(noStorage.env);
    expect(noStorage.reload).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = environment(new FakeContainer({ active: null }, true));
    await expect(registerServiceWorker(failing.env)).resolves.toBeUndefined();
    expect(failing.reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('blocked'));
    warn.mockRestore();
  });
});
