import { useCallback, useEffect, useRef, useState } from 'react';
import type { ViolationView } from '../state/phase';
import { admit, dismiss, emptyQueue } from '../state/toast-queue';
import { refusalSummary } from '../timeline/format';

import '../styles/toasts.css';

/** How long a refusal toast stays up, unless hovered or focused. */
export const TOAST_MS = 7000;

/**
 * One toast per phase_violation: the refused tool and the hint. Each is a status
 * named "Refusal"; it closes with its button, with Escape (the newest one), or on its own.
 */
export function RefusalToasts({ violations }: { violations: readonly ViolationView[] }) {
  // Refusals already in the log when the page mounted (a restored session) are history, not news.
  const [queue, setQueue] = useState(() => emptyQueue<ViolationView>(violations.map((v) => v.id)));
  useEffect(() => setQueue((current) => admit(current, violations)), [violations]);
  const close = useCallback((id: string) => setQueue((current) => dismiss(current, id)), []);
  const newest = queue.visible.at(-1)?.id ?? null;

  return (
    <div className="toasts">
      {queue.visible.map((violation) => (
        <RefusalToast key={violation.id} violation={violation} newest={violation.id === newest} onClose={close} />
      ))}
    </div>
  );
}

function RefusalToast({ violation, newest, onClose }: { violation: ViolationView; newest: boolean; onClose: (id: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const focusBefore = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const closeSelf = useCallback(() => {
    // Closing the toast that holds focus hands focus back to where it came from.
    if (box.current?.contains(document.activeElement) && focusBefore.current?.isConnected) focusBefore.current.focus();
    onClose(violation.id);
  }, [onClose, violation.id]);

  useEffect(() => {
    if (hovered || focused) return;
    const timer = setTimeout(closeSelf, TOAST_MS);
    return () => clearTimeout(timer);
  }, [hovered, focused, closeSelf]);

  useEffect(() => {
    if (!newest) return;
    const onKey = (event: KeyboardEvent) => {
      // A modal dialog owns Escape while it is open.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      // Escape closes the toast first (captured, and marked handled), so it does not also stop the run.
      event.preventDefault();
      closeSelf();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [newest, closeSelf]);

  return (
    <div
      ref={box}
      role="status"
      aria-label="Refusal"
      className="toast toast--refusal"
      data-violation-id={violation.id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          focusBefore.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
        }
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="toast-body">
        <p className="toast-title">Refused: {refusalSummary({ ...violation, refused: violation.kind })}</p>
        <p className="toast-text">{violation.hint}</p>
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss refusal" onClick={closeSelf}>
        ×
      </button>
    </div>
  );
}
