import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const media = matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Follows the system theme, for widgets (Monaco, xterm) that do not read CSS. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(QUERY).matches);
}
