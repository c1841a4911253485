/**
 * Opens a built-in scenario at a time in a page of a running preview, as the review tools see it
 * (`screenshots.ts`, `zoom.ts`): every mark drawn, in presenter mode if asked, and on a phone
 * scrolled to the timeline, as when playing.
 * @module
 */
import type { Page } from 'playwright-core';

/**
 * @param base the preview's address, e.g. `http://127.0.0.1:4613/`
 * @param t simulated ms; past the run's end opens it at its end
 */
export async function openRun(page: Page, base: string, scenario: string, t: number | string, opts: { presenter: boolean; mobile: boolean }): Promise<void> {
  await page.goto(`${base}?${scenario === 'seed' ? '' : `scenario=${scenario}&`}t=${t}`);
  await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
  if (opts.presenter) {
    await page.locator('.fl-timeline').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('p');
    await page.locator('.fl-app--presenter').waitFor();
  }
  if (opts.mobile) await page.evaluate("document.querySelector('.fl-stage__card').scrollIntoView({ block: 'start' })");
  await page.waitForTimeout(800);
}
