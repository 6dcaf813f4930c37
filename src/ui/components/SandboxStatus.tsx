import { useEffect, useId, useRef, useState } from 'react';
import type { SandboxInfo } from '../../protocol/events';
import type { SandboxActions } from '../engine/use-sandbox';
import { BOOTING_TEXT, type SandboxStatus as Status, sandboxStatusParts, sandboxStatusText } from '../sandbox-connection';

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

const RUNTIME_NAMES: Record<string, string> = { node: 'Node.js (its API on QuickJS)', python3: 'Python (Pyodide, standard library only)' };

/** What the sandbox is and can run, for the ⓘ details. */
export function sandboxAbout(info: SandboxInfo): string {
  if (info.kind === 'webcontainer') {
    return `${info.label}: real Node.js and npm running in this tab (StackBlitz's WebContainer), so npm install works; no Python.`;
  }
  const runtimes = (info.runtimes ?? ['node']).map((command) => RUNTIME_NAMES[command] ?? command).join(' and ');
  return `${info.label}: a shell emulated in this tab with ${runtimes}, and offline test runners. No network: npm install and downloads do not work.`;
}

/**
 * The header's Sandbox status: a name a newcomer understands ("Offline sandbox (no network)",
 * "WebContainer"), with why this sandbox in the status's own text (visually hidden) and, behind the
 * ⓘ button, what it is, what it can run and why it was chosen; its buttons sit outside the status.
 */
export function SandboxStatus({ status, actions }: SandboxStatusProps) {
  const booting = status.phase === 'booting';
  const now = useNow(booting);
  const { name, why } = sandboxStatusParts(status, now);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const kind = status.phase === 'ready' ? status.info.kind : 'none';
  // A new phase is a new text: its details start closed.
  useEffect(() => setOpen(false), [status.phase]);

  return (
    // Escape closes the details from the ⓘ button or inside them, and the focus goes back to the button.
    <div
      className="sandbox-status"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <div className="sandbox-status__line">
        <div
          role="status"
          aria-label="Sandbox"
          className="pill pill--sandbox sandbox-status__text"
          data-kind={kind}
          data-check={status.phase === 'ready' ? status.check : undefined}
          title={sandboxStatusText(status, now)}
        >
          {booting ? (
            <>
              {BOOTING_TEXT}
              {/* The ticking seconds are shown, not announced every second. */}
              <span aria-hidden="true">{name.slice(BOOTING_TEXT.length)}</span>
            </>
          ) : (
            name
          )}
          {why !== null && (
            <>
              {' '}
              <span className="sandbox-status__why">— {why}</span>
            </>
          )}
        </div>
        {why !== null && (
          <button
            ref={toggle}
            type="button"
            className="button sandbox-status__button sandbox-status__about"
            aria-label="About the sandbox"
            title="About the sandbox"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true" className="sandbox-status__icon">
              i
            </span>
          </button>
        )}
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
      </div>
      {open && why !== null && (
        <div id={detailsId} className="sandbox-status__details" role="region" aria-label="About the sandbox">
          {status.phase === 'ready' && <p>{sandboxAbout(status.info)}</p>}
          <p>
            <strong>Why this one:</strong> {why}
          </p>
        </div>
      )}
    </div>
  );
}
