import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { checkCommandCommand } from '../../../src/cli/check-command';

async function* lines(...items: string[]): AsyncIterable<string> {
  for (const item of items) yield item;
}

async function run(argv: string[], input: string[] = []): Promise<{ code: number; out: string[]; errors: string[] }> {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await checkCommandCommand(
    parseArgs(argv, new Set(['jsonl'])),
    lines(...input),
    (line) => out.push(line),
    (line) => errors.push(line),
  );
  return { code, out, errors };
}

const jsonl = (cmd: string) => JSON.stringify({ cmd });

describe('check-command CLI', () => {
  it('answers every {"cmd"} line in order with allowed, readonly and reason', async () => {
    const cmds = ['ls -la', 'echo hi > out.txt', "grep -rn 'x' src | head", 'npm test', ''];
    const { code, out, errors } = await run(['--phase', 'planning', '--jsonl'], cmds.map(jsonl));
    expect(code).toBe(0);
    expect(errors).toEqual([]);
    const answers = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(answers.map((a) => a.cmd)).toEqual(cmds);
    expect(answers.map((a) => a.allowed)).toEqual([true, false, true, false, true]);
    expect(answers.map((a) => a.readonly)).toEqual([true, false, true, false, true]);
    expect(answers[1]?.reason).toContain("'> out.txt'");
    for (const a of answers) expect(Object.keys(a)).toEqual(['cmd', 'allowed', 'readonly', 'reason']);
  });

  it('uses the rule of the phase it is given', async () => {
    const input = ['npx vitest run', 'rm old.txt', 'rm -rf /'].map(jsonl);
    const allowedIn = async (phase: string) =>
      (await run(['--phase', phase, '--jsonl'], input)).out.map((l) => (JSON.parse(l) as { allowed: boolean }).allowed);
    expect(await allowedIn('planning')).toEqual([false, false, false]);
    expect(await allowedIn('verification')).toEqual([true, false, false]);
    expect(await allowedIn('building')).toEqual([true, true, false]);
    expect(await allowedIn('delivery')).toEqual([true, true, true]);
  });

  it('with --workdir, judges scripts run by name by their content on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'phasegate-check-'));
    mkdirSync(join(dir, 'tests'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: 'bash tests/run.sh', wipe: 'bash tests/wipe.sh' } }));
    writeFileSync(join(dir, 'tests/run.sh'), 'echo ok\n');
    writeFileSync(join(dir, 'tests/wipe.sh'), 'rm -rf .\n');
    writeFileSync(join(mkdtempSync(join(tmpdir(), 'phasegate-outside-')), 'x.sh'), 'echo hi\n');
    symlinkSync('/etc/hostname', join(dir, 'tests/out.sh'));
    const input = ['npm test', 'npm run wipe', 'bash tests/out.sh'].map(jsonl);
    const answers = (await run(['--phase', 'building', '--jsonl', '--workdir', dir], input)).out.map(
      (l) => JSON.parse(l) as { allowed: boolean; reason: string },
    );
    expect(answers.map((a) => a.allowed)).toEqual([true, false, false]);
    expect(answers[1]?.reason).toContain('rm -rf');
    expect(answers[2]?.reason).toContain('out of the workspace');
    const without = (await run(['--phase', 'building', '--jsonl'], [jsonl('npm test')])).out.map((l) => JSON.parse(l) as { allowed: boolean; reason: string });
    expect(without[0]?.allowed).toBe(false);
    expect(without[0]?.reason).toContain('--workdir');
  });

  it('answers from the policy runs use, overridden by --policy (phase rules and user rules)', async () => {
    const input = ['touch a.txt', 'git push', 'ls'].map(jsonl);
    const answers = async (argv: string[]) => (await run(argv, input)).out.map((l) => JSON.parse(l) as { allowed: boolean; reason: string });
    expect((await answers(['--phase', 'planning', '--jsonl'])).map((a) => a.allowed)).toEqual([false, false, true]);
    const policy = JSON.stringify({ phases: { planning: { shell: 'any' } }, commands: { deny: ['git push'] } });
    const overridden = await answers(['--phase', 'planning', '--jsonl', '--policy', policy]);
    expect(overridden.map((a) => a.allowed)).toEqual([true, false, true]);
    expect(overridden[1]?.reason).toContain('denied by your rule "git push"');
    await expect(run(['--phase', 'planning', '--jsonl', '--policy', '{"phases":{"x":{}}}'], [])).rejects.toThrow(/--policy is invalid: phases.x/);
  });

  it('still answers lines that are not valid input, refused, and skips blank ones', async () => {
    const { code, out, errors } = await run(['--phase', 'building', '--jsonl'], ['not json', '{"cmd": 3}', '{"command": "ls"}', '   ', jsonl('ls')]);
    expect(code).toBe(1);
    expect(errors).toEqual([
      expect.stringMatching(/^error: input line 1: not JSON \(/),
      expect.stringMatching(/^error: input line 2: expected \{"cmd": "..."\} \(cmd: .*string/),
      expect.stringMatching(/^error: input line 3: expected \{"cmd": "..."\} \(cmd: /),
      'error: 3 input lines were not valid; each got an error answer',
    ]);
    const answers = out.map((l) => JSON.parse(l) as { cmd: unknown; allowed: boolean; readonly: boolean; reason: string });
    expect(answers).toHaveLength(4);
    expect(answers[0]).toMatchObject({ cmd: 'not json', allowed: false, readonly: false });
    expect(answers[0]?.reason).toMatch(/^invalid input line: not JSON/);
    expect(answers[1]).toMatchObject({ cmd: null, allowed: false, readonly: false });
    expect(answers[1]?.reason).toContain('invalid input line');
    expect(answers[2]).toMatchObject({ cmd: null, allowed: false });
    expect(answers[3]).toMatchObject({ cmd: 'ls', allowed: true, readonly: true, reason: 'read-only' });
  });

  it('keeps one answer on one line even when the command holds line separators', async () => {
    const cmd = 'cat <<EOF\nline\u2028two\nEOF';
    const { out } = await run(['--phase', 'planning', '--jsonl'], [jsonl(cmd)]);
    expect(out).toHaveLength(1);
    expect(out[0]).not.toMatch(/[\n\u2028\u2029]/);
    expect((JSON.parse(out[0] as string) as { cmd: string }).cmd).toBe(cmd);
  });

  it('checks commands given as arguments without --jsonl', async () => {
    const ok = await run(['--phase', 'planning', 'ls', 'git status']);
    expect(ok.code).toBe(0);
    expect(ok.out.join('\n')).toContain('allowed  git status');
    const refused = await run(['--phase', 'planning', 'rm x']);
    expect(refused.code).toBe(1);
    expect(refused.out.join('\n')).toContain("'rm x' deletes files");
  });

  it('rejects a missing or unknown phase and unknown options', async () => {
    await expect(run(['--jsonl'])).rejects.toThrow(UsageError);
    await expect(run(['--phase', 'testing', '--jsonl'])).rejects.toThrow(/--phase planning\|building/);
    await expect(run(['--phase', 'planning', '--jsonl', '--strict', 'yes'])).rejects.toThrow(/unknown option --strict/);
    await expect(run(['--phase', 'planning'])).rejects.toThrow(/--jsonl/);
    await expect(run(['--phase', 'building', '--jsonl', '--workdir', 'rel'])).rejects.toThrow(/absolute/);
  });

  it('judges paths against --workdir', async () => {
    const input = [jsonl('rm -rf /srv/app/build')];
    const answer = async (argv: string[]) => JSON.parse((await run(argv, input)).out[0] as string) as { allowed: boolean };
    expect((await answer(['--phase', 'building', '--jsonl'])).allowed).toBe(false);
    expect((await answer(['--phase', 'building', '--jsonl', '--workdir', '/srv/app'])).allowed).toBe(true);
    const relative = [jsonl('rm -rf build')];
    const fromRoot = JSON.parse((await run(['--phase', 'building', '--jsonl', '--cwd', '/'], relative)).out[0] as string) as { allowed: boolean };
    expect(fromRoot.allowed).toBe(false);
  });
});
