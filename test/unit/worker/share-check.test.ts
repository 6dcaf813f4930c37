import { describe, expect, it } from 'vitest';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION, type SessionFile } from '../../../src/protocol/session-file';
import { shareLinkFor } from '../../../src/protocol/share-fragment';
import { sha256Hex } from '../../../src/store/hash';
import { encodeSessionForLink } from '../../../src/store/share-link';
import { fileHoldsSecret, linkHoldsSecret } from '../../../src/worker/share-check';

const KEY = 'sk-share-0123456789abcdef';

/** A session file whose one snapshot blob holds `text` (as a session stored before snapshots were redacted would). */
async function sessionHolding(text: string): Promise<SessionFile> {
  const hash = await sha256Hex(text);
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    session: {
      id: 'run-1',
      task: 'configure',
      createdAt: 1,
      updatedAt: 2,
      status: 'completed',
      mode: 'react',
      model: { kind: 'scripted', name: 'demo', label: 'Demo' },
      sandbox: 'virtual',
      eventCount: 0,
      runs: 1,
      bytes: 10,
    },
    events: [],
    blobs: { [hash]: text },
  };
}

describe('the Share dialog’s key check', () => {
  it('finds a key inside a link made by the real encoder, where the link text shows none', async () => {
    const encoded = await encodeSessionForLink(await sessionHolding(`OPENAI_API_KEY=${KEY}\n`));
    const link = shareLinkFor('https://phasegate.example/', encoded);
    // What the dialog checked before: the compressed text never shows the key.
    expect(link.includes(KEY)).toBe(false);
    expect(linkHoldsSecret(encoded, [KEY])).toBe(true);
  });

  it('passes a link without the key, and one when no key is set', async () => {
    const encoded = await encodeSessionForLink(await sessionHolding('OPENAI_API_KEY=[redacted]\n'));
    expect(linkHoldsSecret(encoded, [KEY])).toBe(false);
    expect(linkHoldsSecret(await encodeSessionForLink(await sessionHolding(KEY)), [])).toBe(false);
  });

  it('finds a key the JSON text escapes', async () => {
    const key = 'sk-"quoted"\\key-0123';
    const text = JSON.stringify(await sessionHolding(`KEY=${key}`));
    expect(text.includes(key)).toBe(false);
    expect(fileHoldsSecret(text, [key])).toBe(true);
    expect(linkHoldsSecret(await encodeSessionForLink(await sessionHolding(`KEY=${key}`)), [key])).toBe(true);
  });

  it('treats a link or file it cannot read as holding the key', () => {
    expect(linkHoldsSecret('not base64!', [KEY])).toBe(true);
    expect(fileHoldsSecret('{ cut short', [KEY])).toBe(true);
  });
});
