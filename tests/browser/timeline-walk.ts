/**
 * Stepping a built-in scenario's run event by event in the real browser, measuring the timeline at
 * every step: shared by the timeline's label test and its marks test (issue 13).
 */
import type { Page } from 'playwright-core';
import { reactHasControls } from './chromium';

/** Opens built-in `id` (the seed at `/`) on `baseURL` and waits until its timeline is drawn. */
export async function openScenario(page: Page, baseURL: string, id: string): Promise<void> {
  await page.goto(new URL(id === 'seed-gc-pause' ? '/' : `/?scenario=${id}`, baseURL).href);
  await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
  await reactHasControls(page);
}

/**
 * Waits until the view has settled: two frames, then again while the sideways scroll or the
 * picture's size still changes from one read to the next. A scroll the browser makes itself (its
 * scroll position clamped when the page's layout changes, say as the run's ending appears below)
 * reaches the timeline with the next frame's scroll event; what a reader sees is the frame after it.
 */
export async function settled(page: Page): Promise<void> {
  const state = `(() => { const s = document.querySelector('.fl-timeline__scroll'); const svg = document.querySelector('.fl-timeline__svg');
    return [s ? s.scrollLeft : 0, s ? s.scrollWidth : 0, s ? s.clientWidth : 0, svg ? svg.getAttribute('width') : ''].join(' '); })()`;
  let before = '';
  for (let k = 0; k < 10; k++) {
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
    const now = (await page.evaluate(state)) as string;
    if (now === before) return;
    before = now;
  }
}

/**
 * Steps through the whole run with the "next event" button, evaluating `measure` (a script's
 * source, returning a report) at the start and after each step, once the view has settled (the
 * step's render and the marks' short fade-ins); returns every report, in order.
 */
export async function walk<R>(page: Page, measure: string): Promise<R[]> {
  const reports: R[] = [];
  const next = page.locator('.fl-transport button[aria-label]').nth(3);
  for (let i = 0; i < 400; i++) {
    await settled(page);
    reports.push((await page.evaluate(measure)) as R);
    if (await next.isDisabled()) break;
    await next.click();
  }
  return reports;
}
