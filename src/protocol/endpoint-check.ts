// Settings asks the worker about the endpoint typed in: the models it lists, and whether a one-token request goes through.
import { z } from 'zod';

/** GET /models: the ids, sorted, or why there are none. */
export type ModelListing = { ok: true; models: string[] } | { ok: false; error: string };

/** "Test connection": what one one-token request did, in a sentence. */
export interface ConnectionTest {
  ok: boolean;
  message: string;
}

/** A provider may list thousands (OpenRouter): the list offered stops here. */
export const MAX_LISTED_MODELS = 2_000;

/** What the page accepts from the worker for each (it checks every answer). */
export const ModelListingSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), models: z.array(z.string()).max(MAX_LISTED_MODELS) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export const ConnectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
