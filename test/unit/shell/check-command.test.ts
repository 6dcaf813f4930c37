import { describe, expect, it } from 'vitest';
import { checkCommand, classifyCommand, type ClassifyOptions, type ShellRule, ShellRuleSchema } from '../../../src/shell';
import { FIXTURE_FILES } from './fixture-workspace';

interface RuleCase {
  cmd: string;
  rule: ShellRule;
  allowed: boolean;
  reason?: string;
}

const RULE_CASES: RuleCase[] = [
  { cmd: 'ls -la', rule: 'readonly', allowed: true, reason: 'read-only' },
  { cmd: 'rm x', rule: 'readonly', allowed: false, reason: "only read-only commands are allowed: 'rm x' deletes files" },
  { cmd: 'npm test', rule: 'readonly', allowed: false, reason: `package script "test": 'vitest run' runs tests` },
  { cmd: 'echo hi > out.txt', rule: 'readonly', allowed: false, reason: "'> out.txt'" },
  { cmd: 'frob', rule: 'readonly', allowed: false, reason: "unknown command 'frob'" },
  { cmd: 'echo "unterminated', rule: 'readonly', allowed: false, reason: 'could not parse' },
  { cmd: 'tsc --noEmit', rule: 'readonly', allowed: false, reason: 'type-checks the project' },
  { cmd: 'export NODE_ENV=test', rule: 'readonly', allowed: false, reason: 'changes the environment of later commands' },
  { cmd: "bash -c 'git status && ls'", rule: 'readonly', allowed: true, reason: 'read-only' },
  { cmd: 'npm test', rule: 'readonly_or_tests', allowed: true, reason: `package script "test": 'vitest run' runs tests` },
  { cmd: 'npm test 2>&1 | tail -20', rule: 'readonly_or_tests', allowed: true },
  { cmd: 'tsc --noEmit && npm run lint', rule: 'readonly_or_tests', allowed: true },
  { cmd: 'cat README.md', rule: 'readonly_or_tests', allowed: true, reason: 'read-only' },
  { cmd: 'npm test > out.txt', rule: 'readonly_or_tests', allowed: false, reason: "only read-only or test commands are allowed: redirection '> out.txt'" },
  { cmd: 'npm install && npm test', rule: 'readonly_or_tests', allowed: false, reason: 'may change files before it runs' },
  { cmd: 'npm run test:update', rule: 'readonly_or_tests', allowed: false, reason: 'updates stored snapshots (-u)' },
  { cmd: 'vitest run --coverage', rule: 'readonly_or_tests', allowed: false, reason: 'writes a coverage report' },
  { cmd: 'bash tests/run.sh', rule: 'readonly_or_tests', allowed: true, reason: "script 'tests/run.sh'" },
  { cmd: 'rm file.txt', rule: 'not_destructive', allowed: true, reason: 'not destructive' },
  { cmd: 'npm install', rule: 'not_destructive', allowed: true },
  { cmd: 'npm run build', rule: 'not_destructive', allowed: true },
  { cmd: 'git commit -m x', rule: 'not_destructive', allowed: true },
  { cmd: 'npm test && git commit -am "tests pass"', rule: 'not_destructive', allowed: true },
  { cmd: 'mkdir -p src/lib && touch src/lib/a.ts', rule: 'not_destructive', allowed: true },
  { cmd: 'rm -rf /', rule: 'not_destructive', allowed: false, reason: "destructive commands are not allowed: 'rm -rf /' deletes '/' recursively" },
  { cmd: 'git reset --hard', rule: 'not_destructive', allowed: false, reason: 'git reset --hard' },
  { cmd: 'ls && git push --force', rule: 'not_destructive', allowed: false, reason: 'git push --force' },
  { cmd: 'echo "unterminated', rule: 'not_destructive', allowed: false, reason: 'could not parse' },
  { cmd: 'bash -c "echo \\"unterminated"', rule: 'not_destructive', allowed: false, reason: 'could not parse the code run by bash' },
  { cmd: 'x=rm; $x -rf .', rule: 'not_destructive', allowed: false, reason: "the command name '$x' is only known when it runs" },
  { cmd: 'echo cm0gLXJmIC4= | base64 -d | bash', rule: 'not_destructive', allowed: false, reason: "'bash' runs shell code from its input" },
  { cmd: 'echo . | xargs rm -rf', rule: 'not_destructive', allowed: false, reason: "deletes '<input>' recursively" },
  { cmd: 'ls | xargs rm -rf', rule: 'not_destructive', allowed: false, reason: "deletes '<input>' recursively" },
  { cmd: 'mv . /tmp', rule: 'not_destructive', allowed: false, reason: "moves '.'" },
  { cmd: 'find . -type f -delete', rule: 'not_destructive', allowed: false, reason: "deletes everything under '.'" },
  { cmd: 'npm run nuke', rule: 'not_destructive', allowed: false, reason: `package script "nuke": 'rm -rf .'` },
  { cmd: 'npm run wipe', rule: 'not_destructive', allowed: false, reason: "script 'scripts/wipe.sh'" },
  { cmd: 'bash scripts/wipe.sh', rule: 'not_destructive', allowed: false, reason: "script 'scripts/wipe.sh'" },
  { cmd: 'source scripts/wipe.sh', rule: 'not_destructive', allowed: false, reason: "script 'scripts/wipe.sh'" },
  { cmd: 'rm -rf /', rule: 'any', allowed: true, reason: 'any command is allowed' },
  { cmd: 'echo "unterminated', rule: 'any', allowed: true },
  { cmd: 'ls', rule: 'any', allowed: true, reason: 'read-only' },
];

