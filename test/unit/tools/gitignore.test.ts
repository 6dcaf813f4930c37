import { describe, expect, it } from 'vitest';
import { VirtualSandbox } from '../../../src/sandbox/virtual';
import { isIgnoredByRules, parseGitignore } from '../../../src/tools/gitignore';
import { WorkspaceIgnore } from '../../../src/tools/workspace-ignore';

/** [.gitignore text, path, is a directory, ignored?] */
const TABLE: [string, string, boolean, boolean][] = [
  // plain names match at any depth
  ['*.log', 'debug.log', false, true],
  ['*.log', 'logs/deep/debug.log', false, true],
  ['*.log', 'debug.log.txt', false, false],
  ['secret.txt', 'a/b/secret.txt', false, true],
  // comments and blank lines
  ['# *.log\n\n', 'debug.log', false, false],
  ['\\#notes', '#notes', false, true],
  // negation: the last matching rule wins
  ['*.log\n!keep.log', 'keep.log', false, false],
  ['*.log\n!keep.log', 'other.log', false, true],
  ['!keep.log\n*.log', 'keep.log', false, true],
  ['\\!bang', '!bang', false, true],
  // a file in an ignored directory cannot be re-included
  ['build/\n!build/keep.txt', 'build/keep.txt', false, true],
  // directory-only patterns
  ['cache/', 'cache', true, true],
  ['cache/', 'cache', false, false],
  ['cache/', 'src/cache/x.txt', false, true],
  // anchored patterns
  ['/todo.txt', 'todo.txt', false, true],
  ['/todo.txt', 'docs/todo.txt', false, false],
  ['docs/*.md', 'docs/a.md', false, true],
  ['docs/*.md', 'docs/sub/a.md', false, false],
  ['docs/*.md', 'other/docs/a.md', false, false],
  // ** forms
  ['**/temp', 'temp', true, true],
  ['**/temp', 'a/b/temp', true, true],
  ['logs/**', 'logs/a/b.txt', false, true],
  ['logs/**', 'logs', true, false],
  ['a/**/b', 'a/b', false, true],
  ['a/**/b', 'a/x/y/b', false, true],
  ['a/**/b', 'a/x/c', false, false],
  // ? and character classes
  ['file?.txt', 'file1.txt', false, true],
  ['file?.txt', 'file10.txt', false, false],
  ['file?.txt', 'file/.txt', false, false],
  ['[abc].js', 'b.js', false, true],
  ['[abc].js', 'd.js', false, false],
  ['v[0-9].txt', 'v7.txt', false, true],
  ['v[!0-9].txt', 'vx.txt', false, true],
  ['v[!0-9].txt', 'v7.txt', false, false],
  // trailing spaces ignored, CRLF files
  ['*.tmp   ', 'a.tmp', false, true],
  ['*.tmp\r\n*.bak\r\n', 'a.bak', false, true],
];

describe('gitignore matcher', () => {
  it.each(TABLE)('%j on %s (dir: %s) → ignored %s', (text, path, isDir, ignored) => {
    expect(isIgnoredByRules(parseGitignore(text), path, isDir)).toBe(ignored);
  });

  it('matches a pattern full of wildcards in linear time', () => {
    const started = Date.now();
    const rules = parseGitignore('*a*a*a*a*a*a*a*a*a*a*a*b\n');
    expect(isIgnoredByRules(rules, `dir/${'a'.repeat(40)}`, false)).toBe(false);
    expect(isIgnoredByRules(rules, `dir/${'a'.repeat(40)}b`, false)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('applies a nested .gitignore to its own subtree only', () => {
    const rules = [...parseGitignore('*.log\n'), ...parseGitignore('/local.txt\n!keep.log\n', 'pkg')];
    expect(isIgnoredByRules(rules, 'pkg/local.txt', false)).toBe(true);
    expect(isIgnoredByRules(rules, 'local.txt', false)).toBe(false);
    expect(isIgnoredByRules(rules, 'other/local.txt', false)).toBe(false);
    expect(isIgnoredByRules(rules, 'pkg/keep.log', false)).toBe(false);
    expect(isIgnoredByRules(rules, 'keep.log', false)).toBe(true);
  });
});

describe('WorkspaceIgnore', () => {
  it('reads .gitignore files lazily and names why a path is left out', async () => {
    const sandbox = new VirtualSandbox({
      files: { '.gitignore': 'secrets/\n*.env\n', 'pkg/.gitignore': 'gen/\n', 'pkg/src/a.ts': '', 'pkg/gen/x.ts': '' },
    });
    const ignore = new WorkspaceIgnore(sandbox);
    expect(await ignore.reason('/workspace/node_modules', 'dir')).toBe('default');
    expect(await ignore.reason('/workspace/pkg/target', 'dir')).toBe('default');
    expect(await ignore.reason('/workspace/secrets', 'dir')).toBe('gitignore');
    expect(await ignore.reason('/workspace/pkg/prod.env', 'file')).toBe('gitignore');
    expect(await ignore.reason('/workspace/pkg/gen', 'dir')).toBe('gitignore');
    expect(await ignore.reason('/workspace/gen', 'dir')).toBeNull();
    expect(await ignore.reason('/workspace/pkg/src/a.ts', 'file')).toBeNull();
  });
});
