import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import { RUN_SWITCHES, runTaskCommand } from '../../../src/cli/run-task';
import { exportCommand, showCommand } from '../../../src/cli/show-session';
import { SESSION_EVENT_LIMIT, sessionTooManyEvents, STREAMED_PIECE_LIMIT } from '../../../src/protocol/session-file';
import { loadSessionFile } from '../../../src/store/session-file';
import { sessionWithManyEvents } from './many-events';

const silent = () => undefined;

describe('how many events a session file or link may hold', () => {
  it('is far above what real sessions hold', () => {
    // The largest scripted scenario records about 230 events (deltas included) and the bench's long session 2,000.
    expect(SESSION_EVENT_LIMIT).toBe(20_000);
    expect(STREAMED_PIECE_LIMIT).toBeGreaterThanOrEqual(10 * SESSION_EVENT_LIMIT);
  });

  it('opens a session at the limit and refuses one over it, saying how many it has and what the limit is', async () => {
    const base = await sessionWithManyEvents(0);
    const atLimit = await sessionWithManyEvents(SESSION_EVENT_LIMIT - base.events.length);
    expect(atLimit.events).toHaveLength(SESSION_EVENT_LIMIT);
    expect((await loadSessionFile(atLimit)).ok).toBe(true);

    const over = await sessionWithManyEvents(60_000);
    const started = performance.now();
    const refused = await loadSessionFile(over);
    // Refused before any event is checked, so a huge one costs nothing.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/has 60,\d{3} events; Phasegate opens sessions of at most 20,000/) });
  }, 60_000);

  it('counts the streamed pieces of replies apart, under a limit of their own', async () => {
    const manyPieces = await sessionWithManyEvents(SESSION_EVENT_LIMIT + 100, 'model_delta');
    expect(sessionTooManyEvents(manyPieces.events)).toBeNull();
    const tooMany = await sessionWithManyEvents(STREAMED_PIECE_LIMIT + 1, 'model_delta');
    expect(await loadSessionFile(tooMany)).toEqual({ ok: false, error: expect.stringMatching(/streamed pieces of replies/) });
  }, 60_000);

  it('the CLI’s show, export and --resume refuse such a file with the same message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pg-cap-'));
    const file = join(dir, 'many.phasegate.json');
    await writeFile(file, JSON.stringify(await sessionWithManyEvents(30_000)));
    const limit = /many\.phasegate\.json: The session has 30,\d{3} events; Phasegate opens sessions of at most 20,000/;
    await expect(showCommand(parseArgs([file], new Set(['json'])), silent)).rejects.toThrow(limit);
    await expect(exportCommand(parseArgs([file, '--out', join(dir, 'out')], new Set()), silent)).rejects.toThrow(limit);
    await expect(runTaskCommand(parseArgs(['--resume', file], RUN_SWITCHES), silent)).rejects.toThrow(limit);
  }, 60_000);
});
