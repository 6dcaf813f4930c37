import type { EngineEvent } from './events';
import type { Mode } from './settings';

/**
 * A session is one workspace and its runs. A run's first event (run_started, or run_resumed
 * after a reload) names the session it belongs to; without a name the run starts its own,
 * whose id is the run's id (so a one-run session, and every log from before sessions held
 * several runs, keeps its id).
 */
export function sessionOfRunStart(event: EngineEvent): string | null {
  if (event.type !== 'run_started' && event.type !== 'run_resumed') return null;
  return event.sessionId ?? event.runId;
}

/** Which session each run belongs to, learned from the runs' first events. */
export class RunSessions {
  private readonly sessions = new Map<string, string>();

  /** Learns from `event` when it starts (or resumes) a run; returns the event's session. */
  learn(event: EngineEvent): string {
    const session = sessionOfRunStart(event);
    if (session !== null) this.sessions.set(event.runId, session);
    return this.of(event.runId);
  }

  /** Says that `runId` belongs to `sessionId` (a stored session opened to be resumed or restored). */
  bind(runId: string, sessionId: string): void {
    this.sessions.set(runId, sessionId);
  }

  /** The session of a run; a run never seen starting is its own session. */
  of(runId: string): string {
    return this.sessions.get(runId) ?? runId;
  }

  forgetSession(sessionId: string): void {
    for (const [run, session] of this.sessions) if (session === sessionId) this.sessions.delete(run);
  }
}

/** The events of a session's last run (from its last run_started): the run a resume goes on with. */
export function lastRunEvents<E extends EngineEvent>(events: readonly E[]): E[] {
  const start = events.findLastIndex((event) => event.type === 'run_started');
  return start < 0 ? [...events] : events.slice(start);
}

/** The mode a run of these events was last configured in (a run continued in another mode records a new configuration). */
export function lastRunMode(events: readonly EngineEvent[]): Mode | null {
  const configured = events.findLast((event) => event.type === 'run_configured' || event.type === 'run_started');
  return configured?.type === 'run_configured' || configured?.type === 'run_started' ? configured.mode : null;
}
