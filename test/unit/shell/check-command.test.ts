import { describe, expect, it } from 'vitest';
import { DEFAULT_PHASE_SHELL_RULES, type ShellRule, ShellRuleSchema, checkCommand, classifyCommand } from '../../../src/shell';

interface RuleCase {
  cmd: string;
  rule: ShellRule;
  allowed: boolean;
  reason?: string;
}

const RULE_CASES: RuleCase[] = [
  { cmd: 'ls -la', rule: 'readonly', allowed: true, reason: 'read-only' },
  { cmd: 'rm x', rule: 'readonly', allowed: false, reason: "only read-only commands are allowed: 'rm x' deletes files" },
  { cmd: 'npm test', rule: 'readonly', allowed: false, reason: "'npm test' runs tests" },
  { cmd: 'echo hi > out.txt', rule: 'readonly', allowed: false, reason: "'> out.txt'" },
  { cmd: 'frob', rule: 'readonly', allowed: false, reason: "unknown command 'frob'" },
  { cmd: 'echo "unterminated', rule: 'readonly', allowed: false, reason: 'could not parse' },
  { cmd: 'npm test', rule: 'readonly_or_tests', allowed: true, reason: "'npm test' runs tests" },
  { cmd: 'npm test 2>&1 | tail -20', rule: 'readonly_or_tests', allowed: true },
  { cmd: 'cat README.md', rule: 'readonly_or_tests', allowed: true, reason: 'read-only' },
  { cmd: 'npm test > out.txt', rule: 'readonly_or_tests', allowed: false, reason: "only read-only or test commands are allowed: redirection '> out.txt'" },
  { cmd: 'npm install && npm test', rule: 'readonly_or_tests', allowed: false, reason: "'npm install' installs" },
  { cmd: 'bash tests/run.sh', rule: 'readonly_or_tests', allowed: false, reason: "script 'tests/run.sh'" },
  { cmd: 'rm file.txt', rule: 'not_destructive', allowed: true, reason: 'not destructive' },
  { cmd: 'npm install', rule: 'not_destructive', allowed: true },
  { cmd: 'git commit -m x', rule: 'not_destructive', allowed: true },
  { cmd: 'mkdir -p src/lib && touch src/lib/a.ts', rule: 'not_destructive', allowed: true },
  { cmd: 'rm -rf /', rule: 'not_destructive', allowed: false, reason: "destructive commands are not allowed: 'rm -rf /' deletes '/' recursively" },
  { cmd: 'git reset --hard', rule: 'not_destructive', allowed: false, reason: 'git reset --hard' },
  { cmd: 'ls && git push --force', rule: 'not_destructive', allowed: false, reason: 'git push --force' },
  { cmd: 'echo "unterminated', rule: 'not_destructive', allowed: false, reason: 'could not parse' },
  { cmd: 'bash -c "echo \\"unterminated"', rule: 'not_destructive', allowed: false, reason: 'could not parse the code run by bash' },
  { cmd: 'rm -rf /', rule: 'any', allowed: true, reason: 'any command is allowed' },
  { cmd: 'echo "unterminated', rule: 'any', allowed: true },
  { cmd: 'ls', rule: 'any', allowed: true, reason: 'read-only' },
];

describe('checkCommand', () => {
  for (const c of RULE_CASES) {
    it(`${c.rule}: ${JSON.stringify(c.cmd)} is ${c.allowed ? 'allowed' : 'refused'}`, () => {
      const result = checkCommand(c.cmd, c.rule);
      expect(result.allowed, result.reason).toBe(c.allowed);
      expect(result.readonly).toBe(classifyCommand(c.cmd).readonly);
      if (c.reason) expect(result.reason).toContain(c.reason);
    });
  }

  it('lets an empty command through under every rule, as read-only', () => {
    for (const rule of ShellRuleSchema.options) {
      expect(checkCommand('', rule)).toEqual({ allowed: true, readonly: true, reason: 'read-only' });
      expect(checkCommand('  \n ', rule).allowed).toBe(true);
    }
  });

  it('judges paths against the workspace it is given', () => {
    expect(checkCommand('rm -rf /home/project/src', 'not_destructive').allowed).toBe(false);
    expect(checkCommand('rm -rf /home/project/src', 'not_destructive', { workdir: '/home/project' }).allowed).toBe(true);
    expect(checkCommand('rm -rf /home/project', 'not_destructive', { workdir: '/home/project' }).reason).toContain('the whole workspace');
    expect(checkCommand('echo x > /home/project/a.txt', 'not_destructive', { workdir: '/home/project/' }).allowed).toBe(true);
  });

  it('resolves relative paths from the current directory it is given', () => {
    expect(checkCommand('rm -rf build', 'not_destructive').allowed).toBe(true);
    expect(checkCommand('rm -rf build', 'not_destructive', { cwd: '/' }).allowed).toBe(false);
    expect(checkCommand('rm -rf build', 'not_destructive', { cwd: '/workspace/app' }).allowed).toBe(true);
    expect(checkCommand('rm -rf ..', 'not_destructive', { cwd: '/workspace/app' }).allowed).toBe(false);
  });

  it('maps each plan_exec phase to its default rule', () => {
    expect(DEFAULT_PHASE_SHELL_RULES).toEqual({ planning: 'readonly', building: 'not_destructive', verification: 'readonly_or_tests', delivery: 'any' });
  });

  it('validates rule names', () => {
    expect(ShellRuleSchema.safeParse('readonly_or_tests').success).toBe(true);
    expect(ShellRuleSchema.safeParse('read-only').success).toBe(false);
  });
});
