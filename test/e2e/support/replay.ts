import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The replay's slider. */
export const replayPosition = (page: Page) => page.getByRole('slider', { name: 'Replay position' });

/** Opens Sessions and presses the first session button whose name matches (Replay …, Open …). */
export async function openFromSessions(page: Page, button: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Sessions' }).click();
  await page.getByRole('dialog', { name: 'Sessions' }).getByRole('button', { name: button }).first().click();
}

/** Waits until the replay on the page holds more than `events` events (a ready-made one is recorded on first use). */
export async function waitForReplayLongerThan(page: Page, events: number): Promise<void> {
  await expect
    .poll(
      async () =>
        Number(
          (await replayPosition(page)
            .getAttribute('max')
            .catch(() => null)) ?? 0,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(events);
}

/**
 * Starts noting, once a frame, each position the replay's slider shows; `shownReplayPositions`
 * returns them in order. A position shown for a frame or two is seen by the user but easily missed by a poll.
 */
export async function watchReplayPositions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownReplayPositions: string[] }).shownReplayPositions = seen;
    const note = () => {
      const slider = document.querySelector<HTMLInputElement>('input[aria-label="Replay position"]');
      if (slider && seen.at(-1) !== slider.value) seen.push(slider.value);
      requestAnimationFrame(note);
    };
    note();
  });
}

export function shownReplayPositions(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { shownReplayPositions: string[] }).shownReplayPositions]);
}
