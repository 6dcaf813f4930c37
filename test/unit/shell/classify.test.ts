import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/shell';
import { CASES } from './cases';

const total = Object.values(CASES).reduce((n, cases) => n + cases.length, 0);

describe('classifyCommand', () => {
  it('has a broad table of labelled commands', () => {
    expect(total).toBeGreaterThanOrEqual(300);
    const commands = Object.values(CASES).flat().map((c) => c.cmd);
    expect(new Set(commands).size).toBeGreaterThan(commands.length - 10);
  });

  for (const [section, cases] of Object.entries(CASES)) {
    describe(section, () => {
      for (const c of cases) {
        it(JSON.stringify(c.cmd), () => {
          const verdict = classifyCommand(c.cmd);
          const summary = { readonly: verdict.readonly, isTest: verdict.isTest, destructive: verdict.destructive, parsed: verdict.parsed };
          expect(summary, verdict.reasons.join(' | ')).toEqual({ readonly: c.readonly, isTest: c.isTest, destructive: c.destructive, parsed: c.parsed });
          if (c.readonly) {
            expect(verdict.reasons).toEqual([]);
            expect(verdict.reason).toBe('read-only');
          } else {
            expect(verdict.reasons.length).toBeGreaterThan(0);
            expect(verdict.reason).toBe(verdict.reasons[0]);
            const where = c.destructive || !c.parsed ? verdict.reasons.join('\n') : verdict.reason;
            expect(where).toContain(c.reason);
          }
        });
      }
    });
  }
});
