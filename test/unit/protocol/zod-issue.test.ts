import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeFirstIssue } from '../../../src/protocol/zod-issue';

const fail = (schema: z.ZodType, value: unknown): z.ZodError => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};

describe('describeFirstIssue', () => {
  it.each([
    ['a nested field', z.object({ model: z.object({ name: z.string() }) }), { model: { name: 3 } }, /^model\.name: /],
    ['an array element', z.object({ deny: z.array(z.string().min(1)) }), { deny: ['a', ''] }, /^deny\.1: /],
    ['the whole value', z.object({ a: z.string() }), 'text', /^root: /],
    ['unknown keys of a strict object', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }, /^root: unknown keys "b", "c"$/],
    ['one unknown key', z.object({ p: z.strictObject({ a: z.string() }) }), { p: { a: 'x', tool: 1 } }, /^p: unknown key "tool"$/],
  ])('names where the problem is: %s', (_what, schema, value, expected) => {
    expect(describeFirstIssue(fail(schema, value), 'root')).toMatch(expected);
  });
});
