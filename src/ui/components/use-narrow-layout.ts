import { useSyncExternalStore } from 'react';

/**
 * Up to this width the workspace is one column of tabbed panes. It is where the two columns stop
 * fitting (the left one needs 320 px, the editor and terminal the rest).
 */
export const NARROW_QUERY = '(max-width: 860px)';

// One live list, made on first use (`matchMedia` evaluates the query anew on every call, and the
// snapshot is read on every render). No matchMedia (a test DOM): the wide layout.
let list: MediaQueryList | null | undefined;
const media = (): MediaQueryList | null => (list ??= typeof matchMedia === 'function' ? matchMedia(NARROW_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on a phone or a narrow window, following the window as it is resized. */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false);
}
