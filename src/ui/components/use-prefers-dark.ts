import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

/** One live list, made on first use: `matchMedia` evaluates the query anew on every call, and the snapshot is read on every render. */
let list: MediaQueryList | null = null;
const media = (): MediaQueryList => (list ??= matchMedia(QUERY));

function subscribe(onChange: () => void): () => void {
  const query = media();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Follows the system theme, for widgets (Monaco, xterm) that do not read CSS. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, () => media().matches);
}
