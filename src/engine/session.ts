import { EVENT_SCHEMA_VERSION, type EngineEvent, type EventPayload } from './events';

export type EventListener = (event: EngineEvent) => void;

const REDACTED = '[redacted]';

/**
 * Owns the event log: stamps each payload with version, sequence, time and run id,
 * keeps it, and fans it out. Registered secrets are scrubbed from every event
 * before anyone sees it, so a key echoed back by a server or a tool cannot leak.
 */
export class Session {
  private readonly log: EngineEvent[] = [];
  private readonly listeners = new Set<EventListener>();
  private readonly secrets = new Set<string>();
  private seq = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  get events(): readonly EngineEvent[] {
    return this.log;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Secrets shorter than 8 characters are ignored: scrubbing them would mangle ordinary text. */
  registerSecret(secret: string): void {
    if (secret.length >= 8) this.secrets.add(secret);
  }

  forgetSecret(secret: string): void {
    this.secrets.delete(secret);
  }

  record(runId: string, payload: EventPayload): EngineEvent {
    const stamped = { ...payload, v: EVENT_SCHEMA_VERSION, seq: this.seq++, ts: this.now(), runId } as EngineEvent;
    const event = this.secrets.size > 0 ? this.scrub(stamped) : stamped;
    this.log.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  private scrub(event: EngineEvent): EngineEvent {
    let json = JSON.stringify(event);
    let changed = false;
    for (const secret of this.secrets) {
      const encoded = JSON.stringify(secret).slice(1, -1);
      if (json.includes(encoded)) {
        json = json.split(encoded).join(REDACTED);
        changed = true;
      }
    }
    return changed ? (JSON.parse(json) as EngineEvent) : event;
  }
}
