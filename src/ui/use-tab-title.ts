import { useEffect } from 'react';

/** The tab's title while the agent waits for the viewer's answer: "(?) Phasegate", seen from another tab. */
export function waitingTitle(title: string): string {
  return title.startsWith('(?) ') ? title : `(?) ${title}`;
}

/** Marks the tab's title while `waiting`, and puts the title back after. */
export function useWaitingTitle(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    const before = document.title;
    document.title = waitingTitle(before);
    return () => {
      document.title = before;
    };
  }, [waiting]);
}
