import type { ReactNode } from 'react';
import type { RunStatus } from '../../protocol/events';
import type { ContextUsage } from '../state/context-usage';
import type { PhaseStrip } from '../state/phase-strip';
import { ContextMeter } from './ContextMeter';
import { PhaseStatus } from './PhaseStatus';
import { SandboxStatus, type SandboxStatusProps } from './SandboxStatus';

export interface HeaderProps {
  status: RunStatus | 'interrupted';
  /** Shown instead of `status` (e.g. "starting sandbox (7 s)"). */
  statusText?: ReactNode;
  sandbox: SandboxStatusProps;
  modelText: string;
  /** The label is the shared session's own model (its runs'), not the one the next run uses. */
  modelOfSession?: boolean;
  phase: PhaseStrip;
  iteration: { iteration: number; maxIterations: number } | null;
  /** The context meter's figures (null before the session's first reply). */
  usage: ContextUsage | null;
  onOpenSettings: () => void;
  onOpenSessions: () => void;
  onNewSession: () => void;
  /** Null when there is no session on the page to share. */
  onShare: (() => void) | null;
  /** A run is under way: a new session would pull its workspace away. */
  busy: boolean;
  presenter: boolean;
  onTogglePresenter: () => void;
  onOpenShortcuts: () => void;
}

export function Header({
  status,
  statusText,
  sandbox,
  modelText,
  modelOfSession = false,
  phase,
  iteration,
  usage,
  onOpenSettings,
  onOpenSessions,
  onNewSession,
  onShare,
  busy,
  presenter,
  onTogglePresenter,
  onOpenShortcuts,
}: HeaderProps) {
  return (
    <header className="app-header">
      <h1 className="brand">Phasegate</h1>
      {!presenter && (
        <p
          className="model-label"
          title={modelOfSession ? "The shared session's model; your next run uses yours from Settings" : 'The model the next run uses'}
        >
          <span className="caption">Model</span> <span>{modelText}</span>
        </p>
      )}
      <PhaseStatus strip={phase} />
      <div className="header-status">
        <SandboxStatus {...sandbox} />
        <div role="status" aria-label="Run status" className="pill pill--status" data-status={status}>
          {statusText ?? status}
        </div>
        {iteration && (
          <span className="iteration" aria-live="off">
            step {iteration.iteration}/{iteration.maxIterations}
          </span>
        )}
        <ContextMeter usage={usage} />
      </div>
      <div className="header-actions">
        <button type="button" className="button" disabled={busy} onClick={onNewSession}>
          New session
        </button>
        <button type="button" className="button" onClick={onOpenSessions}>
          Sessions
        </button>
        <button type="button" className="button" disabled={onShare === null} onClick={onShare ?? undefined}>
          Share
        </button>
        <button type="button" className="button" aria-pressed={presenter} onClick={onTogglePresenter}>
          Presenter mode
        </button>
        {!presenter && (
          <button type="button" className="button" onClick={onOpenSettings}>
            Settings
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-label="Keyboard shortcuts (?)"
          aria-keyshortcuts="?"
          title="Keyboard shortcuts (?)"
          onClick={onOpenShortcuts}
        >
          ?
        </button>
      </div>
    </header>
  );
}
