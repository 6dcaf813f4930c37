import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/args';
import { APPROVALS_COMMAND, APPROVALS_FILE } from '../../../src/model/scenarios/approvals';
import { runCli } from './run-cli';

const base = ['--task', 'Add a farewell function', '--model', 'scripted:approvals', '--json', '--no-final-check'];

describe('run --approve', () => {
  it('ask: prompts on stderr for the edit and the command and reads the answers piped to stdin', async () => {
    const run = await runCli([...base, '--approve', 'ask'], { stdin: 'y\nn not the whole suite now\n' });
    expect(run.code).toBe(0);
    expect(run.prompts).toContain(`Make this edit? create ${APPROVALS_FILE}`);
    expect(run.prompts).toContain(`Run this command? ${APPROVALS_COMMAND}`);
    const decided = run.events.filter((e) => e.type === 'approval_decided');
    expect(decided).toMatchObject([
      { kind: 'edit', decision: 'approved', via: 'terminal' },
      { kind: 'command', decision: 'denied', reason: 'not the whole suite now', via: 'terminal' },
    ]);
    expect(run.events.find((e) => e.type === 'tool_result' && e.name === 'run_command')).toMatchObject({
      ok: false,
      errorKind: 'denied_by_user',
      output: expect.stringMatching(/^The user denied this command: not the whole suite now/),
    });
    expect(run.events.find((e) => e.type === 'command_started')).toBeUndefined();
    expect(run.events.find((e) => e.type === 'run_configured')).toMatchObject({ askBefore: 'edits_and_commands' });
  });

  it('ask: "a" approves the rest of that kind, an unknown answer asks again, and the end of stdin denies with "no answer"', async () => {
    const approveAll = await runCli([...base, '--approve', 'ask'], { stdin: 'maybe\na\ny\n' });
    expect(approveAll.prompts).toContain('Answer y = approve');
    expect(approveAll.events.filter((e) => e.type === 'approval_decided').map((e) => e.type === 'approval_decided' && e.decision)).toEqual([
      'approved_all',
      'approved',
    ]);
    const ended = await runCli([...base, '--approve', 'ask'], { stdin: 'y\n' });
    expect(ended.events.filter((e) => e.type === 'approval_decided').at(-1)).toMatchObject({ kind: 'command', decision: 'denied', reason: 'no answer' });
    expect(ended.code).toBe(0);
  });

  it('auto (the default) asks nothing; an unknown value is a usage error', async () => {
    for (const flags of [[], ['--approve', 'auto']]) {
      const run = await runCli([...base, ...flags], { stdin: '' });
      expect(run.events.filter((e) => e.type === 'approval_requested')).toEqual([]);
      expect(run.prompts).toBe('');
      expect(run.events.find((e) => e.type === 'run_configured')).toMatchObject({ askBefore: 'nothing' });
    }
    await expect(runCli([...base, '--approve', 'sometimes'])).rejects.toThrow(UsageError);
    await expect(runCli([...base, '--approve', 'sometimes'])).rejects.toThrow('--approve must be auto or ask');
  });
});
