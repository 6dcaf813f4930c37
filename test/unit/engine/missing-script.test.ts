import { describe, expect, it } from 'vitest';
import { missingScriptNote } from '../../../src/engine/missing-script';
import { type EngineEvent, EngineEventSchema, EVENT_SCHEMA_VERSION, type EventPayload } from '../../../src/protocol/events';

let seq = 0;
const stamp = (payload: EventPayload): EngineEvent => EngineEventSchema.parse({ ...payload, v: EVENT_SCHEMA_VERSION, seq: ++seq, ts: 1, runId: 'r' });

/** A run_command call and its successful result, in `phase`. */
function ran(command: string, id: string): EngineEvent[] {
  return [
    stamp({ type: 'tool_call', callId: id, name: 'run_command', args: { command }, rawArguments: JSON.stringify({ command }) }),
    stamp({ type: 'tool_result', callId: id, name: 'run_command', ok: true, output: 'exit code 0', durationMs: 1 }),
  ];
}

const REFUSAL = "npm test runs script 'tests/run.sh', which does not exist";

describe('a refusal for a missing script names what removed it', () => {
  it('the command that removed the folder, not a later one that named it again', () => {
    const log = [
      stamp({ type: 'phase_changed', from: 'planning', to: 'building', reason: 'plan done', auto: false }),
      ...ran('rm -rf tests', 'c1'),
      ...ran('mkdir tests', 'c2'),
      ...ran('ls tests', 'c3'),
    ];
    expect(missingScriptNote(REFUSAL, log)).toBe(
      'Missing: tests/run.sh, which the command runs, is not in the workspace. By the log, it was removed by `rm -rf tests` (run_command in building); restore it before testing.',
    );
  });

  it('a move or a git command that drops files counts as a removal too; without one, the last command naming it is named', () => {
    expect(missingScriptNote(REFUSAL, [...ran('mv tests old-tests', 'c1'), ...ran('cat tests/x', 'c2')])).toContain('removed by `mv tests old-tests`');
    expect(missingScriptNote(REFUSAL, [...ran('git clean -fdx tests', 'c1'), ...ran('touch tests/a', 'c2')])).toContain('removed by `git clean -fdx tests`');
    expect(missingScriptNote(REFUSAL, ran('./cleanup.sh tests', 'c1'))).toContain('removed by `./cleanup.sh tests`');
    expect(missingScriptNote(REFUSAL, ran('echo hi', 'c1'))).toContain('The log does not say which command removed it.');
    expect(missingScriptNote('something else was refused', ran('rm -rf tests', 'c1'))).toBeNull();
  });
});
