// Settings steps several e2e files take as a user would.
import type { Locator, Page } from 'playwright-core';

/** Opens Settings, picks the Custom provider and types its base URL; returns the open dialog. */
export async function openCustomEndpoint(page: Page, baseUrl: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom' });
  await dialog.getByRole('textbox', { name: 'Base URL', exact: true }).fill(baseUrl);
  return dialog;
}

/** Sets the page to the Custom endpoint at `baseUrl` with `model`, and saves. */
export async function useCustomEndpoint(page: Page, baseUrl: string, model: string): Promise<void> {
  const dialog = await openCustomEndpoint(page, baseUrl);
  await dialog.getByRole('textbox', { name: 'Model', exact: true }).fill(model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
