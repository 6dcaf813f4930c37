import { describe, expect, it } from 'vitest';
import { SHARE_LINK_LIMIT_BYTES, shareLinkFor } from '../../../src/protocol/share-fragment';
import { STARTER_PROJECT } from '../../../src/sandbox/starter-project';
import { exportSession, loadSessionFile } from '../../../src/store/session-file';
import { decodeSessionFromLink, encodeSessionForLink } from '../../../src/store/share-link';
import { initialState, reduceAll } from '../../../src/ui/state/reducer';
import { recordedRun } from './recorded-run';

describe('an orchestrator session through a share link', () => {
  it('keeps every role event and handoff, fits a link, and reduces to the same roles on the other side', async () => {
    const run = await recordedRun('orchestrator-demo', 'orchestrator');
    expect(run.status).toBe('completed');
    const file = await exportSession(run.store, run.sessionId, { withoutDeltas: true });
    const encoded = await encodeSessionForLink(file, Object.values(STARTER_PROJECT));
    expect(shareLinkFor('https://phasegate.example/', encoded).length).toBeLessThan(SHARE_LINK_LIMIT_BYTES);

    const decoded = decodeSessionFromLink(encoded);
    if (!decoded.ok) throw new Error(decoded.error);
    const loaded = await loadSessionFile(decoded.value, { knownTexts: Object.values(STARTER_PROJECT) });
    if (!loaded.ok) throw new Error(loaded.error);
    const roleEvents = (events: readonly { type: string }[]) => events.filter((event) => event.type === 'role_started' || event.type === 'role_finished');
    expect(roleEvents(loaded.session.events)).toEqual(roleEvents(run.events));

    const here = reduceAll(initialState, run.events).roles.visits;
    const there = reduceAll(initialState, loaded.session.events).roles.visits;
    expect(there.map(({ role, round, status, fix, handoff }) => ({ role, round, status, fix, handoff }))).toEqual(
      here.map(({ role, round, status, fix, handoff }) => ({ role, round, status, fix, handoff })),
    );
    expect(there.map(({ role, round }) => `${role}:${round}`)).toEqual(['planner:1', 'coder:1', 'reviewer:1', 'coder:2', 'reviewer:2']);
  });
});
