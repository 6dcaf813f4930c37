import type { ReactNode } from 'react';
import type { RunStatus } from '../../protocol/events';
import { type ReplayShown, replayStatusText } from '../replay/replay-state';
import type { ContextUsage } from '../state/context-usage';
import type { PhaseStrip } from '../state/phase-strip';
import { ContextMeter } from './ContextMeter';
import { HeaderIcon } from './HeaderIcon';
import { PhaseStatus } from './PhaseStatus';
import { SandboxStatus, type SandboxStatusProps } from './SandboxStatus';

export interface HeaderProps {
  /** The live engine's (replay-state.ts, liveRunStatus): never the replayed point's. */
  status: RunStatus | 'interrupted';
  /** The replay shown ("Replay 20/38"), or null while the page shows the live session. */
  replay?: ReplayShown | null;
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
  replay = null,
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
    <header className="app-header" data-replay={replay ? 'true' : 'false'}>
      <h1 className="brand">Phasegate</h1>
      {!presenter && (
        <p
          className="model-label"
          // The label may be cut with an ellipsis on one header row: the title keeps it whole.
          title={`${modelText}: ${modelOfSession ? "the shared session's model; your next run uses yours from Settings" : 'the model the next run uses'}`}
        >
          <span className="caption">Model</span> <span>{modelText}</span>
        </p>
      )}
      <PhaseStatus strip={phase} />
      <div className="header-status">
        <SandboxStatus {...sandbox} />
        {replay && (
          // Not live: the position changes many times a second while a replay plays.
          <div role="status" aria-label="Replay status" aria-live="off" className="pill pill--replay" title="Agent steps shown in the replay">
            {replayStatusText(replay)}
          </div>
        )}
        <div
          role="status"
          aria-label="Run status"
          className="pill pill--status"
          data-status={status}
          title={replay ? 'The live engine: nothing runs while a replay is shown' : undefined}
        >
          {statusText ?? status}
        </div>
        {iteration && (
          <span className="iteration" aria-live="off">
            step {iteration.iteration}/{iteration.maxIterations}
          </span>
        )}
        {!presenter && <ContextMeter usage={usage} />}
      </div>
      <div className="header-actions">
        {/* Presenter mode leaves out what a room does not need: New session, Share, Settings, the context meter. */}
        {!presenter && (
          <button type="button" className="button header-button" disabled={busy} onClick={onNewSession} title="New session">
            <HeaderIcon name="new" />
            <span className="header-button__text">New session</span>
          </button>
        )}
        <button type="button" className="button header-button" onClick={onOpenSessions} title="Sessions">
          <HeaderIcon name="sessions" />
          <span className="header-button__text">Sessions</span>
        </button>
        {!presenter && (
          <button type="button" className="button header-button" disabled={onShare === null} onClick={onShare ?? undefined} title="Share">
            <HeaderIcon name="share" />
            <span className="header-button__text">Share</span>
          </button>
        )}
        <button type="button" className="button header-button" aria-pressed={presenter} onClick={onTogglePresenter} title="Presenter mode">
          <HeaderIcon name="presenter" />
          <span className="header-button__text">Presenter mode</span>
        </button>
        {!presenter && (
          <button type="button" className="button header-button" onClick={onOpenSettings} title="Settings">
            <HeaderIcon name="settings" />
            <span className="header-button__text">Settings</span>
          </button>
        )}
        <button
          type="button"
          className="button header-button"
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
