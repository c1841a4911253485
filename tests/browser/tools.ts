/**
 * The header's Tools button (issue 40): Library, Share, Embed, the theme, export, presenter mode and
 * the keyboard shortcuts sit in its panel, which the browser tests open before they use a tool.
 * @module
 */
import type { Frame, Page } from 'playwright-core';

/** Opens the Tools panel of the (first) explainer on `target`, unless it is open already. */
export async function openTools(target: Page | Frame): Promise<void> {
  const button = target.getByRole('button', { name: 'Tools' }).first();
  await button.waitFor({ timeout: 20_000 });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await target.locator('.fl-tools__panel:not(.is-closed)').first().waitFor({ timeout: 20_000 });
}
