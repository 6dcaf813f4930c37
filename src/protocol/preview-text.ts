import type { EventOf } from './events';

/** The one line the page's Timeline and the CLI print for a sandbox server's start or end. */
export function previewLineText(event: EventOf<'preview_ready' | 'preview_closed'>): string {
  return event.type === 'preview_ready' ? `Server ready on port ${event.port}` : `Server on port ${event.port} stopped`;
}
