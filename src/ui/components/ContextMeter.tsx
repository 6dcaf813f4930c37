import { type ContextUsage, meterView } from '../state/context-usage';

/** How full the window is: ok below 70%, warn up to 90%, full above (the context is about to be compacted). */
function levelOf(fraction: number): 'ok' | 'warn' | 'full' {
  return fraction >= 0.9 ? 'full' : fraction >= 0.7 ? 'warn' : 'ok';
}

/**
 * The header's context meter: the last request's tokens out of the window ("12.4k / 128k", "~" when
 * estimated) with a small bar; its title (and, for screen readers, hidden text) gives the run's
 * prompt and completion totals and the cost, or "cost unknown". Derived from the log's `usage` events.
 */
export function ContextMeter({ usage }: { usage: ContextUsage | null }) {
  if (usage === null) return null;
  const view = meterView(usage);
  return (
    <div role="status" aria-label="Context" aria-live="off" className="context-meter" data-level={levelOf(view.fraction)} title={view.detail}>
      <span className="context-meter__text">{view.text}</span>
      <span className="context-meter__bar" aria-hidden="true">
        <span className="context-meter__fill" style={{ width: `${Math.round(view.fraction * 100)}%` }} />
      </span>
      <span className="visually-hidden">{view.detail}</span>
    </div>
  );
}
