import { heldPrefixLength } from '../protocol/held-prefix';
import { redactSecrets } from '../protocol/redact-secrets';

/**
 * Redacts secrets from text that arrives in pieces (model deltas, command output).
 * A secret split across two pieces is invisible to a per-event scrub, so the tail
 * of each piece that could be the start of a secret is held back until the next
 * piece (or the end) shows whether it is one.
 */
export class StreamRedactor {
  private pending = '';

  constructor(private readonly secrets: () => Iterable<string>) {}

  /** Text safe to pass on now; may be empty when all of it is held back. */
  push(piece: string): string {
    const text = redactSecrets(this.pending + piece, this.secrets());
    const held = heldBackLength(text, this.secrets());
    this.pending = text.slice(text.length - held);
    return text.slice(0, text.length - held);
  }

  /** Whatever is held back, at the end of the stream. */
  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  get holding(): boolean {
    return this.pending !== '';
  }
}

/** Length of the longest tail of `text` that is a proper prefix of some secret. */
function heldBackLength(text: string, secrets: Iterable<string>): number {
  let longest = 0;
  for (const secret of secrets) longest = Math.max(longest, heldPrefixLength(text, secret));
  return longest;
}
