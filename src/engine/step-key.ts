/**
 * What makes two agent steps "the same" for loop detection: the tool, its arguments with
 * cosmetic differences removed, what it returned with volatile bits masked, and the workspace.
 */

/**
 * Arguments as one canonical text: object keys sorted, strings trimmed with whitespace runs collapsed
 * to one space (so a re-indented search text counts as the same call). `null` means the model's text
 * was not JSON; the raw text is used then, whitespace collapsed the same way.
 */
export function normaliseArguments(args: unknown, rawArguments: string): string {
  if (args === null) return `raw:${collapse(rawArguments)}`;
  return JSON.stringify(canonical(args)) ?? 'undefined';
}

function canonical(value: unknown): unknown {
  if (typeof value === 'string') return collapse(value);
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]));
  }
  return value;
}

function collapse(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The volatile bits of a result, masked so two runs of the same command compare equal. Deliberately
 * few and plain: ANSI colour codes; ISO-8601 timestamps and clock times (12:03:44); durations
 * ("12.3 ms", "0.8s", "2 min"); paths under /tmp, /var/folders and a Windows Temp folder.
 */
const VOLATILE: readonly [RegExp, string][] = [
  [/\x1b\[[0-9;?]*[A-Za-z]/g, ''],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [/\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, '<time>'],
  [/\b\d+(?:[.,]\d+)?\s?(?:ns|µs|us|ms|s|secs?|seconds?|mins?|minutes?|h)\b/g, '<duration>'],
  [/(?:\/private)?(?:\/tmp|\/var\/folders)\/[^\s'"`),;]+/g, '<tmp>'],
  [/\b[A-Za-z]:\\[^\s'"`]*?\\Temp\\[^\s'"`),;]+/gi, '<tmp>'],
];

export function normaliseResult(text: string): string {
  let out = text;
  for (const [pattern, mask] of VOLATILE) out = out.replace(pattern, mask);
  return out.replace(/[ \t]+$/gm, '').trimEnd();
}

/**
 * A short, synchronous, non-cryptographic hash (cyrb53) as 14 hex digits. The detector only compares
 * keys within a window of a few dozen steps, where a 53-bit collision is not a practical concern,
 * and WebCrypto's digest is asynchronous.
 */
export function shortHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

export interface StepFacts {
  tool: string;
  /** Parsed arguments, or null when the model's text was not JSON (as the tool_call event has them). */
  args: unknown;
  rawArguments: string;
  /** The result text the model read. */
  resultText: string;
  ok: boolean;
  /** Opaque; changes whenever a workspace file changed (the engine passes the last snapshot manifest). */
  workspaceDigest: string;
}

/** `tool#args#result#workspace`, each part hashed. */
export function stepKey(step: StepFacts): string {
  const args = shortHash(normaliseArguments(step.args, step.rawArguments));
  const result = shortHash(`${step.ok ? 'ok' : 'failed'}\n${normaliseResult(step.resultText)}`);
  return `${step.tool}#${args}#${result}#${shortHash(step.workspaceDigest)}`;
}

/** The call as a person reads it in a nudge: `read_file {"path":"README.md"}`, cut to `max` characters. */
export function describeCall(step: Pick<StepFacts, 'tool' | 'args' | 'rawArguments'>, max = 120): string {
  const args = step.args === null ? collapse(step.rawArguments) : normaliseArguments(step.args, step.rawArguments);
  const text = `${step.tool} ${args}`;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
