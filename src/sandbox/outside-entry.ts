import { z } from 'zod';
import type { OutsideEntry } from './port';

/** An `OutsideEntry` that came from elsewhere (a Node.js answer, the page over comlink), checked. */
export const OutsideEntrySchema = z.strictObject({
  path: z.string().min(1),
  kind: z.enum(['file', 'dir']),
  link: z.string().optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  size: z.number().int().nonnegative().optional(),
  content: z.string().optional(),
  beyond: z.literal(true).optional(),
}) satisfies z.ZodType<OutsideEntry>;

export const OutsideEntriesSchema = z.array(OutsideEntrySchema);
