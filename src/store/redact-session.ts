import { redactSecrets, usableSecrets, withJsonForms } from '../protocol/redact-secrets';
import type { SessionFile } from '../protocol/session-file';
import { sha256Hex } from './hash';

/**
 * A session file with `secrets` redacted everywhere, for an export of a session stored before
 * snapshots kept the key out. A blob whose text changes gets a new hash, and every text that
 * named the old hash (snapshot manifests, then the events) is rewritten to name the new one, so
 * the file still passes its checksum checks. A file without the secrets comes back as it is.
 */
export async function redactSessionFile(file: SessionFile, secrets: Iterable<string>): Promise<SessionFile> {
  const list = usableSecrets(secrets);
  const inJson = withJsonForms(list);
  if (!inJson.some((secret) => JSON.stringify(file).includes(secret))) return file;
  const blobs = new Map(Object.entries(file.blobs));
  const renamed = new Map<string, string>();
  const rename = (text: string): string => {
    let out = text;
    for (const [from, to] of renamed) if (out.includes(from)) out = out.split(from).join(to);
    return out;
  };
  // Files change first, then the manifests naming them: repeat until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const [hash, text] of [...blobs]) {
      const next = rename(redactSecrets(text, list));
      if (next === text) continue;
      const nextHash = await sha256Hex(next);
      blobs.delete(hash);
      blobs.set(nextHash, next);
      renamed.set(hash, nextHash);
      changed = true;
    }
  }
  const rest = rename(redactSecrets(JSON.stringify({ session: file.session, events: file.events }), inJson));
  const { session, events } = JSON.parse(rest) as Pick<SessionFile, 'session' | 'events'>;
  return { ...file, session, events, blobs: Object.fromEntries(blobs) };
}
