// Events of files the agent read, outlined or changed, for the Editor.
import { z } from 'zod';
import { base } from './base';

/** A file the agent looked at, so the Editor can show it. */
export const FileReadSchema = z.object({
  ...base,
  type: z.literal('file_read'),
  path: z.string(),
  content: z.string(),
  /** True when content was cut to keep the log small. */
  truncated: z.boolean(),
  startLine: z.number().int().positive().optional(),
  endLine: z.number().int().positive().optional(),
  /** Qualified name of the symbol read (read_file with `symbol`); startLine/endLine give its slice. */
  symbol: z.string().optional(),
});

export const OutlineSymbolSchema = z.object({
  name: z.string(),
  qualifiedName: z.string(),
  /** A code-intelligence symbol kind: function, method, class, interface, … */
  kind: z.string(),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  /** 0 for top-level symbols, 1 for their members, and so on; the list is in source (pre-)order. */
  depth: z.number().int().nonnegative(),
});
export type OutlineSymbol = z.infer<typeof OutlineSymbolSchema>;

/** The outline tool listed a file's symbols, so the Editor can show them. */
export const FileOutlineSchema = z.object({
  ...base,
  type: z.literal('file_outline'),
  path: z.string(),
  symbols: z.array(OutlineSymbolSchema),
});

export const FileChangedSchema = z.object({
  ...base,
  type: z.literal('file_changed'),
  path: z.string(),
  change: z.enum(['created', 'edited', 'deleted']),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** Unified diff of before → after. */
  diff: z.string(),
  /** Who changed it: the agent (a tool, a restore; absent in older logs, which only the agent wrote) or the user, saving in the Editor between runs. */
  by: z.enum(['agent', 'user']).optional(),
});

/** Who changed a file: 'agent' when the event does not say (logs from before user edits). */
export function changedBy(event: { by?: 'agent' | 'user' | undefined }): 'agent' | 'user' {
  return event.by ?? 'agent';
}
