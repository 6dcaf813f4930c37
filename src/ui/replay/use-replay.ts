import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EngineEvent } from '../../protocol/events';
import { nextStop } from '../state/session-view';
import { agentStepEnds, nextStepPosition, previousStepPosition, stepsShown } from './agent-steps';

/** 'workshop': one agent step every WORKSHOP_STEP_MS, presenter mode's default; the others follow the run's own pace. */
export const REPLAY_SPEEDS = ['workshop', '0.5', '1', '2', '4', '8', 'instant'] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** A room reads a step's reply or result in about this long. */
export const WORKSHOP_STEP_MS = 3000;

/** The longest a replay waits between two steps at 1×, however long the run really paused. */
const LONGEST_WAIT_MS = 1500;
const SHORTEST_WAIT_MS = 40;

export interface ReplayControl {
  playing: boolean;
  speed: ReplaySpeed;
  /** The position shown: the end when following. */
  position: number;
  length: number;
  /** Agent steps (agent-steps.ts) shown at the position, and in the whole log. */
  step: number;
  steps: number;
  play(): void;
  pause(): void;
  toggle(): void;
  stepBack(): void;
  stepForward(): void;
  toStart(): void;
  toEnd(): void;
  seekTo(position: number): void;
  setSpeed(speed: ReplaySpeed): void;
}

/** How long the step to `next` waits: the run's own pace between those events, at the chosen speed. */
export function stepDelay(log: readonly EngineEvent[], from: number, next: number, speed: ReplaySpeed): number {
  if (speed === 'instant') return 0;
  if (speed === 'workshop') return WORKSHOP_STEP_MS;
  const before = log[from - 1]?.ts ?? log[0]?.ts ?? 0;
  const after = log[next - 1]?.ts ?? before;
  const real = Math.min(LONGEST_WAIT_MS, Math.max(SHORTEST_WAIT_MS, after - before));
  return real / Number(speed);
}

/** Where playing at `speed` goes next from `from`: the next agent step at the workshop pace, else the next event (streamed pieces skipped). */
export function nextPlayPosition(log: readonly EngineEvent[], ends: readonly number[], from: number, speed: ReplaySpeed): number {
  return speed === 'workshop' ? nextStepPosition(ends, from, log.length) : nextStop(log, from);
}

/** Play, pause, step (by agent steps) and seek through the log on the page; playing stops at the end. */
export function useReplay(
  log: readonly EngineEvent[],
  position: number | null,
  seek: (position: number | null) => void,
  initialSpeed: ReplaySpeed = '1',
): ReplayControl {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(initialSpeed);
  const shown = position ?? log.length;
  const logRef = useRef(log);
  logRef.current = log;
  const ends = useMemo(() => agentStepEnds(log), [log]);

  useEffect(() => {
    if (!playing) return;
    if (shown >= log.length) {
      setPlaying(false);
      seek(null);
      return;
    }
    if (speed === 'instant') {
      seek(null);
      setPlaying(false);
      return;
    }
    const next = nextPlayPosition(log, ends, shown, speed);
    const timer = setTimeout(() => seek(next >= logRef.current.length ? null : next), stepDelay(log, shown, next, speed));
    return () => clearTimeout(timer);
  }, [playing, shown, speed, log, ends, seek]);

  const seekTo = useCallback((to: number) => seek(to >= logRef.current.length ? null : Math.max(0, to)), [seek]);
  return {
    playing,
    speed,
    position: shown,
    length: log.length,
    step: stepsShown(ends, shown),
    steps: ends.length,
    play: () => {
      // Playing from the end starts again from the beginning.
      if (shown >= log.length) seek(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    toggle: () => {
      if (playing) return setPlaying(false);
      if (shown >= log.length) seek(0);
      setPlaying(true);
    },
    stepBack: () => {
      setPlaying(false);
      seekTo(previousStepPosition(ends, shown));
    },
    stepForward: () => {
      setPlaying(false);
      seekTo(nextStepPosition(ends, shown, log.length));
    },
    toStart: () => {
      setPlaying(false);
      seekTo(0);
    },
    toEnd: () => {
      setPlaying(false);
      seek(null);
    },
    seekTo: (to) => {
      setPlaying(false);
      seekTo(to);
    },
    setSpeed,
  };
}
