import { describe, expect, it } from 'vitest';
import { keyTargetOf, REPLAY_KEYS, replayKeyApplies } from '../../../src/ui/replay/replay-keys';
import { liveRunStatus, replayShown, replayStatusText } from '../../../src/ui/replay/replay-state';

const base = { length: 200, position: null, playing: false, busy: false, replayOnly: false, step: 38, steps: 38 };

describe('the replay state', () => {
  it('shows a replay while it plays, at a point before the end, and always for a shared session', () => {
    expect(replayShown(base)).toBeNull();
    expect(replayShown({ ...base, position: 90, step: 20 })).toEqual({ step: 20, steps: 38 });
    expect(replayShown({ ...base, playing: true })).toEqual({ step: 38, steps: 38 });
    expect(replayShown({ ...base, replayOnly: true })).toEqual({ step: 38, steps: 38 });
    expect(replayStatusText({ step: 20, steps: 38 })).toBe('Replay 20/38');
  });

  it('never during a live run, nor with nothing to replay', () => {
    expect(replayShown({ ...base, busy: true, position: 90, playing: true, replayOnly: true })).toBeNull();
    expect(replayShown({ ...base, length: 0, replayOnly: true })).toBeNull();
  });

  it('Run status names the live engine: the session’s last outcome, never a replayed point', () => {
    const idle = { pending: false, interrupted: false, replayOnly: false };
    expect(liveRunStatus({ ...idle, liveStatus: 'completed' })).toBe('completed');
    expect(liveRunStatus({ ...idle, liveStatus: 'idle' })).toBe('idle');
    expect(liveRunStatus({ ...idle, liveStatus: 'running' })).toBe('running');
    expect(liveRunStatus({ ...idle, liveStatus: 'completed', pending: true })).toBe('running');
    // A log that ends mid-run with nothing running it reads interrupted, not running.
    expect(liveRunStatus({ ...idle, liveStatus: 'running', replayOnly: true })).toBe('interrupted');
    expect(liveRunStatus({ ...idle, liveStatus: 'waiting', replayOnly: true })).toBe('interrupted');
    expect(liveRunStatus({ ...idle, liveStatus: 'running', interrupted: true })).toBe('interrupted');
    // A cut-off run waiting on a question can be answered (the answer resumes it).
    expect(liveRunStatus({ ...idle, liveStatus: 'waiting', interrupted: true })).toBe('waiting');
  });
});

describe('the replay keys', () => {
  it('never act in a text field; the arrows never in a widget with arrow keys of its own', () => {
    for (const key of [' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'f']) {
      expect(replayKeyApplies(key, 'text', true)).toBe(false);
      expect(replayKeyApplies(key, 'text', false)).toBe(false);
    }
    for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End']) {
      expect(replayKeyApplies(key, 'page', false)).toBe(true);
      expect(replayKeyApplies(key, 'control', false)).toBe(true);
      expect(replayKeyApplies(key, 'own-keys', true)).toBe(false);
    }
  });

  it('Space presses a focused button outside presenter mode, plays or pauses in it; F only in it', () => {
    expect(replayKeyApplies(' ', 'page', false)).toBe(true);
    expect(replayKeyApplies(' ', 'control', false)).toBe(false);
    expect(replayKeyApplies(' ', 'control', true)).toBe(true);
    expect(replayKeyApplies('F', 'page', false)).toBe(false);
    expect(replayKeyApplies('F', 'page', true)).toBe(true);
    expect(replayKeyApplies('x', 'page', true)).toBe(false);
  });

  it('treats a target outside the DOM as the page, and lists each key the dialog shows', () => {
    expect(keyTargetOf(null)).toBe('page');
    expect(REPLAY_KEYS.flatMap((entry) => entry.keys)).toEqual(['Space', '←', '→', 'Home', 'End', 'F']);
  });
});
