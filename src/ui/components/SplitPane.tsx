import { type KeyboardEvent, type PointerEvent, type ReactNode, useCallback, useRef, useState } from 'react';

export interface SplitPaneProps {
  first: ReactNode;
  second: ReactNode;
  /** Accessible name of the separator. */
  label: string;
  className?: string;
  /** Remembers the split in localStorage under this key. */
  storageKey?: string;
}

const MIN = 15;
const MAX = 85;
const STEP = 5;

function clamp(value: number): number {
  return Math.min(MAX, Math.max(MIN, Math.round(value)));
}

function storedSplit(key: string | undefined): number {
  if (!key) return 55;
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) && value >= MIN && value <= MAX ? value : 55;
}

/** Two panes stacked vertically with a separator that drags and takes arrow keys. */
export function SplitPane({ first, second, label, className, storageKey }: SplitPaneProps) {
  const [percent, setPercentState] = useState(() => storedSplit(storageKey));
  const container = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const setPercent = useCallback(
    (value: number) => {
      const next = clamp(value);
      setPercentState(next);
      if (storageKey) localStorage.setItem(storageKey, String(next));
    },
    [storageKey],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowUp: percent - STEP,
      ArrowDown: percent + STEP,
      PageUp: percent - 2 * STEP,
      PageDown: percent + 2 * STEP,
      Home: MIN,
      End: MAX,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPercent(next);
  };

  const moveTo = (clientY: number) => {
    const box = container.current?.getBoundingClientRect();
    if (!box || box.height === 0) return;
    setPercent(((clientY - box.top) / box.height) * 100);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientY);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <div ref={container} className={`split ${className ?? ''}`} style={{ gridTemplateRows: `minmax(0, ${percent}fr) auto minmax(0, ${100 - percent}fr)` }}>
      <div className="split-pane">{first}</div>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label={label}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={percent}
        tabIndex={0}
        className="split-handle"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <div className="split-pane">{second}</div>
    </div>
  );
}
