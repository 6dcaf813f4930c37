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
