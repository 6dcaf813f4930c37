import { describe, expect, it } from 'vitest';
import { checkCommand, type ClassifyOptions } from '../../../src/shell';
import type { ShellCase } from './case-helpers';
import { GATE_SIGNAL_CASES } from './cases-gate-signals';
import { GATE_WORD_CASES } from './cases-gate-words';
import { FIXTURE_FILES } from './fixture-workspace';

const CLASSES: Record<string, ShellCase[]> = { ...GATE_SIGNAL_CASES, ...GATE_WORD_CASES };
const where = (c: ShellCase): ClassifyOptions => ({ files: c.files ?? FIXTURE_FILES, ...(c.cwd ? { cwd: c.cwd } : {}) });

/** The rules of the default policy's phases (src/engine/policy.ts). */
const PLANNING = 'readonly';
const VERIFICATION = 'readonly_or_tests';
const BUILDING = 'not_destructive';

describe('the read-only phases on signals, awk, printf, terraform fmt and line continuations', () => {
  for (const [section, cases] of Object.entries(CLASSES)) {
    it(`${section}: planning lets no write through and refuses nothing read-only`, () => {
      const checked = cases.map((c) => ({ c, check: checkCommand(c.cmd, PLANNING, where(c)) }));
      expect(checked.filter(({ c, check }) => !c.readonly && check.allowed).map(({ c }) => c.cmd)).toEqual([]);
      expect(checked.filter(({ c, check }) => c.readonly && !check.allowed).map(({ c, check }) => `${c.cmd}: ${check.reason}`)).toEqual([]);
      for (const { c, check } of checked) expect(check.readonly, c.cmd).toBe(c.readonly);
    });

    it(`${section}: verification refuses the same writes`, () => {
      const allowed = cases.filter((c) => checkCommand(c.cmd, VERIFICATION, where(c)).allowed);
      expect(allowed.map((c) => c.cmd)).toEqual(cases.filter((c) => c.readonly || c.isTest).map((c) => c.cmd));
    });
  }

  it('building still allows the ordinary forms of these commands', () => {
    const ordinary = [
      'kill 1234',
      'kill -9 1234',
      'kill -TERM 1234',
      'kill -s KILL 1234',
      'kill %1',
      'kill -- -1234',
      'kill $PID',
      'pkill node',
      'pkill -f vite',
      'pkill -s 0 node',
      'killall node',
      "printf '%s\\n' x",
      'printf "$x"',
      'printf -v out "%s" hi',
      `awk '{ print $1 }' "$FILE"`,
      `gawk '{ @ fn($2) }' calls.txt`,
      'terraform fmt',
      'sort x\\\n  -o out',
    ];
    const refused = ordinary.map((cmd) => ({ cmd, check: checkCommand(cmd, BUILDING, { files: FIXTURE_FILES }) })).filter(({ check }) => !check.allowed);
    expect(refused.map(({ cmd, check }) => `${cmd}: ${check.reason}`)).toEqual([]);
  });

  it("building refuses signals to every process, to init and to the shell's own process group", () => {
    for (const cmd of ['kill -9 -1', 'kill -- -1', 'kill 1', 'kill 0', 'kill -- -0', 'kill -9 0', 'kill -s KILL -- -0', 'kill -9 $PID -1']) {
      const check = checkCommand(cmd, BUILDING, { files: FIXTURE_FILES });
      expect(check.allowed, cmd).toBe(false);
      expect(check.reason, cmd).toContain('destructive commands are not allowed');
    }
    for (const cmd of ['kill -0 0', 'kill -0 -1', 'kill -0 -- -0']) expect(checkCommand(cmd, BUILDING).allowed, cmd).toBe(true);
  });
});
