/**
 * One way forward and a quiet header (issue 40, items 3 and 4), on the production build:
 * 1. at 1280x800 the landing page has exactly one filled (primary) button, Play: filled is a
 *    background of the primary colour (`--fl-accent`, the fill of `.fl-play`), checked on every
 *    visible button;
 * 2. stepping through the whole seed story at 1280x800 with the forward control (and a question's
 *    answers) never changes `window.scrollY`, and focus stays on the forward control or the answers;
 * 3. at 1280x800, 1024x768, 412x915 and 360x740 the caption's words and the forward control are on
 *    screen together with the timeline's picture at the first key moment;
 * 4. the header holds one Tools button; its panel opens with Enter, ArrowDown moves through its
 *    tools, Esc closes it and focus returns to the button, and every tool is in it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { explainerLoaded, patientPolls, settled } from './settle';

const baseURL = inject('baseURL');
patientPolls();
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchChromium(inject('chromiumPath'), { storyStops: true });
});

afterAll(async () => {
  await browser?.close();
  expect(problems).toEqual([]);
});

async function open(width: number, height: number): Promise<Page> {
  const phone = width < 641;
  const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone, locale: 'en-GB' });
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`${width}x${height}: page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${width}x${height}: console error: ${m.text()}`);
  });
  await page.goto(baseURL);
  await explainerLoaded(page);
  return page;
}

/** The forward control: Play, which is the story's Continue at its stops. */
const forward = (page: Page) => page.locator('.fl-play');

/** Waits until the run is paused again (at the story's next stop, or the end). */
async function paused(page: Page): Promise<void> {
  await page.waitForFunction(`document.querySelector('.fl-play')?.getAttribute('aria-label') !== 'Pause'`, undefined, { timeout: 30_000 });
  await settled(page);
}

/** Every visible button-like control whose background is the primary colour. */
const FILLED = `(() => {
  const probe = document.createElement('span');
  probe.style.background = 'var(--fl-accent)';
  document.querySelector('.fl-app').append(probe);
  const accent = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const controls = [...document.querySelectorAll('button, a.fl-btn, [role="button"], input[type="button"], input[type="submit"]')];
  const visible = controls.filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && el.getBoundingClientRect().width > 0);
  const filled = visible.filter((el) => getComputedStyle(el).backgroundColor === accent);
  return { accent, visible: visible.length, filled: filled.map((el) => el.className) };
})()`;

/** The box of `selector` against the screen: [top, bottom, screen height]. */
const box = (page: Page, selector: string) =>
  page.evaluate(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`) as Promise<[number, number, number]>;

describe('one way forward', () => {
  it('has exactly one filled button on the landing page at 1280x800: Play', async () => {
    const page = await open(1280, 800);
    const found = (await page.evaluate(FILLED)) as { accent: string; visible: number; filled: string[] };
    expect(found.accent).not.toBe('rgba(0, 0, 0, 0)');
    expect(found.visible).toBeGreaterThan(10);
    expect(found.filled).toEqual(['fl-play']);
    expect(await forward(page).getAttribute('aria-label')).toBe('Play');
    await page.context().close();
  });

  it('steps through the whole seed story at 1280x800 without scrolling the page', async () => {
    const page = await open(1280, 800);
    const start = await page.evaluate('scrollY');
    const titles: string[] = [];
    for (let step = 0; step < 40; step++) {
      if ((await forward(page).getAttribute('aria-label')) === 'Play again') break;
      const answer = page.locator('.fl-story__answer').first();
      if (await answer.isVisible()) {
        // A question: the forward control waits for its answer.
        expect(await forward(page).isDisabled()).toBe(true);
        await answer.click();
      } else {
        await forward(page).click();
      }
      await paused(page);
      titles.push(await page.locator('.fl-caption__title').first().innerText());
      expect(await page.evaluate('scrollY'), `after step ${step + 1}: ${titles.at(-1)}`).toBe(start);
      // Focus is on the forward control or a question's answers, never lost to the page.
      expect(await page.evaluate(`document.activeElement?.matches('.fl-play:not(:disabled), .fl-story__answer') ?? false`), `focus after step ${step + 1}`).toBe(true);
    }
    expect(await forward(page).getAttribute('aria-label')).toBe('Play again');
    expect(titles.length).toBeGreaterThan(8);
    expect(await page.locator('.fl-story__outcome').count()).toBe(1);
    await page.context().close();
  });

  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
    [412, 915],
    [360, 740],
  ] as const) {
    it(`shows the caption, the forward control and the timeline together at the first key moment at ${width}x${height}`, async () => {
      const page = await open(width, height);
      await forward(page).click();
      await paused(page);
      expect(await forward(page).getAttribute('aria-label')).toBe('Continue');
      const [svgTop, svgBottom, screen] = await box(page, '.fl-timeline__svg');
      // The picture: at least half of it on screen.
      expect(Math.min(svgBottom, screen) - Math.max(svgTop, 0)).toBeGreaterThan((svgBottom - svgTop) / 2);
      for (const part of ['.fl-play', '.fl-caption__title', '.fl-caption__text']) {
        const [top, bottom] = await box(page, part);
        expect(top, `${part} at ${width}x${height}`).toBeGreaterThanOrEqual(0);
        expect(bottom, `${part} at ${width}x${height}`).toBeLessThanOrEqual(screen);
      }
      await page.context().close();
    });
  }
});

describe('a quiet header', () => {
  it('holds every tool behind one Tools button, by keyboard', async () => {
    const page = await open(1280, 800);
    const header = page.locator('header.fl-header');
    // The header's only buttons: the token check and Tools.
    expect(await header.locator('button:visible').evaluateAll((els) => els.map((el) => el.getAttribute('role') ?? el.textContent?.trim()))).toEqual(['switch', 'Tools']);
    const tools = header.getByRole('button', { name: 'Tools' });
    expect(await tools.getAttribute('aria-expanded')).toBe('false');
    await tools.focus();
    await page.keyboard.press('Enter');
    // Each key's effect is awaited, not read at once: focus moves in an effect, after the render.
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator('.fl-tools__panel');
    for (const name of ['Library', 'Share', 'Embed', 'Download the timeline as SVG', 'Download the timeline as PNG', 'Present', 'Keyboard shortcuts (?)']) {
      expect(await panel.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }
    for (const name of ['Light', 'Dark', 'Auto']) expect(await panel.getByRole('radio', { name }).count(), name).toBe(1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(`document.activeElement?.textContent?.trim()`)).toBe('Library');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(`document.activeElement?.textContent?.trim()`)).toBe('Share');
    await page.keyboard.press('Escape');
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => panel.isHidden()).toBe(true);
    await expect.poll(() => page.evaluate(`document.activeElement?.classList.contains('fl-tools__btn')`)).toBe(true);
    // ArrowDown on the button opens the panel at its first tool; a click outside closes it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(`document.activeElement?.textContent?.trim()`)).toBe('Library');
    await page.mouse.click(640, 700);
    await expect.poll(() => tools.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });
});
