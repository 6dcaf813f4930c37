import { z } from 'zod';

/**
 * The shape of the user's command rules, apart from the matcher (user-rules.ts),
 * so the policy can validate them without loading the command tables.
 *
 * A command pattern: words separated by single spaces, each a glob (`*`, `?`)
 * matched against the word of a simple command at the same place. The first
 * word is the command name, compared by base name (`rm` matches `/usr/bin/rm`).
 * A pattern matches a command whose first words match all of its words:
 * `git push` matches `git push --force origin main`.
 */
export const UserCommandPatternSchema = z
  .string()
  .min(1, 'a command pattern cannot be empty')
  .refine((p) => !/[^\S ]/.test(p), 'separate the words of a command pattern with spaces (no tabs or line breaks)')
  .refine((p) => p.split(' ').every((word) => word !== ''), 'a command pattern cannot have empty words (leading, trailing or double spaces)');

/** The user's own rules: deny refuses a command under every phase rule; allow lifts a command's own findings. */
export const UserCommandRulesSchema = z
  .object({
    allow: z.array(UserCommandPatternSchema).default([]),
    deny: z.array(UserCommandPatternSchema).default([]),
  })
  .strict();

export type UserCommandRules = z.infer<typeof UserCommandRulesSchema>;
