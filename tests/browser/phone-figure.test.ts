/**
 * The figure on phones (issue 40, item 6), in real Chromium on the production build, at 360x740 and
 * 412x915 with touch:
 * - after Play, while the page scrolls through the caption and the story, the timeline stays at the
 *   top of the screen (the figure is sticky) with Play in view, and the caption passes under it;
 * - tapping Client 1's name opens its interventions right beside (under or over) the name, on screen, with focus on
 *   the first action; "Crash Client 1" applies the crash (the lane's state and the picture change),
 *   closes the menu and gives focus back to the name; Esc closes the lease service's menu the same way;
 * - the legend's disclosure button (with its chevron) folds and opens the key.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { reactHasControls } from './chromium';
import { explainerLoaded, frames, launchForFile, patientPolls, settled } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

type Rect = { top: number; bottom: number; left: number; right: number; width: number; height: number };

function box(page: Page, selector: string): Promise<Rect> {
  return page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().toJSON() as Rect);
}

async function open(page: Page): Promise<void> {
  await page.goto(baseURL);
  await page.locator('.fl-timeline__svg .fl-messages').waitFor({ state: 'attached' });
  await page.locator('.fl-slot').first().waitFor({ state: 'detached' });
  await reactHasControls(page);
  await settled(page);
}

describe('a change on a phone', () => {
  it('at 360x740, Crash Client 1 at 5 s from its lane name: the frame it opens keeps the playhead in view', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce', locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}?t=5000`);
      await explainerLoaded(page);
      await page.locator('button.fl-lanes__name[data-lane="client-1"]').tap();
      const menu = page.getByRole('dialog', { name: 'Interventions: Client 1' });
      await menu.getByRole('button', { name: 'Crash Client 1' }).tap();
      await menu.waitFor({ state: 'detached' });
      await settled(page);
      // The change frames from the playhead (5 s) to the first decision it altered, seconds later: wider
      // than the phone's view, whose middle showed lanes not drawn yet and no playhead.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const line = document.querySelector('.fl-playhead__line')!.getBoundingClientRect();
            const names = document.querySelector('.fl-lanes')!.getBoundingClientRect();
            const view = document.querySelector('.fl-timeline__scroll')!.getBoundingClientRect();
            return line.left >= names.right && line.right <= view.right;
          }),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('the figure on phones', () => {
  for (const [w, h] of [
    [360, 740],
    [412, 915],
  ] as const) {
    it(`at ${w}x${h}: the timeline stays at the top while the story scrolls; a lane's name opens its interventions in place; the legend folds`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ viewport: { width: w, height: h }, isMobile: true, hasTouch: true, reducedMotion: 'reduce', locale: 'en-GB' });
      try {
        const page = await context.newPage();
        await open(page);
        const play = page.locator('button.fl-play');
        await play.tap();
        await expect.poll(() => play.getAttribute('aria-label')).toMatch(/pause/i);
        await play.tap();
        await expect.poll(() => play.getAttribute('aria-label')).toMatch(/^play/i);
        await frames(page);

        // Scroll through the caption and the story, a step at a time, up to where the story's end
        // reaches the figure's foot.
        const span = (await page.evaluate(`(() => {
          const figure = document.querySelector('.fl-figure');
          const last = document.querySelector('.fl-story') ?? document.querySelector('.fl-caption');
          return { from: scrollY, to: last.getBoundingClientRect().bottom + scrollY - figure.offsetHeight };
        })()`)) as { from: number; to: number };
        expect(span.to - span.from).toBeGreaterThan(100);
        let under = 0;
        let offset: number | undefined;
        for (let y = span.from; y <= span.to + 1; y += 80) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await frames(page);
          const figure = await box(page, '.fl-figure');
          const timeline = await box(page, '.fl-timeline');
          const control = await box(page, 'button.fl-play');
          const caption = await box(page, '.fl-caption');
          // The figure (the control bar over the timeline) at the top of the screen, the whole
          // timeline on screen and always at the same place.
          expect(figure.top, `at scrollY ${y}`).toBeGreaterThanOrEqual(-0.5);
          expect(figure.top, `at scrollY ${y}`).toBeLessThanOrEqual(2);
          expect(timeline.top >= 0 && timeline.bottom <= h, `timeline at scrollY ${y}: ${JSON.stringify(timeline)}`).toBe(true);
          offset ??= timeline.top;
          expect(Math.abs(timeline.top - offset), `at scrollY ${y}`).toBeLessThanOrEqual(2);
          expect(control.top >= 0 && control.bottom <= h, `Play at scrollY ${y}: ${JSON.stringify(control)}`).toBe(true);
          if (caption.top < figure.bottom) under += 1;
        }
        // The caption did pass under the figure (the page really scrolled under it).
        expect(under).toBeGreaterThan(0);

        // Client 1's interventions, in place.
        const name = page.locator('button.fl-lanes__name[data-lane="client-1"]');
        await name.tap();
        const menu = page.getByRole('dialog', { name: 'Interventions: Client 1' });
        await menu.waitFor();
        expect(await name.getAttribute('aria-expanded')).toBe('true');
        const at = await menu.evaluate((el) => el.getBoundingClientRect().toJSON() as Rect);
        const lane = await box(page, 'button.fl-lanes__name[data-lane="client-1"]');
        expect(at.top >= 0 && at.bottom <= h && at.left >= 0 && at.right <= w, `menu ${JSON.stringify(at)}`).toBe(true);
        const gap = at.top >= lane.bottom ? at.top - lane.bottom : lane.top - at.bottom;
        expect(gap, `menu ${JSON.stringify(at)} name ${JSON.stringify(lane)}`).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(16);
        await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Pause Client 1');
        const picture = await page.locator('.fl-timeline__svg').innerHTML();
        const state = page.locator('.fl-lanes__row[data-lane="client-1"] .fl-lanes__sub');
        expect(await state.textContent()).not.toMatch(/crashed/i);
        await menu.getByRole('button', { name: 'Crash Client 1' }).tap();
        await menu.waitFor({ state: 'detached' });
        await expect.poll(() => state.textContent()).toMatch(/crashed/i);
        await expect.poll(() => page.locator('.fl-timeline__svg').innerHTML()).not.toBe(picture);
        await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("data-lane")')).toBe('client-1');
        expect(await name.getAttribute('aria-expanded')).toBe('false');
        expect(await page.locator('.fl-intervene .fl-chip').allTextContents()).toEqual([expect.stringMatching(/^Crash Client 1 at /)]);

        // The lease service's menu closes on Esc, and focus returns to its name.
        const lease = page.locator('button.fl-lanes__name[data-lane="lease-service"]');
        await lease.tap();
        const leaseMenu = page.getByRole('dialog', { name: /^Interventions: Lease service/ });
        await leaseMenu.waitFor();
        await expect.poll(() => page.evaluate('document.activeElement?.closest("[role=dialog]") !== null')).toBe(true);
        await page.keyboard.press('Escape');
        await leaseMenu.waitFor({ state: 'detached' });
        await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("data-lane")')).toBe('lease-service');

        // The legend: folded on a phone, a visible chevron on its button, which opens and folds it.
        const toggle = page.locator('button.fl-legend-box__toggle');
        const legend = page.locator('ul.fl-legend');
        await toggle.scrollIntoViewIfNeeded();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await legend.isVisible()).toBe(false);
        const chevron = await toggle.evaluate((b) => {
          const s = getComputedStyle(b, '::after');
          return { content: s.content, width: parseFloat(s.width), border: s.borderRightWidth };
        });
        expect(chevron.content).not.toBe('none');
        expect(chevron.width).toBeGreaterThan(4);
        expect(chevron.border).not.toBe('0px');
        await toggle.tap();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await expect.poll(() => legend.isVisible()).toBe(true);
        expect(await legend.locator('li').count()).toBeGreaterThan(5);
        await toggle.tap();
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => legend.isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });
  }
});
