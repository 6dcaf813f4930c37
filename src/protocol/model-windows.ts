/**
 * What is known about well-known models by their id: the context window, the most output tokens a
 * reply may ask for, and whether the model is a reasoning model (which refuses a temperature other
 * than its default and wants `max_completion_tokens`). Matched by prefix on the model id, lower-cased,
 * without a provider's "vendor/" part ("openai/gpt-4o-mini" is gpt-4o-mini), the longest prefix
 * winning, and only at a word boundary ("gpt-4o" matches "gpt-4o-2024-08-06" and "gpt-4o:latest",
 * not "gpt-4omega"). Anything else is unknown: its window is 32,000 tokens unless Settings say more.
 */
export interface KnownModel {
  /** The id prefix this entry covers. */
  readonly prefix: string;
  readonly contextWindow: number;
  /** The most a reply may ask for; unknown when absent. */
  readonly maxOutputTokens?: number;
  /** o1, o3, o4 and gpt-5: no temperature, `max_completion_tokens` instead of `max_tokens`. */
  readonly reasoning?: boolean;
}

/** The window of a model this table does not know (nor Settings): small enough for any served model. */
export const UNKNOWN_MODEL_CONTEXT_WINDOW = 32_000;

export const KNOWN_MODELS: readonly KnownModel[] = [
  { prefix: 'gpt-4o', contextWindow: 128_000, maxOutputTokens: 16_384 },
  { prefix: 'gpt-4o-mini', contextWindow: 128_000, maxOutputTokens: 16_384 },
  { prefix: 'gpt-4-turbo', contextWindow: 128_000, maxOutputTokens: 4_096 },
  { prefix: 'gpt-4.1', contextWindow: 1_047_576, maxOutputTokens: 32_768 },
  { prefix: 'gpt-3.5-turbo', contextWindow: 16_385, maxOutputTokens: 4_096 },
  { prefix: 'gpt-5', contextWindow: 400_000, maxOutputTokens: 128_000, reasoning: true },
  { prefix: 'o1', contextWindow: 200_000, maxOutputTokens: 100_000, reasoning: true },
  { prefix: 'o1-mini', contextWindow: 128_000, maxOutputTokens: 65_536, reasoning: true },
  { prefix: 'o3', contextWindow: 200_000, maxOutputTokens: 100_000, reasoning: true },
  { prefix: 'o4-mini', contextWindow: 200_000, maxOutputTokens: 100_000, reasoning: true },
  { prefix: 'gpt-oss', contextWindow: 131_072 },
  { prefix: 'qwen2.5-coder', contextWindow: 32_768 },
  { prefix: 'qwen-2.5-coder', contextWindow: 32_768 },
  { prefix: 'llama3.1', contextWindow: 131_072 },
  { prefix: 'llama3.2', contextWindow: 131_072 },
  { prefix: 'llama3.3', contextWindow: 131_072 },
  { prefix: 'llama-3.1', contextWindow: 131_072 },
  { prefix: 'llama-3.2', contextWindow: 131_072 },
  { prefix: 'llama-3.3', contextWindow: 131_072 },
  { prefix: 'claude', contextWindow: 200_000 },
  { prefix: 'gemini-2.0', contextWindow: 1_048_576 },
  { prefix: 'gemini-2.5', contextWindow: 1_048_576 },
];

const BOUNDARY = /^[-:._@/]/;

/** The table's entry for a model id, or null when it is not a well-known model. */
export function knownModel(model: string): KnownModel | null {
  const id = (model.trim().toLowerCase().split('/').at(-1) ?? '').trim();
  let best: KnownModel | null = null;
  for (const entry of KNOWN_MODELS) {
    if (!id.startsWith(entry.prefix)) continue;
    const rest = id.slice(entry.prefix.length);
    if (rest !== '' && !BOUNDARY.test(rest)) continue;
    if (!best || entry.prefix.length > best.prefix.length) best = entry;
  }
  return best;
}

/** The window a run counts against: the setting when it names one (not 0), else the model's known window, else 32,000. */
export function contextWindowFor(model: string, setting = 0): number {
  if (setting > 0) return setting;
  return knownModel(model)?.contextWindow ?? UNKNOWN_MODEL_CONTEXT_WINDOW;
}

/** The max output tokens a request asks for: the setting, clipped to what the model allows when that is known. */
export function maxOutputTokensFor(model: string, setting: number): number {
  const limit = knownModel(model)?.maxOutputTokens;
  return limit === undefined ? setting : Math.min(setting, limit);
}
