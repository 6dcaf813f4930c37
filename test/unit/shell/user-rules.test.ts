import { describe, expect, it } from 'vitest';
import { checkCommand, classifyCommand, type ShellRule, type UserCommandRules, UserCommandRulesSchema } from '../../../src/shell';
import { allowMatches, compilePattern, denyMatches } from '../../../src/shell/user-rules';
import { literalArg } from '../../../src/shell/words';
import { FIXTURE_FILES } from './fixture-workspace';

interface MatchCase {
  pattern: string;
  argv: string[];
  allow: boolean;
  deny: boolean;
}

/** Literal argv words; `$X` stands for a word only known at run time, `*.x` for a glob. */
function argvOf(words: readonly string[]) {
  return words.map((w) => {
    if (w.startsWith('$')) return { ...literalArg(w), text: null, lead: '', splits: w.startsWith('$*') };
    if (/[*?]/.test(w)) return { ...literalArg(w), glob: true };
    return literalArg(w);
  });
}

const MATCH_CASES: MatchCase[] = [
  { pattern: 'git push', argv: ['git', 'push'], allow: true, deny: true },
  { pattern: 'git push', argv: ['git', 'push', '--force', 'origin', 'main'], allow: true, deny: true },
  { pattern: 'git push', argv: ['git', 'pull'], allow: false, deny: false },
  { pattern: 'git push', argv: ['git'], allow: false, deny: false },
  { pattern: 'git push', argv: ['git', '-C', 'repo', 'push'], allow: false, deny: true },
  { pattern: 'git push', argv: ['git', '-c', 'x=y', 'push', '-f'], allow: false, deny: true },
  { pattern: 'git push', argv: ['git', '$SUB'], allow: false, deny: true },
  { pattern: 'rm', argv: ['/usr/bin/rm', '-rf', 'x'], allow: true, deny: true },
  { pattern: 'rm', argv: ['/bin/rm', 'x'], allow: true, deny: true },
  { pattern: 'rm', argv: ['./rm', 'x'], allow: false, deny: true },
  { pattern: 'rm', argv: ['tools/rm'], allow: false, deny: true },
  { pattern: './scripts/check.sh', argv: ['./scripts/check.sh'], allow: true, deny: true },
  { pattern: './scripts/check.sh', argv: ['scripts/check.sh'], allow: false, deny: false },
  { pattern: 'rm -rf', argv: ['rm', '-rf', 'dist'], allow: true, deny: true },
  { pattern: 'rm -rf', argv: ['rm', '-r', '-f', 'dist'], allow: false, deny: false },
  { pattern: 'rm -rf', argv: ['rm', '$FLAGS', 'dist'], allow: false, deny: true },
  { pattern: 'rm -rf', argv: ['rm', '*', 'dist'], allow: false, deny: true },
  { pattern: 'rm -rf', argv: ['rm', '*.txt'], allow: false, deny: false },
  { pattern: 'npm run *', argv: ['npm', 'run', 'build'], allow: true, deny: true },
  { pattern: 'npm run *', argv: ['npm', 'run'], allow: false, deny: false },
  { pattern: 'npm run *', argv: ['npm', 'run', '$NAME'], allow: true, deny: true },
  { pattern: 'npm run test:*', argv: ['npm', 'run', 'test:unit'], allow: true, deny: true },
  { pattern: 'npm run test:*', argv: ['npm', 'run', 'lint'], allow: false, deny: false },
  { pattern: 'npm run test:?', argv: ['npm', 'run', 'test:a'], allow: true, deny: true },
  { pattern: 'npm run test:?', argv: ['npm', 'run', 'test:ab'], allow: false, deny: false },
  { pattern: 'docker *', argv: ['docker', 'compose', 'up'], allow: true, deny: true },
  { pattern: 'docker', argv: ['docker'], allow: true, deny: true },
  { pattern: 'kubectl get *', argv: ['kubectl', 'get', 'pods', '-A'], allow: true, deny: true },
  { pattern: 'kubectl get *', argv: ['kubectl', 'delete', 'pods'], allow: false, deny: false },
  { pattern: 'make test-*', argv: ['make', 'test-unit'], allow: true, deny: true },
  { pattern: 'cat .env*', argv: ['cat', '.env.local'], allow: true, deny: true },
  { pattern: 'cat .env*', argv: ['cat', 'README.md'], allow: false, deny: false },
  { pattern: 'cat .env*', argv: ['cat', '$F'], allow: false, deny: true },
  { pattern: 'cat .env*', argv: ['cat', '*'], allow: false, deny: true },
  { pattern: 'terraform apply', argv: ['terraform', 'apply', '-auto-approve'], allow: true, deny: true },
  { pattern: 'a.b', argv: ['axb'], allow: false, deny: false },
  { pattern: 'echo (x)', argv: ['echo', '(x)'], allow: true, deny: true },
  { pattern: 'x', argv: ['$CMD'], allow: false, deny: true },
  { pattern: 'git push', argv: ['git', '$*ARGS'], allow: false, deny: true },
];

