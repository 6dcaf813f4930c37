import { retriedText, retryingText } from '../../protocol/retry-text';
import type { CurrentWait } from '../state/current-wait';
import type { TimelineEntry } from '../state/reducer';
import { useNow } from '../use-now';

/** What the Timeline needs to show the wait at the end of the log. */
export interface TimelineWait {
  current: CurrentWait | null;
  /** The run is live (not a replay, not a stored session): waits tick. */
  live: boolean;
  /** The label of the model the run uses. */
  model: string;
}

type RetryEntry = Extract<TimelineEntry, { kind: 'retry' }>;

/** A retry: a live countdown while it is what the run waits on, else its delay as it was. */
export function RetryLine({ entry, wait }: { entry: RetryEntry; wait: TimelineWait | null }) {
  const current = wait?.current?.kind === 'retry' && wait.current.entryId === entry.id ? wait.current : null;
  return (
    <p className="entry-text notice notice--warning">
      <span className="entry-label">Retry</span>{' '}
      {current === null ? retriedText(entry) : wait?.live ? <RetryCountdown entry={entry} until={current.until} /> : retryingText(entry)}
    </p>
  );
}

function RetryCountdown({ entry, until }: { entry: RetryEntry; until: number }) {
  const now = useNow(until);
  return <>{retryingText(entry, until - now)}</>;
}

/** The transient line under the Timeline's entries: the model being waited on, or a tool call being prepared. */
export function WaitLine({ wait }: { wait: TimelineWait | null }) {
  if (wait === null || !wait.live || wait.current === null) return null;
  const { current } = wait;
  if (current.kind === 'preparing') {
    return (
      <p className="wait-line" data-wait="preparing">
        Preparing <code>{current.name}</code>
        {current.path !== null && (
          <>
            {' '}
            <code>{current.path}</code>
          </>
        )}
        …
      </p>
    );
  }
  return <ModelWaitLine since={current.kind === 'model' ? current.since : current.until} model={wait.model} afterDelay={current.kind === 'retry'} />;
}

function ModelWaitLine({ since, model, afterDelay }: { since: number; model: string; afterDelay: boolean }) {
  const now = useNow(since);
  // A retry's line appears once its delay is over and the request is out again.
  if (afterDelay && now < since) return null;
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <p className="wait-line" data-wait="model">
      Waiting for the model… {seconds} s · <span className="wait-model">{model}</span>
    </p>
  );
}

/** The Run status while a run waits for the sandbox: "starting sandbox (7 s)". */
export function StartingSandboxText({ since }: { since: number }) {
  const now = useNow(since);
  return <>starting sandbox ({Math.max(0, Math.floor((now - since) / 1000))} s)</>;
}
