import { useEffect, useState } from 'react';
import { REPLAY_KEYS } from '../replay/replay-keys';

/** How long the key strip stays once presenter mode is on: long enough to read, then the room gets the space. */
export const KEY_LEGEND_MS = 6000;

/** What the presenter's keys do, shown for a few seconds after presenter mode is turned on ("?" lists them too). */
export function KeyboardLegend() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), KEY_LEGEND_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <aside className="key-legend" aria-label="Keyboard legend">
      {REPLAY_KEYS.map((entry) => (
        <span key={entry.short}>
          {entry.keys.map((key) => (
            <kbd key={key}>{key}</kbd>
          ))}{' '}
          {entry.short}
        </span>
      ))}
    </aside>
  );
}
