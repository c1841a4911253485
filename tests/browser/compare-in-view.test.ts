/**
 * Issue 40, item 5 (second half), in real Chromium on the production build: right after a change
 * (Crash Client 1, or a pause made shorter on the timeline), the before/after card is under the
 * picture and wholly on screen together with it, at 1280x800, 1024x768 and on two phones, and the
 * page did not scroll; opened, it shows both storage logs with the changed lines marked. The same
 * in the single file (FL_SINGLE, default `dist-single/index.html`).
 *
 * Where things are is read from the page (bounding boxes against the viewport); what changed is
 * computed by the simulator from the scenario and the change, not written here.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { explainerLoaded, launchForFile, patientPolls, settled } from './settle';
import { ALL_BUILT_IN_SCENARIOS } from '../../src/scenarios/all';
import { simulate } from '../../src/model';
import { normalizeScenario } from '../../src/model/scenario';
import { applyInterventions } from '../../src/store/interventions';
import { compareRuns } from '../../src/story/compare';

const baseURL = inject('baseURL');
const single = process.env.FL_SINGLE ?? join(import.meta.dirname, '..', '..', 'dist-single', 'index.html');
patientPolls();
let browser: Browser;
launchForFile((b) => (browser = b));

const seed = normalizeScenario(ALL_BUILT_IN_SCENARIOS.find((x) => x.id === 'seed-gc-pause')!.scenario);
const before = simulate(seed);
/** The changed lines of the storage log after crashing client 1 at `atMs`, as the Crash button does (the simulator's, not the page's). */
const changedAfterCrash = (atMs: number) =>
  compareRuns(before, simulate(applyInterventions(seed, [{ kind: 'crash', client: 'client-1', atMs }]))).rows.filter((r) => r.changed);

/** The boxes of the picture and the card, the viewport's height and the page's scroll. */
async function where(page: Page) {
  return page.evaluate(() => {
    const box = (s: string) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
    };
    return { figure: box('.fl-timeline__scroll'), card: box('.fl-compare'), transport: box('.fl-transport'), height: innerHeight, width: innerWidth, scrollY };
  });
}

/** The card lies wholly in the viewport, under the picture and not covered by the control bar (sticky on phones). */
function expectInView(w: Awaited<ReturnType<typeof where>>): void {
  expect(w.card).not.toBeNull();
  expect(w.figure).not.toBeNull();
  const { card, figure } = { card: w.card!, figure: w.figure! };
  expect(card.top).toBeGreaterThanOrEqual(0);
  expect(card.bottom).toBeLessThanOrEqual(w.height);
  expect(card.left).toBeGreaterThanOrEqual(0);
  expect(card.right).toBeLessThanOrEqual(w.width);
  // Directly under the picture (the picture's own box ends where the card begins, give or take its border).
  expect(Math.abs(card.top - figure.bottom)).toBeLessThanOrEqual(2);
  // The picture is on screen with it (its lanes at least half in view).
  expect(figure.bottom - Math.max(0, figure.top)).toBeGreaterThan((figure.bottom - figure.top) / 2);
  // Not under a control bar that sticks over the page (phones).
  if (w.transport && w.transport.top > card.top) expect(w.transport.top).toBeGreaterThanOrEqual(card.bottom - 0.5);
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 360, height: 740 },
  { width: 412, height: 915 },
];

