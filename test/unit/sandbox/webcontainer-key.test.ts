import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bootWebContainerSandbox } from '../../../src/sandbox/webcontainer-boot';
import { keyRefusalOf, keyRefusalReason } from '../../../src/sandbox/webcontainer-key';
import { FakeWebContainer } from '../../fixtures/fake-webcontainer';

/** A fake of the two exports the boot uses, recording the order of the calls as `@webcontainer/api` would see them. */
const api = vi.hoisted(() => ({
  calls: [] as string[],
  bootError: null as unknown,
}));

vi.mock('@webcontainer/api', () => ({
  configureAPIKey: (key: string) => {
    // As the real one: a key given after boot is refused.
    if (api.calls.includes('boot')) throw new Error('`configureAPIKey` should always be called before `WebContainer.boot`');
    api.calls.push(`configureAPIKey:${key}`);
  },
  WebContainer: {
    boot: async () => {
      api.calls.push('boot');
      if (api.bootError !== null) throw api.bootError;
      return new FakeWebContainer();
    },
  },
}));

const ready = { crossOriginIsolated: true, online: true } as const;
const KEY = 'wc_api_alice_0123456789abcdef';

beforeEach(() => {
  api.calls = [];
  api.bootError = null;
});

describe('the WebContainer API key at boot', () => {
  it('is configured before the boot when set', async () => {
    const result = await bootWebContainerSandbox({ ...ready, apiKey: KEY });
    expect(result.ok).toBe(true);
    expect(api.calls).toEqual([`configureAPIKey:${KEY}`, 'boot']);
  });

  it('is not configured when empty', async () => {
    const result = await bootWebContainerSandbox({ ...ready, apiKey: '' });
    expect(result.ok).toBe(true);
    expect(api.calls).toEqual(['boot']);
  });

  it('turns a boot refused with 404 into the reason that names the key and the README', async () => {
    api.bootError = Object.assign(new Error('Request failed'), { status: 404 });
    const result = await bootWebContainerSandbox({ ...ready });
    expect(result).toEqual({ ok: false, keyRefused: 404, reason: keyRefusalReason(404, false) });
    if (result.ok) return;
    expect(result.reason).toContain('this address needs a WebContainer API key');
    expect(result.reason).toContain('“Hosting” in the README');
  });

  it('never puts the key in a reason', async () => {
    api.bootError = new Error(`iframe https://stackblitz.com/headless?client_id=${KEY} crashed`);
    const result = await bootWebContainerSandbox({ ...ready, apiKey: KEY });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).not.toContain(KEY);
    expect(result.reason).toContain('[redacted]');
  });

  it('says the key in use was refused when a key is set', async () => {
    api.bootError = new Error('403 Forbidden');
    const result = await bootWebContainerSandbox({ ...ready, apiKey: KEY });
    expect(result).toMatchObject({ ok: false, keyRefused: 403 });
    if (result.ok) return;
    expect(result.reason).toBe(keyRefusalReason(403, true));
    expect(result.reason).toContain('this address needs a WebContainer API key that allows it');
  });
});

describe('keyRefusalOf', () => {
  it.each([
    ['a status field', Object.assign(new Error('boom'), { status: 404 }), 404],
    ['a statusCode field', { statusCode: 403, message: 'x' }, 403],
    ['a status as text', { status: '404' }, 404],
    ['a response', { response: { status: 403 } }, 403],
    ['the cause', new Error('WebContainer failed', { cause: { status: 404 } }), 404],
    ['the code in the message', new Error('GET /headless returned 404'), 404],
    ['the code in other words', new Error('HTTP error (status=403)'), 403],
    ['the reason phrase', new Error('Headless page: Not Found'), 404],
    ['the reason phrase, another casing', new Error('FORBIDDEN by policy'), 403],
    ['a plain string', 'server said 404', 404],
  ] as const)('reads %s', (_what, error, status) => {
    expect(keyRefusalOf(error)).toBe(status);
  });

  it.each([
    ['another status', { status: 500, message: 'Internal Server Error' }],
    ['a timeout', new Error('WebContainer did not start within 15 s')],
    ['a number inside another', new Error('port 40404 in use, code 4031')],
    ['the one-instance error', new Error('Only a single WebContainer instance can be booted')],
    ['nothing', undefined],
  ] as const)('finds no refusal in %s', (_what, error) => {
    expect(keyRefusalOf(error)).toBeNull();
  });
});
