import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { workspaceAt } from '../../../src/engine/restore-workspace';
import { sessionInFragment, shareLinkFor } from '../../../src/protocol/share-fragment';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { exportSession, loadSessionFile } from '../../../src/store/session-file';
import { decodeSessionFromLink, encodeSessionForLink, SHARE_INFLATE_LIMIT_BYTES } from '../../../src/store/share-link';
import { recordedRun, workspaceFiles } from './recorded-run';

const STARTER_TEXTS = Object.values(STARTER_PROJECT);
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('share links', () => {
  it('carry a session in the fragment and give back the same events', async () => {
    const run = await recordedRun('demo', 'react');
    const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
    const link = shareLinkFor('https://team.example/phasegate/?x=1#old', await encodeSessionForLink(file, STARTER_TEXTS));
    expect(link.startsWith('https://team.example/phasegate/?x=1#session=')).toBe(true);
    expect(link).toMatch(/^[\x21-\x7e]+$/);
    const encoded = sessionInFragment(new URL(link).hash);
    const decoded = decodeSessionFromLink(encoded ?? '');
    expect(decoded.ok).toBe(true);
    const loaded = await loadSessionFile(decoded.ok ? decoded.value : null, { knownTexts: STARTER_TEXTS });
    // Streamed pieces (text deltas, tool calls being prepared) stay out; every other event comes back as it was.
    expect(run.events.some((e) => e.type === 'tool_call_preparing')).toBe(true);
    expect(loaded.ok && loaded.session.events).toEqual(run.events.filter((e) => e.type !== 'model_delta' && e.type !== 'tool_call_preparing'));
    // The starter files travel by reference: the same link read without them is missing texts.
    expect(await loadSessionFile(decoded.ok ? decoded.value : null)).toMatchObject({ ok: false, error: expect.stringContaining('missing') as unknown });
    // What the run changed, and its snapshots, are in the link itself; the final workspace comes back whole.
    expect(loaded.ok && (await workspaceAt(loaded.session.events, loaded.session.store))).toEqual(await workspaceFiles(run.sandbox));
  });

  it('keep the demo under 8 KB', async () => {
    const run = await recordedRun('demo', 'react');
    const encoded = await encodeSessionForLink(await exportSession(run.store, run.sessionId, { withoutDeltas: true }), STARTER_TEXTS);
    expect(encoded.length).toBeLessThan(8 * 1024);
  });

  it('refuse bad base64, foreign bytes, a cut-off stream and a bomb with one clear message each', () => {
    const json = new TextEncoder().encode(JSON.stringify({ format: 'phasegate-session' }));
    const whole = toBase64Url(deflateSync(json));
    const bomb = toBase64Url(deflateSync(new Uint8Array(SHARE_INFLATE_LIMIT_BYTES + 1024)));
    expect(bomb.length).toBeLessThan(20_000);
    const cases: [string, RegExp][] = [
      ['not base64 at all!', /not valid base64url/],
      [toBase64Url(new TextEncoder().encode('plain text, not deflate')), /does not unpack|cut short/],
      [whole.slice(0, Math.floor(whole.length / 2)), /cut short/],
      [bomb, /more than 10 MB/],
      [toBase64Url(deflateSync(new TextEncoder().encode('{"format": '))), /damaged or cut short/],
    ];
    for (const [input, message] of cases) {
      const decoded = decodeSessionFromLink(input);
      expect(decoded.ok, input.slice(0, 20)).toBe(false);
      if (!decoded.ok) expect(decoded.error).toMatch(message);
    }
    expect(decodeSessionFromLink(whole)).toEqual({ ok: true, value: { format: 'phasegate-session' } });
  });

  it('find the session only under its own fragment key', () => {
    expect(sessionInFragment('#session=abc')).toBe('abc');
    expect(sessionInFragment('session=abc')).toBe('abc');
    expect(sessionInFragment('#other=abc')).toBeNull();
    expect(sessionInFragment('')).toBeNull();
  });
});
