import type { PreviewSignal, PreviewSource } from './port';
import type { WebContainerLike } from './webcontainer-like';

/**
 * WebContainer's servers as a preview source: `server-ready` says a port answers (with the address
 * the page can frame), a `port` event of type "close" that it stopped. A port that opens is not a
 * server yet, so "open" is left to `server-ready`. Null for a container that has no events.
 */
export function previewsOf(container: WebContainerLike): PreviewSource | null {
  const on = container.on?.bind(container);
  if (!on) return null;
  return {
    watch(listener: (signal: PreviewSignal) => void): () => void {
      const stops = [
        on('server-ready', (port, url) => listener({ kind: 'ready', port, url })),
        on('port', (port, type) => {
          if (type === 'close') listener({ kind: 'closed', port });
        }),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}
