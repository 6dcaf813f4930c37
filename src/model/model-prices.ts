import { z } from 'zod';
import type { ModelUsage } from './port';

/** What a model's tokens cost, in US dollars per million. */
export interface ModelPrice {
  readonly inputPerMillion: number;
  readonly outputPerMillion: number;
  /** Prompt tokens served from the provider's cache; absent: they cost as much as the others. */
  readonly cachedInputPerMillion?: number;
}

/** The part of gpt-tokenizer's model spec we read; a spec without both main prices has no price. */
const PriceDataSchema = z.object({
  main: z.object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cached_input: z.number().nonnegative().optional(),
  }),
});

/**
 * The price gpt-tokenizer's model table gives a model id, or null when the table has none: then
 * the cost is unknown, never guessed. Only the exact id counts (lower-cased). The table is loaded
 * on first use (a chunk of its own in the page).
 */
export async function loadModelPrice(model: string): Promise<ModelPrice | null> {
  const table: Record<string, unknown> = await import('gpt-tokenizer/models');
  const id = model.trim().toLowerCase();
  if (!Object.hasOwn(table, id)) return null;
  const spec = table[id];
  const priceData = typeof spec === 'object' && spec !== null && 'price_data' in spec ? spec.price_data : undefined;
  const parsed = PriceDataSchema.safeParse(priceData);
  if (!parsed.success) return null;
  const { input, output, cached_input: cached } = parsed.data.main;
  return { inputPerMillion: input, outputPerMillion: output, ...(cached === undefined ? {} : { cachedInputPerMillion: cached }) };
}

/** A reply's cost in US dollars: cached prompt tokens at the cached price when there is one. */
export function costOf(price: ModelPrice, usage: ModelUsage): number {
  const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
  const fresh = usage.promptTokens - cached;
  const dollars =
    fresh * price.inputPerMillion + cached * (price.cachedInputPerMillion ?? price.inputPerMillion) + usage.completionTokens * price.outputPerMillion;
  return dollars / 1_000_000;
}
