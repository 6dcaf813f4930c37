import type { z } from 'zod';

/**
 * The first problem zod found, as "where: what" ("model.baseUrl: Invalid URL"),
 * `root` standing in for the path when the whole value is at fault. Unknown
 * keys of a strict object are named: `unknown key "phasez"`.
 */
export function describeFirstIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  if (!issue) return `${root}: invalid`;
  const where = issue.path.map(String).join('.') || root;
  const what =
    issue.code === 'unrecognized_keys' ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}` : issue.message;
  return `${where}: ${what}`;
}
