import { useEffect, useRef } from 'react';
import { isTextField } from '../use-shortcuts';
import type { ReplayControl } from './use-replay';

/** The replay's keys, as the "Keyboard shortcuts" dialog and the presenter's key strip show them. */
export const REPLAY_KEYS: readonly { keys: readonly string[]; short: string; description: string }[] = [
  { keys: ['Space'], short: 'play / pause', description: 'Play or pause the replay' },
  { keys: ['←', '→'], short: 'step', description: 'One agent step back or forward (a model turn or a tool result)' },
  { keys: ['Home', 'End'], short: 'start / end', description: 'Go to the replay’s start or end' },
  { keys: ['F'], short: 'full screen', description: 'Full screen (in presenter mode)' },
];

/**
 * Where a key press lands: a text field (its keys are the typist's), a widget that moves with the
 * arrows itself (a tree, tab list, slider, splitter, the terminal), another control (a button, a
 * link: Space presses it), or the page.
 */
export type KeyTarget = 'text' | 'own-keys' | 'control' | 'page';

const OWN_KEYS = '[role="tree"], [role="tablist"], [role="slider"], input[type="range"], [role="separator"], [role="listbox"], [role="menu"], .xterm';
const CONTROLS = 'button, a[href], summary, input, select, [role="button"], [tabindex]:not([tabindex="-1"])';

export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (isTextField(target)) return 'text';
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return 'page';
  if (target.closest(OWN_KEYS)) return 'own-keys';
  if (target.closest(CONTROLS)) return 'control';
  return 'page';
}

/**
 * Whether a replay key acts where it was pressed. Presenter mode takes Space from any control (the
 * presenter's clicker and keyboard drive the replay) and adds F; otherwise Space acts only on the
 * page itself, so a focused button still presses. Arrows, Home and End never act in a text field or
 * a widget that moves with them.
 */
export function replayKeyApplies(key: string, target: KeyTarget, presenter: boolean): boolean {
  if (target === 'text') return false;
  switch (key) {
    case ' ':
      return presenter || target === 'page';
    case 'ArrowLeft':
    case 'ArrowRight':
    case 'Home':
    case 'End':
      return target !== 'own-keys';
    case 'f':
    case 'F':
      return presenter;
    default:
      return false;
  }
}

/** What a replay key does: Space plays or pauses, ←/→ step, Home/End jump to the ends, F goes full screen. */
export function replayKeyAction(key: string, replay: ReplayControl): (() => void) | null {
  switch (key) {
    case ' ':
      return replay.toggle;
    case 'ArrowLeft':
      return replay.stepBack;
    case 'ArrowRight':
      return replay.stepForward;
    case 'Home':
      return replay.toStart;
    case 'End':
      return replay.toEnd;
    case 'f':
    case 'F':
      return toggleFullScreen;
    default:
      return null;
  }
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen().catch(() => undefined);
}

function modalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/** The replay's keys, page-wide while a replay bar shows (`active`); none while a dialog is open. */
export function useReplayKeys(active: boolean, presenter: boolean, replay: ReplayControl): void {
  const current = useRef({ replay, presenter });
  current.current = { replay, presenter };
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || modalOpen()) return;
      if (!replayKeyApplies(event.key, keyTargetOf(event.target), current.current.presenter)) return;
      const action = replayKeyAction(event.key, current.current.replay);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
