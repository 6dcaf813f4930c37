// Events of the sandbox's own servers: a process listening on a port that the page can show.
import { z } from 'zod';
import { base } from './base';

export const PreviewPortSchema = z.number().int().min(1).max(65_535);

/** Only a web address is ever framed or linked: no javascript:, data: or file: URL from a log. */
export const PreviewUrlSchema = z
  .string()
  .max(2_048)
  .refine((text) => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol), 'a preview URL is an http(s) address');

/** A process in the sandbox serves on `port`, reachable from the page at `url` (WebContainer's `server-ready`). */
export const PreviewReadySchema = z.object({
  ...base,
  type: z.literal('preview_ready'),
  port: PreviewPortSchema,
  url: PreviewUrlSchema,
});

/** Nothing listens on `port` any more (WebContainer's `port` event, closed). */
export const PreviewClosedSchema = z.object({
  ...base,
  type: z.literal('preview_closed'),
  port: PreviewPortSchema,
});
