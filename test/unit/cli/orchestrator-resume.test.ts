import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionFile } from '../../../src/protocol/session-file';
import { runCli } from './run-cli';

describe('agent run --mode orchestrator --resume', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The orchestrator demo saved, then cut after the first result of coder round 2: an interrupted run. */
  async function cutInCoderRound2(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'pg-orchestrator-'));
    dirs.push(dir);
    const full = join(dir, 'full.phasegate.json');
    const ran = await runCli(['--task', 'x', '--model', 'scripted:orchestrator-demo', '--mode', 'orchestrator', '--max-review-rounds', '3', '--save', full]);
    expect(ran.code).toBe(0);
    const session = JSON.parse(await readFile(full, 'utf8')) as SessionFile;
    const start = session.events.findIndex((event) => event.type === 'role_started' && event.role === 'coder' && event.round === 2);
    const firstResult = session.events.findIndex((event, i) => i > start && event.type === 'tool_result');
    const cut = join(dir, 'cut.phasegate.json');
    await writeFile(cut, JSON.stringify({ ...session, session: { ...session.session, status: 'running' }, events: session.events.slice(0, firstResult + 1) }));
    return cut;
  }

  it('goes on in the coder’s round 2 and ends completed and verified', async () => {
    const cut = await cutInCoderRound2();
    const { code, events } = await runCli(['--resume', cut, '--json']);
    expect(events[0]).toMatchObject({ type: 'run_resumed', maxReviewRounds: 3 });
    expect(events.flatMap((event) => (event.type === 'role_started' ? [`${event.role}:${event.round}`] : []))).toEqual(['reviewer:2']);
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed', verified: true });
    expect(code).toBe(0);
  });

  it('refuses a --max-review-rounds that would change the recorded one', async () => {
    const cut = await cutInCoderRound2();
    await expect(runCli(['--resume', cut, '--max-review-rounds', '1'])).rejects.toThrow(
      /^--max-review-rounds would change a setting the session recorded \(maxReviewRounds: 3, given 1\)/,
    );
  });
});