describe('user command patterns', () => {
  for (const c of MATCH_CASES) {
    it(`"${c.pattern}" vs ${JSON.stringify(c.argv)}: allow ${c.allow}, deny ${c.deny}`, () => {
      const pattern = compilePattern(c.pattern);
      const argv = argvOf(c.argv);
      expect(allowMatches(pattern, argv)).toBe(c.allow);
      expect(denyMatches(pattern, argv)).toBe(c.deny);
    });
  }

  it('validates patterns: non-empty, words separated by single spaces', () => {
    const ok = (rules: unknown) => UserCommandRulesSchema.safeParse(rules).success;
    expect(ok({ allow: ['git status', 'npm run *'], deny: ['rm -rf'] })).toBe(true);
    expect(ok({ deny: ['git push'] })).toBe(true);
    expect(ok({})).toBe(true);
    expect(UserCommandRulesSchema.parse({ deny: ['x'] })).toEqual({ allow: [], deny: ['x'] });
    expect(ok({ allow: [''] })).toBe(false);
    expect(ok({ allow: [' git'] })).toBe(false);
    expect(ok({ allow: ['git '] })).toBe(false);
    expect(ok({ allow: ['git  push'] })).toBe(false);
    expect(ok({ allow: ['git\tpush'] })).toBe(false);
    expect(ok({ allow: ['git\npush'] })).toBe(false);
    expect(ok({ allow: [3] })).toBe(false);
    expect(ok({ allow: [], deny: [], extra: [] })).toBe(false);
  });
});

interface RuleSemanticsCase {
  cmd: string;
  rules: Partial<UserCommandRules>;
  rule: ShellRule;
  allowed: boolean;
  reason?: string;
}

const rules = (r: Partial<UserCommandRules>): UserCommandRules => ({ allow: r.allow ?? [], deny: r.deny ?? [] });

