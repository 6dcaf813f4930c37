import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/shell';
import { CASES, type ShellCase } from './cases';
import { FIXTURE_FILES } from './fixture-workspace';

const total = Object.values(CASES).reduce((n, cases) => n + cases.length, 0);

export function classifyCase(c: ShellCase) {
  return classifyCommand(c.cmd, { files: c.files ?? FIXTURE_FILES, ...(c.cwd ? { cwd: c.cwd } : {}) });
}

describe('classifyCommand', () => {
  it('has a broad table of labelled commands', () => {
    expect(total).toBeGreaterThanOrEqual(1200);
    const workspaces = new Map<unknown, number>();
    const key = (c: ShellCase) =>
      JSON.stringify([c.cmd, c.cwd ?? null, c.files ? (workspaces.get(c.files) ?? workspaces.set(c.files, workspaces.size).size) : null]);
    const commands = Object.values(CASES).flat().map(key);
    expect(new Set(commands).size).toBeGreaterThan(commands.length - 5);
  });

  for (const [section, cases] of Object.entries(CASES)) {
    describe(section, () => {
      for (const c of cases) {
        it(`${c.cwd ? `(in ${c.cwd}) ` : ''}${JSON.stringify(c.cmd)}`, () => {
          const verdict = classifyCase(c);
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
