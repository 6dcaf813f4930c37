import { describe, expect, it } from 'vitest';
import { checkCommand, classifyCommand, ShellRuleSchema } from '../../../src/shell';
import { COMMANDS } from '../../../src/shell/command-tables';

/** A small seeded generator so failures can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = [
  'ls',
  'rm',
  '-rf',
  '/',
  'x',
  '*',
  '|',
  '&&',
  '||',
  ';',
  '&',
  '>',
  '>>',
  '2>&1',
  '<',
  '<<EOF\nbody\nEOF\n',
  '$(',
  ')',
  '`',
  '"',
  "'",
  '{',
  '}',
  '(',
  '((',
  '))',
  '[[',
  ']]',
  'if',
  'then',
  'fi',
  'for',
  'in',
  'do',
  'done',
  'case',
  'esac',
  '$x',
  '${x:-y}',
  '$((1+2))',
  '<(',
  '>(',
  'git',
  'reset',
  '--hard',
  'npm',
  'test',
  'sed',
  '-i',
  'find',
  '-delete',
  '-exec',
  '{}',
  '\\;',
  'xargs',
  'sh',
  '-c',
  'eval',
  '\\',
  '\n',
  ' ',
  '=',
  'a=1',
  '#',
  '~',
  '..',
  '.',
];

function generate(next: () => number): string {
  const length = 1 + Math.floor(next() * 12);
  let out = '';
  for (let i = 0; i < length; i++) out += `${PIECES[Math.floor(next() * PIECES.length)]} `;
  return out;
}

describe('classifier invariants', () => {
  it('never throws and keeps its verdicts consistent on generated input', () => {
    const next = random(20261122);
    for (let i = 0; i < 3000; i++) {
      const cmd = generate(next);
      const verdict = classifyCommand(cmd);
      expect(verdict.readonly, cmd).toBe(verdict.reasons.length === 0);
      expect(verdict.reason, cmd).toBe(verdict.reasons[0] ?? 'read-only');
      if (verdict.isTest || verdict.destructive || !verdict.parsed) expect(verdict.readonly, cmd).toBe(false);
      if (verdict.needsFiles.length > 0) expect(verdict.parsed, cmd).toBe(false);
      expect(verdict.denied, cmd).toEqual([]);
      if (verdict.destructive) expect(checkCommand(cmd, 'not_destructive').allowed, cmd).toBe(false);
      if (!verdict.readonly) expect(checkCommand(cmd, 'readonly').allowed, cmd).toBe(false);
      expect(checkCommand(cmd, 'any').allowed).toBe(true);
    }
  });

  it('handles every known command with odd arguments', () => {
    for (const name of Object.keys(COMMANDS)) {
      for (const args of ['', ' --weird-flag', ' -- x', ' $X', ' "$(ls)" sub', ' -']) {
        const verdict = classifyCommand(`${name}${args}`);
        expect(typeof verdict.readonly).toBe('boolean');
        if (!verdict.readonly) expect(verdict.reason.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives the same verdict for the same command under each rule it is checked against', () => {
    for (const rule of ShellRuleSchema.options) {
      expect(checkCommand('git status && rm -rf node_modules', rule)).toEqual(checkCommand('git status && rm -rf node_modules', rule));
    }
  });

  it('refuses code nested too deeply instead of following it forever', () => {
    let cmd = 'rm x';
    for (let i = 0; i < 40; i++) cmd = `echo $(${cmd})`;
    const verdict = classifyCommand(cmd);
    expect(verdict.readonly).toBe(false);
    let evals = 'ls';
    for (let i = 0; i < 15; i++) evals = `eval ${JSON.stringify(evals)}`;
    expect(classifyCommand(evals).readonly).toBe(false);
  });
});
