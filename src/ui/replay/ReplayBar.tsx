import { REPLAY_SPEEDS, type ReplayControl, type ReplaySpeed } from './use-replay';

import '../styles/settings.css';
import '../styles/replay.css';

export interface ReplayBarProps {
  replay: ReplayControl;
  /** "Continue from here": null when there is no stored session to continue (or a run is going). */
  onContinue: (() => void) | null;
}

const SPEED_LABELS: Record<ReplaySpeed, string> = {
  workshop: '3 s per step',
  '0.5': '0.5×',
  '1': '1×',
  '2': '2×',
  '4': '4×',
  '8': '8×',
  instant: 'instant',
};

/**
 * Replay controls for the session on the page: play, step (one agent step: a model turn or a tool
 * result), speed, position (event by event) and continue from a point. The counter counts steps.
 */
export function ReplayBar({ replay, onContinue }: ReplayBarProps) {
  if (replay.length === 0) return null;
  return (
    <div className="replay" role="group" aria-label="Replay">
      <button type="button" className="button" onClick={replay.toggle}>
        {replay.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" className="button" disabled={replay.position === 0} onClick={replay.stepBack}>
        Step back
      </button>
      <button type="button" className="button" disabled={replay.position >= replay.length} onClick={replay.stepForward}>
        Step forward
      </button>
      <select
        className="text-input replay-speed"
        aria-label="Replay speed"
        value={replay.speed}
        onChange={(event) => replay.setSpeed(event.target.value as ReplaySpeed)}
      >
        {REPLAY_SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {SPEED_LABELS[speed]}
          </option>
        ))}
      </select>
      <input
        className="replay-position"
        type="range"
        aria-label="Replay position"
        min={0}
        max={replay.length}
        step={1}
        value={replay.position}
        aria-valuetext={`step ${replay.step} of ${replay.steps} (event ${replay.position} of ${replay.length})`}
        onChange={(event) => replay.seekTo(Number(event.target.value))}
      />
      <span className="replay-count" aria-hidden="true" title="Agent steps shown (model turns and tool results)">
        {replay.step}/{replay.steps}
      </span>
      <button type="button" className="button" disabled={onContinue === null} onClick={onContinue ?? undefined}>
        Continue from here
      </button>
    </div>
  );
}
