import { describe, expect, it } from 'vitest';
import { parseArgs, rejectUnknownFlags, stringFlag, UsageError } from '../../../src/cli/args';

describe('parseArgs', () => {
  it('reads values after a flag or after "=", switches alone, and the rest as positionals', () => {
    const args = parseArgs(['--task', 'Add slugify', 'file.ts', '--json', '--mode=plan_exec', '--model', '--json'], new Set(['json']));
    expect(args.positionals).toEqual(['file.ts']);
    expect(Object.fromEntries(args.flags)).toEqual({ task: 'Add slugify', json: true, mode: 'plan_exec', model: '--json' });
  });

  it('refuses a flag missing its value, and a switch given where a value is needed', () => {
    expect(() => parseArgs(['--task'], new Set())).toThrow(new UsageError('--task needs a value'));
    expect(() => stringFlag(parseArgs(['--json'], new Set(['json'])), 'json')).toThrow('--json needs a value');
  });

  it('names an unknown flag and the known ones', () => {
    const args = parseArgs(['--phase', 'planning', '--strict', 'yes'], new Set());
    expect(() => rejectUnknownFlags(args, ['phase', 'jsonl'])).toThrow('unknown option --strict (known: --phase, --jsonl)');
  });
});