const inFixture: ClassifyOptions = { files: FIXTURE_FILES };

describe('checkCommand', () => {
  for (const c of RULE_CASES) {
    it(`${c.rule}: ${JSON.stringify(c.cmd)} is ${c.allowed ? 'allowed' : 'refused'}`, () => {
      const result = checkCommand(c.cmd, c.rule, inFixture);
      expect(result.allowed, result.reason).toBe(c.allowed);
      expect(result.readonly).toBe(classifyCommand(c.cmd, inFixture).readonly);
      if (c.reason) expect(result.reason).toContain(c.reason);
    });
  }

  it('lets an empty command through under every rule, as read-only', () => {
    for (const rule of ShellRuleSchema.options) {
      expect(checkCommand('', rule)).toEqual({ allowed: true, readonly: true, reason: 'read-only' });
      expect(checkCommand('  \n ', rule).allowed).toBe(true);
    }
  });

  it('refuses a script it was not given the content of, and says which files it needs', () => {
    for (const rule of ['readonly', 'readonly_or_tests', 'not_destructive'] as const) {
      const result = checkCommand('npm test', rule);
      expect(result.allowed).toBe(false);
      expect(result.needsFiles).toEqual(['/workspace/package.json', '/workspace/.npmrc']);
    }
    expect(checkCommand('bash x.sh', 'not_destructive', { cwd: '/workspace/app' }).needsFiles).toEqual(['/workspace/app/x.sh']);
    expect(checkCommand('ls', 'readonly')).not.toHaveProperty('needsFiles');
  });

  it('judges paths against the workspace it is given', () => {
    expect(checkCommand('rm -rf /home/project/src', 'not_destructive').allowed).toBe(false);
    expect(checkCommand('rm -rf /home/project/src', 'not_destructive', { workdir: '/home/project' }).allowed).toBe(true);
    expect(checkCommand('rm -rf /home/project', 'not_destructive', { workdir: '/home/project' }).reason).toContain('the whole workspace');
    expect(checkCommand('echo x > /home/project/a.txt', 'not_destructive', { workdir: '/home/project/' }).allowed).toBe(true);
    expect(checkCommand('mv /home/project /tmp', 'not_destructive', { workdir: '/home/project' }).reason).toContain('the whole workspace');
  });

  it('resolves relative paths from the current directory it is given', () => {
    expect(checkCommand('rm -rf build', 'not_destructive').allowed).toBe(true);
    expect(checkCommand('rm -rf build', 'not_destructive', { cwd: '/' }).allowed).toBe(false);
    expect(checkCommand('rm -rf build', 'not_destructive', { cwd: '/workspace/app' }).allowed).toBe(true);
    expect(checkCommand('rm -rf ..', 'not_destructive', { cwd: '/workspace/app' }).allowed).toBe(false);
    expect(checkCommand('mv .. /tmp/x', 'not_destructive', { cwd: '/workspace/app' }).allowed).toBe(false);
  });

  it('validates rule names', () => {
    expect(ShellRuleSchema.safeParse('readonly_or_tests').success).toBe(true);
    expect(ShellRuleSchema.safeParse('read-only').success).toBe(false);
  });
});
