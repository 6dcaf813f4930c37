/** What the presenter's keys do, shown while presenter mode is on. */
export function KeyboardLegend() {
  return (
    <aside className="key-legend" aria-label="Keyboard legend">
      <span>
        <kbd>Space</kbd> play / pause
      </span>
      <span>
        <kbd>←</kbd> <kbd>→</kbd> step
      </span>
      <span>
        <kbd>Home</kbd> <kbd>End</kbd> start / end
      </span>
      <span>
        <kbd>F</kbd> full screen
      </span>
    </aside>
  );
}
