import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { SandboxActions } from '../engine/use-sandbox';
import { BOOTING_TEXT, type SandboxStatus as Status, sandboxStatusText } from '../sandbox-connection';

import '../styles/sandbox.css';

export interface SandboxStatusProps {
  status: Status;
  actions: SandboxActions;
}

/** Date.now(), ticking every second while `live`. */
function useNow(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [live]);
  return live ? now : Date.now();
}

/** True while the element's one line is cut off (it has an ellipsis). */
function useTruncated(element: React.RefObject<HTMLElement | null>, text: string): boolean {
  const [truncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setTruncated(node.scrollWidth > node.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, text]);
  return truncated;
}

/** The header's Sandbox status: one line (the full text in its title and, when cut off, under "Details"), and its buttons. */
export function SandboxStatus({ status, actions }: SandboxStatusProps) {
  const booting = status.phase === 'booting';
  const text = sandboxStatusText(status, useNow(booting));
  const textRef = useRef<HTMLDivElement>(null);
  const truncated = useTruncated(textRef, text);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const kind = status.phase === 'ready' ? status.info.kind : 'none';
  // A new phase is a new text: its details start closed.
  useEffect(() => setOpen(false), [status.phase]);

  return (
    <div className="sandbox-status">
      <div className="sandbox-status__line">
        <div
          ref={textRef}
          role="status"
          aria-label="Sandbox"
          className="pill pill--sandbox sandbox-status__text"
          data-kind={kind}
          data-check={status.phase === 'ready' ? status.check : undefined}
          title={text}
        >
          {booting ? (
            <>
              {BOOTING_TEXT}
              {/* The ticking seconds are shown, not announced every second. */}
              <span aria-hidden="true">{text.slice(BOOTING_TEXT.length)}</span>
            </>
          ) : (
            text
          )}
        </div>
        {booting && (
          <button type="button" className="button sandbox-status__button" onClick={actions.useVirtualNow}>
            Use virtual sandbox now
          </button>
        )}
        {status.phase === 'ready' && status.offerWebContainer && (
          <button type="button" className="button sandbox-status__button" onClick={actions.tryWebContainer}>
            Try WebContainer
          </button>
        )}
        {(truncated || open) && (
          <button
            type="button"
            className="button sandbox-status__button sandbox-status__toggle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            Details
          </button>
        )}
      </div>
      {open && (
        <p id={detailsId} className="sandbox-status__details">
          {text}
        </p>
      )}
    </div>
  );
}
