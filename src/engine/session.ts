import { type EngineEvent, EVENT_SCHEMA_VERSION, type EventPayload } from '../protocol/events';
import { MIN_SECRET_LENGTH, redactSecrets } from '../protocol/redact-secrets';
import { StreamRedactor } from './stream-redactor';

export type EventListener = (event: EngineEvent) => void;

type StreamPayload = EventPayload<'model_delta'> | EventPayload<'command_output'>;

/** An open stream of pieces: its redactor and how to turn held-back text into an event again. */
interface OpenStream {
  runId: string;
  redactor: StreamRedactor;
  rebuild: (text: string) => StreamPayload;
}

/**
 * Owns the event log: stamps each payload with version, sequence, time and run id,
 * keeps it, and fans it out. Registered secrets are scrubbed from every event
 * before anyone sees it, so a key echoed back by a server or a tool cannot leak,
 * not even when it arrives split across two streamed pieces.
 */
export class Session {
  private readonly log: EngineEvent[] = [];
  private readonly listeners = new Set<EventListener>();
  private readonly secrets = new Set<string>();
  private readonly streams = new Map<string, OpenStream>();
  private seq = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  get events(): readonly EngineEvent[] {
    return this.log;
  }

  /** Numbers the next events after `seq`: a resumed run goes on after its stored log. */
  continueAfter(seq: number): void {
    this.seq = Math.max(this.seq, seq + 1);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Secrets shorter than 8 characters are ignored: scrubbing them would mangle ordinary text. */
  registerSecret(secret: string): void {
    if (secret.length >= MIN_SECRET_LENGTH) this.secrets.add(secret);
  }

  /** The secrets registered so far (what exports of this engine's workspace redact). */
  get registeredSecrets(): readonly string[] {
    return [...this.secrets];
  }

  /** `text` with the registered secrets redacted: file contents before they are stored in a snapshot. */
  redact(text: string): string {
    return redactSecrets(text, this.secrets);
  }

  forgetSecret(secret: string): void {
    this.secrets.delete(secret);
  }

  /**
   * Records an event. A streamed piece whose tail might begin a secret is held
   * back (null is returned when nothing of it could be recorded yet); an event
   * that is not a streamed piece first releases what the streams hold, so each
   * stream's text stays in order and ends before the events that follow it.
   */
  record(runId: string, payload: EventPayload): EngineEvent | null {
    const key = streamKey(payload);
    if (key === null) this.flush();
    if (key === null || this.secrets.size === 0) return this.append(runId, payload);
    const stream = this.openStream(key, runId, payload as StreamPayload);
    const text = stream.redactor.push(payload.type === 'model_delta' ? payload.text : (payload as EventPayload<'command_output'>).chunk);
    return text === '' ? null : this.append(runId, stream.rebuild(text));
  }

  /** Releases every held-back piece (the end of a run). */
  flush(): void {
    for (const [key, stream] of this.streams) {
      this.streams.delete(key);
      const rest = stream.redactor.flush();
      if (rest !== '') this.append(stream.runId, stream.rebuild(rest));
    }
  }

  private openStream(key: string, runId: string, payload: StreamPayload): OpenStream {
    let stream = this.streams.get(key);
    if (!stream) {
      const rebuild = (text: string): StreamPayload => (payload.type === 'model_delta' ? { ...payload, text } : { ...payload, chunk: text });
      stream = { runId, redactor: new StreamRedactor(() => this.secrets), rebuild };
      this.streams.set(key, stream);
    }
    return stream;
  }

  private append(runId: string, payload: EventPayload): EngineEvent {
    const stamped = { ...wholeMilliseconds(payload), v: EVENT_SCHEMA_VERSION, seq: this.seq++, ts: this.now(), runId } as EngineEvent;
    const event = this.secrets.size > 0 ? this.scrub(stamped) : stamped;
    this.log.push(event);
    for (const listener of this.listeners) listener(event);
    return event;
  }

  private scrub(event: EngineEvent): EngineEvent {
    const json = JSON.stringify(event);
    // Secrets as they appear inside JSON strings.
    const scrubbed = redactSecrets(
      json,
      [...this.secrets].map((secret) => JSON.stringify(secret).slice(1, -1)),
    );
    return scrubbed === json ? event : (JSON.parse(scrubbed) as EngineEvent);
  }
}

/**
 * A duration to the whole millisecond: performance.now()'s fractions (28.22488999999996) say
 * nothing the Timeline shows, and their digits do not compress: a share link paid ~80 characters.
 */
function wholeMilliseconds(payload: EventPayload): EventPayload {
  return 'durationMs' in payload && typeof payload.durationMs === 'number' ? { ...payload, durationMs: Math.round(payload.durationMs) } : payload;
}

/** Pieces of one stream share a key: the model's reply text, or one command's stdout or stderr. */
function streamKey(payload: EventPayload): string | null {
  if (payload.type === 'model_delta') return 'model';
  if (payload.type === 'command_output') return `command:${payload.callId}:${payload.stream}`;
  return null;
}
