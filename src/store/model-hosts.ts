import { labelHost } from '../protocol/model-label';
import type { SessionFile, StoredEvent } from '../protocol/session-file';

/** What a model's address becomes in a shared session outside its labels. */
export const HIDDEN_HOST = "the model's endpoint";

/**
 * A session file for sharing without the model's address: "gpt-4o-mini @ gpu-box:8000" becomes
 * "gpt-4o-mini" in every label (the session's, each run's, each recovery's), and the address
 * anywhere else in the events (an error message naming it) becomes "the model's endpoint". The
 * workspace files (blobs) are left as they are.
 */
export function withoutModelHosts(file: SessionFile): SessionFile {
  const hosts = new Set<string>();
  const collect = (label: unknown) => {
    const host = typeof label === 'string' ? labelHost(label) : null;
    if (host !== null) hosts.add(host);
  };
  collect(file.session.model.label);
  for (const event of file.events) collect(modelLabelOf(event));
  if (hosts.size === 0) return file;
  let text = JSON.stringify({ session: file.session, events: file.events });
  // Longest first, so "gpu-box:8000" goes before a "gpu-box" that is part of it.
  for (const host of [...hosts].sort((a, b) => b.length - a.length)) {
    const inJson = JSON.stringify(host).slice(1, -1);
    text = text.split(`${JSON.stringify(` @ ${host}`).slice(1, -1)}"`).join('"');
    text = text.split(inJson).join(HIDDEN_HOST);
  }
  const { session, events } = JSON.parse(text) as Pick<SessionFile, 'session' | 'events'>;
  return { ...file, session, events };
}

function modelLabelOf(event: StoredEvent): unknown {
  if (event.type === 'run_started') {
    const model: unknown = event.model;
    return typeof model === 'object' && model !== null && 'label' in model ? model.label : undefined;
  }
  return event.type === 'recovery_finished' ? event.model : undefined;
}
