import { useEffect, useRef } from 'react';
import type { ReplayControl } from '../replay/use-replay';

/** Where a key belongs to what the viewer is typing or editing, not to the presenter. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.monaco-editor')) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !['range', 'checkbox', 'button'].includes((target as HTMLInputElement).type);
}

/** The presenter's keys: Space plays or pauses, ←/→ step, Home/End jump to the ends, F goes full screen. */
export function presenterKeyAction(key: string, replay: ReplayControl): (() => void) | null {
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

export function usePresenterKeys(active: boolean, replay: ReplayControl): void {
  const current = useRef(replay);
  current.current = replay;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const action = presenterKeyAction(event.key, current.current);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
