import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../src/tools/pacer';

describe('Pacer', () => {
  it('lets a timer run during work that never leaves the microtask queue', async () => {
    const pacer = new Pacer();
    let fired = false;
    setTimeout(() => (fired = true), 0);
    const until = Date.now() + 2_000;
    while (!fired && Date.now() < until) await pacer.pace();
    expect(fired).toBe(true);
  });

  it('says to stop once the signal is aborted', async () => {
    const controller = new AbortController();
    const pacer = new Pacer(controller.signal);
    expect(await pacer.pace()).toBe(true);
    controller.abort();
    expect(await pacer.pace()).toBe(false);
    expect(pacer.stopped).toBe(true);
  });
});