describe('the before/after card, in view right after a change', () => {
  it('Crash Client 1 at 1280x800: the card under the picture, on screen, the page not scrolled; it opens to both logs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?t=9000`);
    await explainerLoaded(page);
    expect(await page.locator('.fl-compare').count()).toBe(0);
    const crash = page.getByRole('button', { name: 'Crash Client 1' });
    // The button is on the first screen at this size: the click needs no scroll.
    const y0 = await page.evaluate(() => scrollY);
    await crash.click();
    const card = page.getByRole('region', { name: 'Before and after your last change' });
    await card.waitFor();
    await settled(page);
    const w = await where(page);
    expect(w.scrollY).toBe(y0);
    expectInView(w);
    // Folded: one line that says how many lines of the storage log changed (the simulator's count).
    const changed = changedAfterCrash(9000);
    expect(changed.length).toBeGreaterThan(0);
    await expect.poll(() => card.locator('summary').textContent()).toContain(`${changed.length} line`);
    expect(await card.locator('table').isVisible()).toBe(false);
    // Opened: both logs, the changed lines marked, each line as the simulator has it.
    await card.locator('summary').click();
    await expect.poll(() => card.locator('table').isVisible()).toBe(true);
    expect(await card.locator('summary').textContent()).toContain('Hide');
    const marked = await card.locator('tr.is-changed').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(marked).toHaveLength(changed.length);
    changed.forEach((r, i) => {
      expect(marked[i]![0]).toBe(r.before ?? 'no write');
      expect(marked[i]![1]).toContain(r.now ?? 'no write');
    });
    await context.close();
  });

  for (const size of SIZES) {
    it(`a pause made shorter on the timeline at ${size.width}x${size.height}: the card under the picture, on screen, the page not scrolled`, async () => {
      const mobile = size.width < 600;
      const context = await browser.newContext({ viewport: size, ...(mobile ? { isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      // At the run's end, where the pause's end has its handle.
      await page.goto(`${baseURL}?t=600000`);
      await explainerLoaded(page);
      const handle = page.getByRole('slider', { name: "Length of Client 1's pause" });
      await handle.waitFor();
      // The picture at the top of the screen, as a learner looking at it has it.
      await page.locator('.fl-timeline').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - (innerWidth < 600 ? 8 : 16)));
      await settled(page);
      await handle.evaluate((el) => (el as SVGElement).focus({ preventScroll: true }));
      const y0 = await page.evaluate(() => scrollY);
      const top0 = (await where(page)).figure!.top;
      await page.keyboard.press('Shift+ArrowLeft');
      await page.getByRole('region', { name: 'Before and after your last change' }).waitFor();
      await settled(page);
      const w = await where(page);
      // The picture did not move on screen. Below the two-column layout the figure sticks to the top
      // and the card grows it: the browser's scroll anchoring then keeps the text under it in place
      // by moving the page's scroll by the card's height, which the reader does not see as a jump.
      expect(Math.abs(w.figure!.top - top0)).toBeLessThanOrEqual(1);
      if (size.width > 1080) expect(w.scrollY).toBe(y0);
      expectInView(w);
      await context.close();
    });
  }

  it('in presenter mode the card gives the picture the screen (hidden), and is back after', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}?t=9000`);
    await explainerLoaded(page);
    await page.getByRole('button', { name: 'Crash Client 1' }).click();
    const card = page.getByRole('region', { name: 'Before and after your last change' });
    await card.waitFor();
    await page.keyboard.press('p');
    await page.locator('.fl-app--presenter').waitFor();
    await expect.poll(() => card.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => card.isVisible()).toBe(true);
    await context.close();
  });
});

describe('the before/after card in the single file', () => {
  it('Crash Client 1 at 1280x800: the card under the picture, on screen; it opens to both logs', async () => {
    if (!existsSync(single)) throw new Error(`${single} is missing: run \`npx vite build --mode single\` first, or set FL_SINGLE.`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${pathToFileURL(single).href}?t=9000`);
    await explainerLoaded(page);
    await page.getByRole('button', { name: 'Crash Client 1' }).click();
    const card = page.getByRole('region', { name: 'Before and after your last change' });
    await card.waitFor();
    await settled(page);
    expectInView(await where(page));
    await card.locator('summary').click();
    await expect.poll(() => card.locator('tr.is-changed').count()).toBe(changedAfterCrash(9000).length);
    expect(await card.locator('table').isVisible()).toBe(true);
    await context.close();
  });
});