const SEMANTICS: RuleSemanticsCase[] = [
  // deny refuses under every phase rule, with the pattern named
  { cmd: 'git push --force origin main', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'git status && git push', rules: { deny: ['git push'] }, rule: 'not_destructive', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'cat .env', rules: { deny: ['cat .env*'] }, rule: 'readonly', allowed: false, reason: 'denied by your rule "cat .env*"' },
  { cmd: 'ls', rules: { deny: ['ls'] }, rule: 'any', allowed: false, reason: 'denied by your rule "ls"' },
  { cmd: 'git pull', rules: { deny: ['git push'] }, rule: 'any', allowed: true },
  // nested commands are matched too
  { cmd: "bash -c 'git push'", rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'echo $(git push)', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'git ls-files | xargs rm', rules: { deny: ['rm'] }, rule: 'any', allowed: false, reason: 'denied by your rule "rm"' },
  { cmd: 'find . -name x -exec rm {} +', rules: { deny: ['rm'] }, rule: 'any', allowed: false, reason: 'denied by your rule "rm"' },
  { cmd: 'sudo rm x', rules: { deny: ['rm'] }, rule: 'any', allowed: false, reason: 'denied by your rule "rm"' },
  { cmd: 'timeout 5 git push', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'npm run release', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: './deploy.sh', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'f() { git push; }', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'f() { ls; }; f', rules: { deny: ['f'] }, rule: 'any', allowed: false, reason: 'denied by your rule "f"' },
  { cmd: '/usr/bin/git push', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  // never on the raw text
  { cmd: 'echo "git push"', rules: { deny: ['git push'] }, rule: 'any', allowed: true },
  { cmd: 'grep "rm -rf" notes.txt', rules: { deny: ['rm'] }, rule: 'readonly', allowed: true },
  { cmd: 'ls # git push', rules: { deny: ['git push'] }, rule: 'readonly', allowed: true },
  // a word only known at run time may be what the pattern names
  { cmd: 'git $SUB', rules: { deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: '$CMD x', rules: { deny: ['rm'] }, rule: 'any', allowed: false, reason: 'denied by your rule "rm"' },
  // allow lifts the command's own findings
  { cmd: 'docker compose up -d', rules: { allow: ['docker compose *'] }, rule: 'readonly', allowed: true, reason: 'read-only' },
  { cmd: 'frobnicate --all', rules: { allow: ['frobnicate'] }, rule: 'readonly', allowed: true },
  { cmd: 'git fetch origin', rules: { allow: ['git fetch'] }, rule: 'readonly', allowed: true },
  { cmd: 'npm view react version', rules: { allow: ['npm view *'] }, rule: 'readonly', allowed: true },
  { cmd: 'git fetch && git status', rules: { allow: ['git fetch'] }, rule: 'readonly', allowed: true },
  // … and only its own: the rest of the script is still judged
  { cmd: 'git fetch && rm x', rules: { allow: ['git fetch'] }, rule: 'readonly', allowed: false, reason: "'rm x' deletes files" },
  { cmd: 'docker run x > out.txt', rules: { allow: ['docker *'] }, rule: 'readonly', allowed: false, reason: "redirection '> out.txt'" },
  { cmd: 'PAGER=evil git log', rules: { allow: ['git log'] }, rule: 'readonly', allowed: false, reason: 'sets PAGER' },
  { cmd: 'echo $(rm x)', rules: { allow: ['echo'] }, rule: 'readonly', allowed: false, reason: "'rm x' deletes files" },
  { cmd: 'xargs rm', rules: { allow: ['xargs'] }, rule: 'not_destructive', allowed: false, reason: 'deletes' },
  { cmd: "bash -c 'touch x'", rules: { allow: ['bash'] }, rule: 'readonly', allowed: false, reason: "'touch x'" },
  { cmd: 'npm run build', rules: { allow: ['npm run build'] }, rule: 'readonly', allowed: false, reason: 'package script "prebuild"' },
  { cmd: 'rm -rf /', rules: { allow: ['rm'] }, rule: 'not_destructive', allowed: true },
  { cmd: 'rm -rf /', rules: { allow: ['rm -rf dist'] }, rule: 'not_destructive', allowed: false, reason: "deletes '/' recursively" },
  // allow never lifts a deny rule, nor a finding that could not be judged
  { cmd: 'git push', rules: { allow: ['git push'], deny: ['git push'] }, rule: 'any', allowed: false, reason: 'denied by your rule "git push"' },
  { cmd: 'x=rm; $x -rf .', rules: { allow: ['*'] }, rule: 'not_destructive', allowed: false, reason: 'only known when it runs' },
  { cmd: 'echo x | bash', rules: { allow: ['bash'] }, rule: 'not_destructive', allowed: false, reason: 'runs shell code from its input' },
  { cmd: 'bash unread.sh', rules: { allow: ['bash *'] }, rule: 'not_destructive', allowed: false, reason: 'was not read' },
  // allow is precise about names: a workspace file named like an allowed command is not that command
  { cmd: './docker ps', rules: { allow: ['docker *'] }, rule: 'readonly', allowed: false, reason: 'was not read' },
];

describe('user rules applied to commands', () => {
  for (const c of SEMANTICS) {
    it(`${c.rule} with ${JSON.stringify(c.rules)}: ${JSON.stringify(c.cmd)} is ${c.allowed ? 'allowed' : 'refused'}`, () => {
      const result = checkCommand(c.cmd, c.rule, { files: FIXTURE_FILES, userRules: rules(c.rules) });
      expect(result.allowed, result.reason).toBe(c.allowed);
      if (c.reason) expect(result.reason).toContain(c.reason);
    });
  }

  it('refuses a denied command under every phase rule, however harmless', () => {
    for (const rule of ['readonly', 'readonly_or_tests', 'not_destructive', 'any'] as const) {
      const result = checkCommand('git push --force', rule, { userRules: rules({ allow: ['git *'], deny: ['git push --force'] }) });
      expect(result).toMatchObject({ allowed: false, reason: 'denied by your rule "git push --force"' });
    }
  });

  it('lists every deny rule that matched, before the other reasons', () => {
    const verdict = classifyCommand('git push && rm -rf build', { userRules: rules({ deny: ['git push', 'rm', 'curl'] }) });
    expect(verdict.denied).toEqual(['denied by your rule "git push"', 'denied by your rule "rm"']);
    expect(verdict.reasons.slice(0, 2)).toEqual(verdict.denied);
    expect(verdict.reason).toBe('denied by your rule "git push"');
  });

  it('says which simple command each finding belongs to', () => {
    const verdict = classifyCommand('git fetch && rm x > log.txt');
    expect(verdict.findings.find((f) => f.reason.includes('rm x'))?.command).toBe('rm x');
    expect(verdict.findings.find((f) => f.reason.includes('git fetch'))?.command).toBe('git fetch');
    expect(verdict.findings.find((f) => f.reason.includes('log.txt'))?.command).toBeUndefined();
  });

  it('changes nothing without rules', () => {
    expect(checkCommand('git push', 'readonly')).toEqual(checkCommand('git push', 'readonly', { userRules: rules({}) }));
  });
});
